// The video settings: the values each setting takes (the same Schema checks the page's choices and
// the request), their defaults among the user settings, and what "interface" and "system" mean.
import { describe, expect, it } from "vitest"
import { DEFAULT_USER_SETTINGS, UserSettingsPatch } from "../../../src/domain/account/user-settings.ts"
import { validate } from "../../../src/domain/shared/validation.ts"
import {
  captionLanguageOf,
  DEFAULT_VIDEO_SETTINGS,
  isVideoSettingValue,
  reducesMotion,
  VIDEO_CAPTION_LANGUAGES,
  VIDEO_REDUCED_MOTION,
  VIDEO_SPEEDS,
  videoSettingsOf,
} from "../../../src/domain/videos/video-settings.ts"

describe("video settings", () => {
  it("start off, in the app's language, at normal speed, with motion as the device asks", () => {
    expect(DEFAULT_VIDEO_SETTINGS).toEqual({
      continousPlay: false,
      videoCaptions: false,
      videoCaptionLanguage: "interface",
      videoSpeed: 1,
      videoReducedMotion: "system",
    })
    expect(videoSettingsOf(DEFAULT_USER_SETTINGS)).toEqual(DEFAULT_VIDEO_SETTINGS)
  })

  it("take the offered choices and nothing else", () => {
    for (const speed of VIDEO_SPEEDS) expect(isVideoSettingValue("videoSpeed", speed)).toBe(true)
    for (const speed of [0, 0.25, 1.1, 3, "1", Number.NaN, Number.POSITIVE_INFINITY, null])
      expect(isVideoSettingValue("videoSpeed", speed)).toBe(false)
    for (const code of VIDEO_CAPTION_LANGUAGES) expect(isVideoSettingValue("videoCaptionLanguage", code)).toBe(true)
    for (const code of ["ru", "EN", "", "interface "])
      expect(isVideoSettingValue("videoCaptionLanguage", code)).toBe(false)
    for (const motion of VIDEO_REDUCED_MOTION) expect(isVideoSettingValue("videoReducedMotion", motion)).toBe(true)
    expect(isVideoSettingValue("videoReducedMotion", true)).toBe(false)
    expect(isVideoSettingValue("videoCaptions", false)).toBe(true)
    expect(isVideoSettingValue("continousPlay", "on")).toBe(false)
  })

  it("refuse a wrong value in a request with a message at its field", () => {
    expect(validate(UserSettingsPatch)({ videoSpeed: 0.8, videoCaptionLanguage: "it", videoCaptions: true })).toEqual({
      _tag: "Invalid",
      errors: { videoSpeed: "validation.invalid", videoCaptionLanguage: "validation.invalid" },
    })
    expect(validate(UserSettingsPatch)({ videoSpeed: 1.25, videoReducedMotion: "off" })).toEqual({
      _tag: "Valid",
      value: { videoSpeed: 1.25, videoReducedMotion: "off" },
    })
  })

  it("put captions in the app's language for 'interface', else in the one chosen", () => {
    expect(captionLanguageOf("interface", "de")).toBe("de")
    expect(captionLanguageOf("es", "de")).toBe("es")
  })

  it("reduce motion as the device asks for 'system', always for 'on', never for 'off'", () => {
    expect([reducesMotion("system", true), reducesMotion("system", false)]).toEqual([true, false])
    expect([reducesMotion("on", false), reducesMotion("off", true)]).toEqual([true, false])
  })
})

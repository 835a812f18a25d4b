// Every transition of the video-settings machine: loading (a failure inline, retry), choosing (a
// value no setting takes is ignored), saving only on the button with every video setting and
// nothing else, and a failed save keeping every choice — with the server's field message at a 422.
import { describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { DEFAULT_USER_SETTINGS, type UserSettings } from "../../../src/domain/account/user-settings.ts"
import { Offline, ServerError, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { DEFAULT_VIDEO_SETTINGS, type VideoSettings } from "../../../src/domain/videos/video-settings.ts"
import { videoSettingsMachine } from "../../../src/machines/account/video-settings-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const CHOSEN: VideoSettings = {
  continousPlay: true,
  videoCaptions: true,
  videoCaptionLanguage: "de",
  videoSpeed: 1.5,
  videoReducedMotion: "on",
}

const start = () => {
  const loadSettings = pendingActor<UserSettings, void>()
  const saveSettings = pendingActor<UserSettings, VideoSettings>()
  const actor = createActor(
    videoSettingsMachine.provide({ actors: { loadSettings: loadSettings.logic, saveSettings: saveSettings.logic } }),
  )
  actor.start()
  return { actor, loadSettings, saveSettings }
}

const startEditing = async (settings: UserSettings = DEFAULT_USER_SETTINGS) => {
  const started = start()
  started.loadSettings.resolve(settings)
  await waitFor(started.actor, (s) => s.hasTag("editable"))
  return started
}

type Actor = ReturnType<typeof start>["actor"]
const choose = (actor: Actor, choices: Partial<Record<keyof VideoSettings, unknown>>) => {
  for (const [field, value] of Object.entries(choices))
    actor.send({ type: "field.change", field: field as keyof VideoSettings, value })
}

describe("video-settings machine", () => {
  it("loads the video settings, and only those, into the form", async () => {
    const { actor } = start()
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    expect(actor.getSnapshot().can({ type: "settings.save" })).toBe(false)
    actor.send({ type: "field.change", field: "videoSpeed", value: 2 })
    const { actor: editing } = await startEditing({ ...DEFAULT_USER_SETTINGS, ...CHOSEN, testDuration: 30 })
    expect(editing.getSnapshot().context.form).toEqual(CHOSEN)
    expect(editing.getSnapshot().can({ type: "settings.save" })).toBe(true)
  })

  it("says inline that the settings could not be loaded, and retries", async () => {
    const { actor, loadSettings } = start()
    loadSettings.reject(new Offline())
    await waitFor(actor, (s) => s.hasTag("loadFailed"))
    expect(actor.getSnapshot().context).toMatchObject({ loadError: "errors.offline", form: null })
    actor.send({ type: "settings.retry" })
    expect(actor.getSnapshot().hasTag("loading")).toBe(true)
    expect(loadSettings.inputs).toHaveLength(2)
    loadSettings.resolve(DEFAULT_USER_SETTINGS)
    await waitFor(actor, (s) => s.hasTag("editable"))
    expect(actor.getSnapshot().context).toMatchObject({ loadError: null, form: DEFAULT_VIDEO_SETTINGS })
  })

  it("takes a choice the setting's Schema takes, and ignores any other", async () => {
    const { actor, saveSettings } = await startEditing()
    choose(actor, { videoSpeed: 3, videoCaptionLanguage: "fr", videoReducedMotion: "yes", videoCaptions: "true" })
    choose(actor, { videoSpeed: Number("0.75"), continousPlay: true })
    expect(actor.getSnapshot().context.form).toEqual({
      ...DEFAULT_VIDEO_SETTINGS,
      videoSpeed: 0.75,
      continousPlay: true,
    })
    expect(saveSettings.inputs).toHaveLength(0)
  })

  it("saves every video setting on the button, says it saved, and a new choice takes that back", async () => {
    const { actor, saveSettings } = await startEditing()
    choose(actor, CHOSEN)
    actor.send({ type: "settings.save" })
    expect(actor.getSnapshot().hasTag("saving")).toBe(true)
    expect(saveSettings.inputs).toEqual([CHOSEN])
    saveSettings.resolve({ ...DEFAULT_USER_SETTINGS, ...CHOSEN })
    await waitFor(actor, (s) => s.hasTag("editable"))
    expect(actor.getSnapshot().context).toMatchObject({ form: CHOSEN, saved: true, saveError: null, errors: {} })
    choose(actor, { videoSpeed: 1 })
    expect(actor.getSnapshot().context.saved).toBe(false)
  })

  it("keeps every choice when saving fails, with the server's message at a refused field", async () => {
    const { actor, saveSettings } = await startEditing()
    choose(actor, CHOSEN)
    actor.send({ type: "settings.save" })
    saveSettings.reject(
      new ValidationFailed({ message: "Check", errors: { videoCaptionLanguage: "validation.invalid" } }),
    )
    await waitFor(actor, (s) => s.hasTag("editable"))
    expect(actor.getSnapshot().context).toMatchObject({
      form: CHOSEN,
      errors: { videoCaptionLanguage: "validation.invalid" },
      saveError: "errors.checkFields",
      rejectedSubmits: 1,
      saved: false,
    })
    // Choosing again answers the field's message and the form's.
    choose(actor, { videoCaptionLanguage: "es" })
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, saveError: null })
    actor.send({ type: "settings.save" })
    saveSettings.reject(new Offline())
    await waitFor(actor, (s) => s.hasTag("editable"))
    expect(actor.getSnapshot().context).toMatchObject({
      form: { ...CHOSEN, videoCaptionLanguage: "es" },
      saveError: "errors.offline",
      rejectedSubmits: 1,
    })
    actor.send({ type: "settings.save" })
    saveSettings.reject(new ServerError({ message: "boom", correlationId: "c" }))
    await waitFor(actor, (s) => s.hasTag("editable"))
    expect(actor.getSnapshot().context.saveError).toBe("errors.generic")
  })

  it("ignores choices and saves while saving", async () => {
    const { actor, saveSettings } = await startEditing()
    actor.send({ type: "settings.save" })
    expect(actor.getSnapshot().can({ type: "settings.save" })).toBe(false)
    choose(actor, { videoSpeed: 2 })
    actor.send({ type: "settings.save" })
    expect(saveSettings.inputs).toEqual([DEFAULT_VIDEO_SETTINGS])
    expect(actor.getSnapshot().context.form?.videoSpeed).toBe(1)
  })
})

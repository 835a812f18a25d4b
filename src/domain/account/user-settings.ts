// The learner's settings (§3, §7 `api/user-settings`): show notes, the test settings of
// `tests/test-settings.ts`, the video settings of `videos/video-settings.ts` (continuous play among
// them) and promotional e-mails. Toggles save one field at a time (§4), the tests-settings and
// video-settings pages save their fields together on their button: a request carries any subset of
// the fields, each checked by the same Schema on the page and on the server.
import { Schema, Struct } from "effect"
import { DEFAULT_TEST_SETTINGS, TestSettings } from "../self-tests/test-settings.ts"
import { DEFAULT_VIDEO_SETTINGS, VideoSettings } from "../videos/video-settings.ts"

export const UserSettings = Schema.Struct({
  showNotes: Schema.Boolean,
  ...TestSettings.fields,
  ...VideoSettings.fields,
  promotionalEmails: Schema.Boolean,
})
export type UserSettings = typeof UserSettings.Type

/** Any subset of the settings; absent fields keep their stored value. */
export const UserSettingsPatch = UserSettings.mapFields(Struct.map(Schema.optionalKey))
export type UserSettingsPatch = typeof UserSettingsPatch.Type

export const DEFAULT_USER_SETTINGS: UserSettings = {
  showNotes: false,
  ...DEFAULT_TEST_SETTINGS,
  ...DEFAULT_VIDEO_SETTINGS,
  promotionalEmails: false,
}

/** The stored settings with a patch applied. */
export const applySettingsPatch = (settings: UserSettings, patch: UserSettingsPatch): UserSettings => ({
  ...settings,
  ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
})

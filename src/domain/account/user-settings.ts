// The learner's settings (§3, §7 `api/user-settings`): show notes, the test settings of
// `tests/test-settings.ts`, continuous play and promotional e-mails. Toggles save one field at a
// time (§4), the tests-settings page saves its fields together on its button: a request carries
// any subset of the fields, each checked by the same Schema on the page and on the server.
import { Schema, Struct } from "effect"
import { DEFAULT_TEST_SETTINGS, TestSettings } from "../tests/test-settings.ts"

export const UserSettings = Schema.Struct({
  showNotes: Schema.Boolean,
  ...TestSettings.fields,
  /** §3 spells the setting `countinous_play` and §7 `continousPlay`; the API keeps §7's spelling. */
  continousPlay: Schema.Boolean,
  promotionalEmails: Schema.Boolean,
})
export type UserSettings = typeof UserSettings.Type

/** Any subset of the settings; absent fields keep their stored value. */
export const UserSettingsPatch = UserSettings.mapFields(Struct.map(Schema.optionalKey))
export type UserSettingsPatch = typeof UserSettingsPatch.Type

export const DEFAULT_USER_SETTINGS: UserSettings = {
  showNotes: false,
  ...DEFAULT_TEST_SETTINGS,
  continousPlay: false,
  promotionalEmails: false,
}

/** The stored settings with a patch applied. */
export const applySettingsPatch = (settings: UserSettings, patch: UserSettingsPatch): UserSettings => ({
  ...settings,
  ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
})

// The tests-settings page's form (§3, §4): numbers typed as text, checked with the TestSettings
// Schema the server uses. "Include all points" hides the max-points input and keeps the stored
// limit: while it is checked, the limit is neither checked nor sent.
import { Schema } from "effect"
import { type FieldErrors, MessageKey, type Validated, validate } from "../shared/validation.ts"
import { TEST_SETTING_MESSAGES, type TestDifficulty, TestSettings } from "./test-settings.ts"

export interface TestSettingsForm {
  readonly testDuration: string
  readonly testLimit: string
  readonly testDifficulty: TestDifficulty
  readonly testAllPoints: boolean
  readonly testTimed: boolean
  readonly testExtraTime: string
  readonly testLeaveOutPregnancy: boolean
}

export const NUMBER_FIELDS = ["testDuration", "testLimit", "testExtraTime"] as const
export type NumberField = (typeof NUMBER_FIELDS)[number]

export const toTestSettingsForm = (settings: TestSettings): TestSettingsForm => ({
  testDuration: String(settings.testDuration),
  testLimit: String(settings.testLimit),
  testDifficulty: settings.testDifficulty,
  testAllPoints: settings.testAllPoints,
  testTimed: settings.testTimed,
  testExtraTime: String(settings.testExtraTime),
  testLeaveOutPregnancy: settings.testLeaveOutPregnancy,
})

/** What the page sends: every shown field; the limit only while it is shown. */
export type TestSettingsPatch = Omit<TestSettings, "testLimit"> & { readonly testLimit?: number }

const TestSettingsWithoutLimit = TestSettings.mapFields(({ testLimit: _limit, ...rest }) => rest)

/** A typed number: digits (a decimal part is read, then refused as not whole); anything else is NaN. */
const readNumber = (text: string): number => {
  const trimmed = text.trim().replace(",", ".")
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/** The field's own message for text that is not a number, so every wrong entry reads the same. */
const numberErrors = (form: TestSettingsForm, fields: ReadonlyArray<NumberField>): FieldErrors => {
  const errors: Record<string, string> = {}
  for (const field of fields) {
    const text = form[field].trim()
    if (text === "") errors[field] = MessageKey.required
    else if (Number.isNaN(readNumber(text))) errors[field] = TEST_SETTING_MESSAGES[field]
  }
  return errors
}

/** Checks the form; one message key per invalid field. */
export const validateTestSettingsForm = (form: TestSettingsForm): Validated<TestSettingsPatch> => {
  const shown: ReadonlyArray<NumberField> = form.testAllPoints
    ? ["testDuration", "testExtraTime"]
    : ["testDuration", "testLimit", "testExtraTime"]
  const input = {
    testDuration: readNumber(form.testDuration),
    testDifficulty: form.testDifficulty,
    testAllPoints: form.testAllPoints,
    testTimed: form.testTimed,
    testExtraTime: readNumber(form.testExtraTime),
    testLeaveOutPregnancy: form.testLeaveOutPregnancy,
    ...(form.testAllPoints ? {} : { testLimit: readNumber(form.testLimit) }),
  }
  const decoded = form.testAllPoints ? validate(TestSettingsWithoutLimit)(input) : validate(TestSettings)(input)
  const typed = numberErrors(form, shown)
  if (decoded._tag === "Valid" && Object.keys(typed).length === 0) return decoded
  const errors = { ...(decoded._tag === "Invalid" ? decoded.errors : {}), ...typed }
  return { _tag: "Invalid", errors }
}

/** One field's message, for checking a field when the learner leaves it. */
export const testSettingsFieldError = (form: TestSettingsForm, field: NumberField): string | null => {
  const result = validateTestSettingsForm(form)
  return result._tag === "Invalid" ? (result.errors[field] ?? null) : null
}

export const isTestDifficulty = Schema.is(TestSettings.fields.testDifficulty)

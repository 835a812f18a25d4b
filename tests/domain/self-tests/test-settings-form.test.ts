// The tests-settings form: typed numbers checked against the bounds of TestSettings with one
// message per field, the hidden limit left out while "include all points" is checked, and the
// settings patch that saves any subset of the fields.
import { describe, expect, it } from "vitest"
import {
  applySettingsPatch,
  DEFAULT_USER_SETTINGS,
  UserSettingsPatch,
} from "../../../src/domain/account/user-settings.ts"
import {
  DEFAULT_TEST_SETTINGS,
  MAX_EXTRA_TIME_MINUTES,
  MAX_TEST_DURATION_MINUTES,
  MAX_TEST_LIMIT,
  MIN_TEST_DURATION_MINUTES,
  TEST_SETTING_MESSAGES,
} from "../../../src/domain/self-tests/test-settings.ts"
import {
  testSettingsFieldError,
  toTestSettingsForm,
  validateTestSettingsForm,
} from "../../../src/domain/self-tests/test-settings-form.ts"
import { validate } from "../../../src/domain/shared/validation.ts"

const form = toTestSettingsForm(DEFAULT_TEST_SETTINGS)

describe("the tests-settings form", () => {
  it("turns the stored settings into text and back", () => {
    expect(validateTestSettingsForm(form)).toEqual({ _tag: "Valid", value: DEFAULT_TEST_SETTINGS })
  })

  it.each([
    ["testDuration", String(MIN_TEST_DURATION_MINUTES - 1)],
    ["testDuration", String(MAX_TEST_DURATION_MINUTES + 1)],
    ["testDuration", "2.5"],
    ["testDuration", "ten"],
    ["testLimit", String(MAX_TEST_LIMIT + 1)],
    ["testLimit", "1e3"],
    ["testExtraTime", String(MAX_EXTRA_TIME_MINUTES + 1)],
  ] as const)("says what %s takes when it reads %s", (field, value) => {
    expect(testSettingsFieldError({ ...form, [field]: value }, field)).toBe(TEST_SETTING_MESSAGES[field])
  })

  it("asks for a value in an empty field, and accepts spaces and a comma", () => {
    expect(testSettingsFieldError({ ...form, testDuration: "  " }, "testDuration")).toBe("validation.required")
    expect(validateTestSettingsForm({ ...form, testDuration: " 12 " })).toMatchObject({ value: { testDuration: 12 } })
    expect(testSettingsFieldError({ ...form, testDuration: "12,5" }, "testDuration")).toBe(
      TEST_SETTING_MESSAGES.testDuration,
    )
  })

  it("leaves the hidden limit out while all points are included", () => {
    const result = validateTestSettingsForm({ ...form, testAllPoints: true, testLimit: "nonsense" })
    expect(result._tag).toBe("Valid")
    if (result._tag === "Valid") expect(result.value).not.toHaveProperty("testLimit")
  })
})

describe("the settings patch", () => {
  it("changes only the fields it carries", () => {
    expect(applySettingsPatch(DEFAULT_USER_SETTINGS, { showNotes: true })).toEqual({
      ...DEFAULT_USER_SETTINGS,
      showNotes: true,
    })
  })

  it("is checked by the same bounds", () => {
    expect(validate(UserSettingsPatch)({})).toEqual({ _tag: "Valid", value: {} })
    expect(validate(UserSettingsPatch)({ testLimit: 0, continousPlay: "no" })).toEqual({
      _tag: "Invalid",
      errors: { testLimit: "validation.testLimit", continousPlay: "validation.invalid" },
    })
  })
})

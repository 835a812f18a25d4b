import { describe, expect, it } from "vitest"
import { EMAIL_MAX_LENGTH } from "../../../src/domain/account/email-rules.ts"
import { FIRST_NAME_MIN_LENGTH, LAST_NAME_MIN_LENGTH } from "../../../src/domain/account/name-limits.ts"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import {
  EMPTY_REGISTER_FORM,
  type RegisterForm,
  RegisterPayload,
  validateRegisterForm,
} from "../../../src/domain/account/registration.ts"
import { MessageKey, validate } from "../../../src/domain/shared/validation.ts"

const PASSWORD = `${"a".repeat(PASSWORD_MIN_LENGTH - 1)}1`

const VALID: RegisterForm = {
  email: "ann.lee@example.com",
  firstName: "a".repeat(FIRST_NAME_MIN_LENGTH),
  lastName: "b".repeat(LAST_NAME_MIN_LENGTH),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  termsChecked: true,
  promotional: false,
}

const errorsOf = (form: RegisterForm) => {
  const result = validateRegisterForm(form)
  if (result._tag === "Valid") throw new Error("expected the form to be invalid")
  return result.errors
}

describe("validateRegisterForm (§3, §5)", () => {
  it("accepts a valid form and returns trimmed values", () => {
    const result = validateRegisterForm({
      ...VALID,
      email: `  ${VALID.email} `,
      firstName: ` ${VALID.firstName} `,
      lastName: ` ${VALID.lastName}\t`,
      promotional: true,
    })
    expect(result).toEqual({ _tag: "Valid", value: { ...VALID, promotional: true } })
  })

  it("reports every field of the empty form at once", () => {
    expect(errorsOf(EMPTY_REGISTER_FORM)).toEqual({
      email: MessageKey.required,
      firstName: MessageKey.required,
      lastName: MessageKey.required,
      password: MessageKey.required,
      confirmPassword: MessageKey.required,
      termsChecked: MessageKey.termsRequired,
    })
  })

  it("requires the terms to be checked", () => {
    expect(errorsOf({ ...VALID, termsChecked: false })).toEqual({ termsChecked: MessageKey.termsRequired })
  })

  it("does not require promotional e-mails", () => {
    expect(validateRegisterForm({ ...VALID, promotional: false })._tag).toBe("Valid")
  })

  it("reports a mismatching confirmation when everything else is valid", () => {
    expect(errorsOf({ ...VALID, confirmPassword: `${PASSWORD}x` })).toEqual({
      confirmPassword: MessageKey.passwordMismatch,
    })
  })

  it("reports a mismatching confirmation together with the other errors", () => {
    expect(
      errorsOf({
        ...VALID,
        email: "no-at-sign",
        firstName: "a".repeat(FIRST_NAME_MIN_LENGTH - 1),
        lastName: " ",
        confirmPassword: `${PASSWORD}x`,
        termsChecked: false,
      }),
    ).toEqual({
      email: MessageKey.email,
      firstName: MessageKey.firstNameMin,
      lastName: MessageKey.required,
      confirmPassword: MessageKey.passwordMismatch,
      termsChecked: MessageKey.termsRequired,
    })
  })

  it("reports both an invalid password and a confirmation that differs from it", () => {
    const short = `${"a".repeat(PASSWORD_MIN_LENGTH - 2)}1`
    expect(errorsOf({ ...VALID, password: short, confirmPassword: PASSWORD })).toEqual({
      password: MessageKey.passwordMin,
      confirmPassword: MessageKey.passwordMismatch,
    })
  })

  it("reports only the password when the confirmation repeats an invalid password", () => {
    const lettersOnly = "a".repeat(PASSWORD_MIN_LENGTH)
    expect(errorsOf({ ...VALID, password: lettersOnly, confirmPassword: lettersOnly })).toEqual({
      password: MessageKey.passwordLetterAndDigit,
    })
  })

  it("reports an empty confirmation as required, not as a mismatch", () => {
    expect(errorsOf({ ...VALID, confirmPassword: "" })).toEqual({ confirmPassword: MessageKey.required })
  })

  it("keeps the confirmation's own error over the mismatch", () => {
    expect(errorsOf({ ...VALID, confirmPassword: "a".repeat(PASSWORD_MAX_LENGTH + 1) })).toEqual({
      confirmPassword: MessageKey.tooLong,
    })
  })

  it("applies the e-mail bound inside the form", () => {
    const tooLong = `${"a".repeat(EMAIL_MAX_LENGTH + 1 - "@example.com".length)}@example.com`
    expect(errorsOf({ ...VALID, email: tooLong })).toEqual({ email: MessageKey.tooLong })
  })
})

describe("RegisterPayload as the server decodes it", () => {
  const decode = validate(RegisterPayload)

  it("accepts a valid request", () => {
    expect(decode(VALID)._tag).toBe("Valid")
  })

  it("reports a mismatching confirmation under confirmPassword", () => {
    expect(decode({ ...VALID, confirmPassword: `${PASSWORD}x` })).toEqual({
      _tag: "Invalid",
      errors: { confirmPassword: MessageKey.passwordMismatch },
    })
  })

  it("reports missing fields as required and a string for the terms as invalid", () => {
    expect(decode({ email: VALID.email, termsChecked: "true" })).toEqual({
      _tag: "Invalid",
      errors: {
        firstName: MessageKey.required,
        lastName: MessageKey.required,
        password: MessageKey.required,
        confirmPassword: MessageKey.required,
        termsChecked: MessageKey.invalid,
        promotional: MessageKey.required,
      },
    })
  })
})

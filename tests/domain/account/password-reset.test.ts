import { describe, expect, it } from "vitest"
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import {
  EMPTY_RESET_FORM,
  type ResetForm,
  ResetPasswordPayload,
  validateForgotPasswordForm,
  validateLinkResetForm,
  validateResetForm,
} from "../../../src/domain/account/password-reset.ts"
import { CODE_LENGTH } from "../../../src/domain/account/verification-limits.ts"
import { MessageKey, validate } from "../../../src/domain/shared/validation.ts"

const PASSWORD = `${"a".repeat(PASSWORD_MIN_LENGTH - 1)}1`
const CODE = "7".repeat(CODE_LENGTH)

const VALID: ResetForm = { email: "ann@example.com", code: CODE, password: PASSWORD, confirmPassword: PASSWORD }

const errorsOf = (form: ResetForm) => {
  const result = validateResetForm(form)
  if (result._tag === "Valid") throw new Error("expected the form to be invalid")
  return result.errors
}

describe("validateForgotPasswordForm", () => {
  it("requires the e-mail", () => {
    expect(validateForgotPasswordForm({ email: "  " })).toEqual({
      _tag: "Invalid",
      errors: { email: MessageKey.required },
    })
  })

  it("rejects an address that does not match the pattern", () => {
    expect(validateForgotPasswordForm({ email: "ann@example" })).toEqual({
      _tag: "Invalid",
      errors: { email: MessageKey.email },
    })
  })

  it("accepts a valid address, trimmed", () => {
    expect(validateForgotPasswordForm({ email: " ann@example.com " })).toEqual({
      _tag: "Valid",
      value: { email: "ann@example.com" },
    })
  })
})

describe("validateResetForm (§3)", () => {
  it("accepts a valid form", () => {
    expect(validateResetForm(VALID)).toEqual({ _tag: "Valid", value: VALID })
  })

  it("reports every field of the empty form at once", () => {
    expect(errorsOf(EMPTY_RESET_FORM)).toEqual({
      email: MessageKey.required,
      code: MessageKey.required,
      password: MessageKey.required,
      confirmPassword: MessageKey.required,
    })
  })

  it.each([
    ["CODE_LENGTH - 1 digits", "7".repeat(CODE_LENGTH - 1)],
    ["CODE_LENGTH + 1 digits", "7".repeat(CODE_LENGTH + 1)],
    ["a letter", `${"7".repeat(CODE_LENGTH - 1)}x`],
  ])("rejects a code of %s with codeFormat", (_, code) => {
    expect(errorsOf({ ...VALID, code })).toEqual({ code: MessageKey.codeFormat })
  })

  it("applies the new-password rules", () => {
    const short = `${"a".repeat(PASSWORD_MIN_LENGTH - 2)}1`
    expect(errorsOf({ ...VALID, password: short, confirmPassword: short })).toEqual({
      password: MessageKey.passwordMin,
    })
  })

  it("reports a mismatching confirmation alone", () => {
    expect(errorsOf({ ...VALID, confirmPassword: `${PASSWORD}x` })).toEqual({
      confirmPassword: MessageKey.passwordMismatch,
    })
  })

  it("reports a mismatching confirmation together with the other errors", () => {
    expect(errorsOf({ email: "x", code: "", password: PASSWORD, confirmPassword: `${PASSWORD}x` })).toEqual({
      email: MessageKey.email,
      code: MessageKey.required,
      confirmPassword: MessageKey.passwordMismatch,
    })
  })
})

describe("ResetPasswordPayload as the server decodes it", () => {
  it("reports a mismatching confirmation under confirmPassword", () => {
    expect(validate(ResetPasswordPayload)({ ...VALID, confirmPassword: `${PASSWORD}x` })).toEqual({
      _tag: "Invalid",
      errors: { confirmPassword: MessageKey.passwordMismatch },
    })
  })
})

describe("validateLinkResetForm (reset through the mail's link)", () => {
  const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-"
  it("needs no e-mail and no code: the token stands in for both", () => {
    expect(
      validateLinkResetForm({ ...EMPTY_RESET_FORM, password: PASSWORD, confirmPassword: PASSWORD }, TOKEN),
    ).toEqual({
      _tag: "Valid",
      value: { token: TOKEN, password: PASSWORD, confirmPassword: PASSWORD },
    })
  })
  it("checks the new password and its confirmation like the code form", () => {
    const result = validateLinkResetForm({ ...EMPTY_RESET_FORM, password: "short", confirmPassword: "other" }, TOKEN)
    expect(result).toEqual({
      _tag: "Invalid",
      errors: { password: MessageKey.passwordMin, confirmPassword: MessageKey.passwordMismatch },
    })
  })
  it("refuses a token that is not 128 bits in base64url as an expired link", () => {
    const result = validateLinkResetForm({ ...VALID }, "1234")
    expect(result._tag === "Invalid" && result.errors.token).toBe(MessageKey.linkExpired)
  })
})

import { describe, expect, it } from "vitest"
import {
  ChoosePasswordWithCodePayload,
  ChoosePasswordWithLinkPayload,
  EMPTY_CHOOSE_PASSWORD_FORM,
  SIGN_UP_BROWSER_HOURS,
  validateChoosePasswordForm,
} from "../../../src/domain/account/email-verification.ts"
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import { PENDING_SIGN_UP_DAYS } from "../../../src/domain/account/registration.ts"
import { CODE_LENGTH } from "../../../src/domain/account/verification-limits.ts"
import { MessageKey, validate } from "../../../src/domain/shared/validation.ts"

const PASSWORD = `${"a".repeat(PASSWORD_MIN_LENGTH - 1)}1`
const TOKEN = "AbCdEfGhIjKlMnOpQrSt_-"
const CODE = "7".repeat(CODE_LENGTH)
const FORM = { password: PASSWORD, confirmPassword: PASSWORD }

describe("the password step of a verification", () => {
  it("sends the link's token with a valid password", () => {
    expect(validateChoosePasswordForm(FORM, { token: TOKEN })).toEqual({
      _tag: "Valid",
      value: { token: TOKEN, ...FORM },
    })
  })

  it("sends the account and the code with a valid password", () => {
    expect(validateChoosePasswordForm(FORM, { uuid: "u-1", code: CODE })).toEqual({
      _tag: "Valid",
      value: { uuid: "u-1", code: CODE, ...FORM },
    })
  })

  it(`uses the password rules of registration: ${PASSWORD_MIN_LENGTH - 1} characters are too few`, () => {
    const short = PASSWORD.slice(1)
    expect(validateChoosePasswordForm({ password: short, confirmPassword: short }, { token: TOKEN })).toEqual({
      _tag: "Invalid",
      errors: { password: MessageKey.passwordMin },
    })
  })

  it("reports an empty form and a mismatch field by field, in one pass", () => {
    expect(validateChoosePasswordForm(EMPTY_CHOOSE_PASSWORD_FORM, { token: TOKEN })).toEqual({
      _tag: "Invalid",
      errors: { password: MessageKey.required, confirmPassword: MessageKey.required },
    })
    expect(validateChoosePasswordForm({ password: "short", confirmPassword: "other" }, { token: TOKEN })).toEqual({
      _tag: "Invalid",
      errors: { password: MessageKey.passwordMin, confirmPassword: MessageKey.passwordMismatch },
    })
  })

  it("refuses a malformed token or code as the server does", () => {
    expect(validate(ChoosePasswordWithLinkPayload)({ token: "short", ...FORM })).toEqual({
      _tag: "Invalid",
      errors: { token: MessageKey.linkExpired },
    })
    expect(validate(ChoosePasswordWithCodePayload)({ uuid: "u-1", code: "12a4", ...FORM })).toEqual({
      _tag: "Invalid",
      errors: { code: MessageKey.codeFormat },
    })
  })

  it("remembers the registering browser for less time than a sign-up waits", () => {
    expect(SIGN_UP_BROWSER_HOURS).toBeGreaterThan(0)
    expect(SIGN_UP_BROWSER_HOURS).toBeLessThan(PENDING_SIGN_UP_DAYS * 24)
  })
})

import { describe, expect, it } from "vitest"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import { DEVICE_NAME_MAX_LENGTH, EMPTY_LOGIN_FORM, validateLoginForm } from "../../../src/domain/account/sign-in.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"

const EMAIL = "ann@example.com"

describe("validateLoginForm", () => {
  it("requires e-mail and password", () => {
    expect(validateLoginForm(EMPTY_LOGIN_FORM)).toEqual({
      _tag: "Invalid",
      errors: { email: MessageKey.required, password: MessageKey.required },
    })
  })

  it("checks the e-mail pattern", () => {
    expect(validateLoginForm({ email: "ann@", password: "x" })).toEqual({
      _tag: "Invalid",
      errors: { email: MessageKey.email },
    })
  })

  it("accepts a password that breaks the new-password rules, trimming only the e-mail", () => {
    const old = `${"a".repeat(PASSWORD_MIN_LENGTH - 2)} `
    expect(validateLoginForm({ email: ` ${EMAIL} `, password: old })).toEqual({
      _tag: "Valid",
      value: { email: EMAIL, password: old },
    })
  })

  it("bounds the password by PASSWORD_MAX_LENGTH", () => {
    expect(validateLoginForm({ email: EMAIL, password: "a".repeat(PASSWORD_MAX_LENGTH) })._tag).toBe("Valid")
    expect(validateLoginForm({ email: EMAIL, password: "a".repeat(PASSWORD_MAX_LENGTH + 1) })).toEqual({
      _tag: "Invalid",
      errors: { password: MessageKey.tooLong },
    })
  })

  it("accepts a device name of exactly DEVICE_NAME_MAX_LENGTH characters and rejects one more", () => {
    const at = validateLoginForm({ email: EMAIL, password: "x", device_name: "d".repeat(DEVICE_NAME_MAX_LENGTH) })
    expect(at._tag).toBe("Valid")
    const over = validateLoginForm({ email: EMAIL, password: "x", device_name: "d".repeat(DEVICE_NAME_MAX_LENGTH + 1) })
    expect(over._tag === "Invalid" && Object.keys(over.errors)).toEqual(["device_name"])
  })

  it("does not require a device name", () => {
    expect(validateLoginForm({ email: EMAIL, password: "x" })._tag).toBe("Valid")
  })
})

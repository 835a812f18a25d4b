import { describe, expect, it } from "vitest"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../src/domain/account/password-limits.ts"
import {
  differsFromOld,
  hasLetterAndDigit,
  hasOnlyAllowedCharacters,
  NewPassword,
  PASSWORD_SYMBOLS,
  passwordsMatch,
  SignInPassword,
} from "../../../src/domain/account/password-rules.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { fieldError, repeat } from "../support.ts"

const newPasswordError = fieldError(NewPassword)
const signInPasswordError = fieldError(SignInPassword)

/** A password of `length` characters with one digit and letters otherwise. */
const passwordOf = (length: number) => `${repeat(length - 1)}1`

describe("new password (§5)", () => {
  it("is required", () => {
    expect(newPasswordError("")).toBe(MessageKey.required)
  })

  it(`fails with passwordMin at PASSWORD_MIN_LENGTH - 1 (${PASSWORD_MIN_LENGTH - 1}) characters`, () => {
    expect(newPasswordError(passwordOf(PASSWORD_MIN_LENGTH - 1))).toBe(MessageKey.passwordMin)
  })

  it(`passes at exactly PASSWORD_MIN_LENGTH (${PASSWORD_MIN_LENGTH}) characters with a letter and a digit`, () => {
    expect(newPasswordError(passwordOf(PASSWORD_MIN_LENGTH))).toBeUndefined()
  })

  it("is at least 8: the spec's 6 is raised so short passwords are not guessed offline", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
  })

  it(`passes at exactly PASSWORD_MAX_LENGTH (${PASSWORD_MAX_LENGTH}) characters`, () => {
    expect(newPasswordError(passwordOf(PASSWORD_MAX_LENGTH))).toBeUndefined()
  })

  it("fails with tooLong at PASSWORD_MAX_LENGTH + 1 characters", () => {
    expect(newPasswordError(passwordOf(PASSWORD_MAX_LENGTH + 1))).toBe(MessageKey.tooLong)
  })

  it("fails with passwordLetterAndDigit when it has letters only", () => {
    expect(newPasswordError(repeat(PASSWORD_MIN_LENGTH))).toBe(MessageKey.passwordLetterAndDigit)
  })

  it("fails with passwordLetterAndDigit when it has digits only", () => {
    expect(newPasswordError(repeat(PASSWORD_MIN_LENGTH, "7"))).toBe(MessageKey.passwordLetterAndDigit)
  })

  it("fails with passwordLetterAndDigit when it has symbols and a digit but no letter", () => {
    expect(newPasswordError(`${repeat(PASSWORD_MIN_LENGTH - 1, "!")}1`)).toBe(MessageKey.passwordLetterAndDigit)
  })

  it.each([
    ["a space", " "],
    ["a tab", "\t"],
    ["a newline", "\n"],
    ["an emoji", "😀"],
    ["a currency sign outside PASSWORD_SYMBOLS", "€"],
  ])("fails with passwordCharacters when it contains %s", (_, char) => {
    expect(newPasswordError(`${passwordOf(PASSWORD_MIN_LENGTH)}${char}`)).toBe(MessageKey.passwordCharacters)
  })

  it.each([...PASSWORD_SYMBOLS])("accepts the symbol %s", (symbol) => {
    expect(newPasswordError(`${passwordOf(PASSWORD_MIN_LENGTH)}${symbol}`)).toBeUndefined()
  })

  it("accepts a password made of every symbol of PASSWORD_SYMBOLS with a letter and a digit", () => {
    expect(newPasswordError(`a1${PASSWORD_SYMBOLS}`)).toBeUndefined()
  })

  it.each(["ä", "ß", "é", "й", "中"])("counts the Unicode letter %s as a letter", (letter) => {
    expect(newPasswordError(`${repeat(PASSWORD_MIN_LENGTH - 1, letter)}1`)).toBeUndefined()
  })

  it("is not trimmed: surrounding spaces are characters that are not allowed", () => {
    expect(newPasswordError(` ${passwordOf(PASSWORD_MIN_LENGTH)} `)).toBe(MessageKey.passwordCharacters)
  })

  it("reports passwordMin first when a too-short password also has characters that are not allowed", () => {
    expect(newPasswordError(`a1${repeat(PASSWORD_MIN_LENGTH - 3, " ")}`)).toBe(MessageKey.passwordMin)
  })
})

describe("hasLetterAndDigit", () => {
  it.each([
    ["abc123", true],
    ["ä1", true],
    ["abcdef", false],
    ["123456", false],
    ["!@#$%^", false],
    ["", false],
  ])("%j → %s", (password, expected) => {
    expect(hasLetterAndDigit(password)).toBe(expected)
  })
})

describe("hasOnlyAllowedCharacters", () => {
  it("accepts letters, digits and every symbol of PASSWORD_SYMBOLS", () => {
    expect(hasOnlyAllowedCharacters(`Zz9äß${PASSWORD_SYMBOLS}`)).toBe(true)
  })

  it.each([" ", "\t", "😀", "€", "§"])("rejects %j", (char) => {
    expect(hasOnlyAllowedCharacters(`abc123${char}`)).toBe(false)
  })
})

describe("sign-in password", () => {
  it("is required", () => {
    expect(signInPasswordError("")).toBe(MessageKey.required)
  })

  it("does not apply the new-password rules, so an old password still signs in", () => {
    expect(signInPasswordError(repeat(PASSWORD_MIN_LENGTH - 1))).toBeUndefined()
    expect(signInPasswordError("a b c")).toBeUndefined()
  })

  it("is bounded by PASSWORD_MAX_LENGTH", () => {
    expect(signInPasswordError(repeat(PASSWORD_MAX_LENGTH))).toBeUndefined()
    expect(signInPasswordError(repeat(PASSWORD_MAX_LENGTH + 1))).toBe(MessageKey.tooLong)
  })
})

describe("differsFromOld", () => {
  const password = passwordOf(PASSWORD_MIN_LENGTH)

  it("rejects a new password equal to the old one", () => {
    expect(differsFromOld(password, password)).toBe(false)
  })

  it("accepts a new password that differs by one character", () => {
    expect(differsFromOld(`${password}x`, password)).toBe(true)
  })

  it("compares case-sensitively", () => {
    expect(differsFromOld(password.toUpperCase(), password)).toBe(true)
  })

  it("accepts any password when there is no old one (password_available false)", () => {
    expect(differsFromOld(password, undefined)).toBe(true)
    expect(differsFromOld(password, "")).toBe(true)
  })
})

describe("passwordsMatch", () => {
  const password = passwordOf(PASSWORD_MIN_LENGTH)

  it("matches an identical confirmation", () => {
    expect(passwordsMatch(password, password)).toBe(true)
  })

  it.each([
    ["a different last character", `${password.slice(0, -1)}2`],
    ["different case", password.toUpperCase()],
    ["a trailing space", `${password} `],
    ["an empty confirmation", ""],
  ])("does not match with %s", (_, confirmation) => {
    expect(passwordsMatch(password, confirmation)).toBe(false)
  })
})

import { describe, expect, it } from "vitest"
import { Code, isCode, isLinkToken, sanitizeCodeInput } from "../../../src/domain/account/verification-code.ts"
import { CODE_LENGTH } from "../../../src/domain/account/verification-limits.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { decodedValue, fieldError } from "../support.ts"

const codeError = fieldError(Code)
const decodeCode = decodedValue(Code)

/** `length` distinct-looking digits: 1234567890123… */
const digits = (length: number) => Array.from({ length }, (_, i) => String((i + 1) % 10)).join("")

describe("verification code (§5, §9)", () => {
  it("is the spec's four digits", () => {
    expect(CODE_LENGTH).toBe(4)
  })

  it(`accepts exactly CODE_LENGTH (${CODE_LENGTH}) digits`, () => {
    expect(isCode(digits(CODE_LENGTH))).toBe(true)
    expect(codeError(digits(CODE_LENGTH))).toBeUndefined()
  })

  it("accepts leading zeros", () => {
    expect(isCode("0".repeat(CODE_LENGTH))).toBe(true)
  })

  it.each([
    ["CODE_LENGTH - 1 digits", digits(CODE_LENGTH - 1)],
    ["CODE_LENGTH + 1 digits", digits(CODE_LENGTH + 1)],
    ["a letter among the digits", `${digits(CODE_LENGTH - 1)}a`],
    ["a space inside", `${digits(CODE_LENGTH - 1)} 1`],
    ["a sign", `-${digits(CODE_LENGTH - 1)}`],
    ["non-ASCII digits", "٠".repeat(CODE_LENGTH)],
  ])("rejects %s", (_, value) => {
    expect(isCode(value)).toBe(false)
    expect(codeError(value)).toBe(MessageKey.codeFormat)
  })

  it("is required", () => {
    expect(codeError("")).toBe(MessageKey.required)
    expect(codeError("   ")).toBe(MessageKey.required)
  })

  it("is trimmed before it is checked", () => {
    expect(decodeCode(` ${digits(CODE_LENGTH)} `)).toBe(digits(CODE_LENGTH))
  })
})

describe("sanitizeCodeInput", () => {
  it("keeps only digits", () => {
    expect(sanitizeCodeInput("1a-2 b3.")).toBe("123")
  })

  it("keeps at most CODE_LENGTH digits", () => {
    expect(sanitizeCodeInput(digits(CODE_LENGTH + 3))).toBe(digits(CODE_LENGTH))
  })

  it("counts only digits towards CODE_LENGTH", () => {
    expect(sanitizeCodeInput(`x${[...digits(CODE_LENGTH + 1)].join(" ")}`)).toBe(digits(CODE_LENGTH))
  })

  it("drops non-ASCII digits, which the code pattern rejects", () => {
    expect(sanitizeCodeInput(`١${digits(CODE_LENGTH)}`)).toBe(digits(CODE_LENGTH))
  })

  it("returns an empty string for input without digits", () => {
    expect(sanitizeCodeInput("abc")).toBe("")
    expect(sanitizeCodeInput("")).toBe("")
  })

  it("always yields a valid code from pasted text that holds CODE_LENGTH digits", () => {
    expect(isCode(sanitizeCodeInput(`Your code: ${digits(CODE_LENGTH)}.`))).toBe(true)
  })
})

describe("isLinkToken", () => {
  it("accepts 22 base64url characters (128 bits), nothing else", () => {
    expect(isLinkToken("AbCdEfGhIjKlMnOpQrSt_-")).toBe(true)
    for (const value of ["", "1234", "AbCdEfGhIjKlMnOpQrSt_", "AbCdEfGhIjKlMnOpQrSt_-x", "AbCdEfGhIjKlMnOpQrSt+/"])
      expect(isLinkToken(value)).toBe(false)
  })
})

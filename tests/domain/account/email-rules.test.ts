import { describe, expect, it } from "vitest"
import { EMAIL_MAX_LENGTH, Email, isEmail, normalizeEmail } from "../../../src/domain/account/email-rules.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { decodedValue, fieldError, repeat } from "../support.ts"

const emailError = fieldError(Email)
const decodeEmail = decodedValue(Email)

const DOMAIN = "@example.com"
/** A valid address of exactly `length` characters. */
const addressOf = (length: number) => `${repeat(length - DOMAIN.length)}${DOMAIN}`

describe("e-mail pattern (§5)", () => {
  it.each(["user@example.com", "first.last+tag@mail.example.co.uk", "ÄNNE@bücher.de", "a@b.co"])(
    "accepts %s",
    (address) => {
      expect(isEmail(address)).toBe(true)
      expect(emailError(address)).toBeUndefined()
    },
  )

  it.each([
    ["no @", "user.example.com"],
    ["two @", "user@name@example.com"],
    ["a space in the local part", "us er@example.com"],
    ["a space in the domain", "user@exa mple.com"],
    ["no dot in the domain", "user@localhost"],
    ["a leading dot in the domain", "user@.example.com"],
    ["a trailing dot in the domain", "user@example.com."],
    ["two dots in a row in the domain", "user@example..com"],
    ["an empty local part", "@example.com"],
    ["an empty domain", "user@"],
  ])("rejects an address with %s", (_, address) => {
    expect(isEmail(address)).toBe(false)
    expect(emailError(address)).toBe(MessageKey.email)
  })
})

describe("e-mail length", () => {
  it(`accepts exactly EMAIL_MAX_LENGTH (${EMAIL_MAX_LENGTH}) characters`, () => {
    const address = addressOf(EMAIL_MAX_LENGTH)
    expect(address).toHaveLength(EMAIL_MAX_LENGTH)
    expect(isEmail(address)).toBe(true)
    expect(emailError(address)).toBeUndefined()
  })

  it("fails with tooLong at EMAIL_MAX_LENGTH + 1 characters", () => {
    const address = addressOf(EMAIL_MAX_LENGTH + 1)
    expect(isEmail(address)).toBe(false)
    expect(emailError(address)).toBe(MessageKey.tooLong)
  })

  it("measures the length after trimming", () => {
    expect(emailError(`  ${addressOf(EMAIL_MAX_LENGTH)}  `)).toBeUndefined()
  })
})

describe("e-mail field", () => {
  it.each(["", "   ", "\t\n"])("is required when blank (%j)", (value) => {
    expect(emailError(value)).toBe(MessageKey.required)
  })

  it("is trimmed before it is checked", () => {
    expect(decodeEmail("  user@example.com \t")).toBe("user@example.com")
  })

  it("rejects a value that is not a string", () => {
    expect(emailError(42)).toBe(MessageKey.invalid)
  })
})

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  User.Name@Example.COM \n")).toBe("user.name@example.com")
  })

  it("lower-cases non-ASCII letters", () => {
    expect(normalizeEmail("ÄNNE@BÜCHER.DE")).toBe("änne@bücher.de")
  })

  it("leaves a normalised address unchanged", () => {
    expect(normalizeEmail("user@example.com")).toBe("user@example.com")
  })
})

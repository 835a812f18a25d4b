import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  AccountEmail,
  EMAIL_LABEL_MAX_LENGTH,
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  Email,
  isAccountEmail,
  isEmail,
  normalizeEmail,
} from "../../../src/domain/account/email-rules.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { decodedValue, fieldError, repeat } from "../support.ts"

const emailError = fieldError(Email)
const accountEmailError = fieldError(AccountEmail)
const decodeEmail = decodedValue(Email)

/** A valid address of exactly `length` characters: a full local part, labels of at most 63. */
const addressOf = (length: number) => {
  const local = repeat(EMAIL_LOCAL_MAX_LENGTH)
  let domain = "com"
  while (local.length + 1 + domain.length < length) {
    const room = length - local.length - 1 - domain.length - 1
    domain = `${repeat(Math.min(EMAIL_LABEL_MAX_LENGTH, Math.max(1, room)), "b")}.${domain}`
  }
  return `${local}@${domain}`
}

describe("a new e-mail address (§5): one plain local@domain", () => {
  it.each([
    "user@example.com",
    "first.last+tag@mail.example.co.uk",
    "a@b.co",
    "o'neil@example.ie",
    "x_y-z!#$%&*/=?^`{|}~@example.com",
    "anne@xn--bcher-kva.de",
    "user@example.xn--p1ai",
    "USER@EXAMPLE.COM",
  ])("accepts %s", (address) => {
    expect(isEmail(address)).toBe(true)
    expect(emailError(address)).toBeUndefined()
  })

  it.each([
    ["a display name in angle brackets", "<zed@example.com>"],
    ["a name before the address", "Zed <zed@example.com>"],
    ["a second recipient after a comma", "yan@example.com,zed"],
    ["two addresses", "yan@example.com, zed@example.com"],
    ["a semicolon list", "yan@example.com;zed@example.com"],
    ["a quoted local part", '"zed"@example.com'],
    ["a leading dot in the local part", ".zed@example.com"],
    ["a trailing dot in the local part", "zed.@example.com"],
    ["two dots in a row in the local part", "z..ed@example.com"],
    ["a non-ASCII local part", "änne@example.com"],
    ["an IDN domain not in punycode", "anne@bücher.de"],
    ["an IP address as domain", "zed@192.168.0.1"],
    ["an address literal", "zed@[192.168.0.1]"],
    ["a label starting with a hyphen", "zed@-example.com"],
    ["a label ending with a hyphen", "zed@example-.com"],
    ["a one-letter top-level label", "zed@example.c"],
    ["a numeric top-level label", "zed@example.123"],
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
    ["a line break", "user@example.com\nBcc: zed@example.com"],
  ])("rejects an address with %s", (_, address) => {
    expect(isEmail(address)).toBe(false)
    expect(emailError(address)).toBe(MessageKey.email)
  })

  it(`accepts a local part of EMAIL_LOCAL_MAX_LENGTH (${EMAIL_LOCAL_MAX_LENGTH}) characters, not one more`, () => {
    expect(isEmail(`${repeat(EMAIL_LOCAL_MAX_LENGTH)}@example.com`)).toBe(true)
    expect(isEmail(`${repeat(EMAIL_LOCAL_MAX_LENGTH + 1)}@example.com`)).toBe(false)
  })

  it(`accepts a label of EMAIL_LABEL_MAX_LENGTH (${EMAIL_LABEL_MAX_LENGTH}) characters, not one more`, () => {
    expect(isEmail(`zed@${repeat(EMAIL_LABEL_MAX_LENGTH, "b")}.com`)).toBe(true)
    expect(isEmail(`zed@${repeat(EMAIL_LABEL_MAX_LENGTH + 1, "b")}.com`)).toBe(false)
  })
})

describe("new e-mail addresses, as properties", () => {
  const atext = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-")
  const atom = fc.string({ unit: atext, minLength: 1, maxLength: 8 })
  const local = fc.array(atom, { minLength: 1, maxLength: 4 }).map((atoms) => atoms.join("."))
  const ldh = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789")
  const label = fc
    .tuple(ldh, fc.string({ unit: fc.constantFrom(..."abcxyz019-"), maxLength: 10 }), ldh)
    .map(([first, middle, last]) => `${first}${middle}${last}`)
  const tld = fc.oneof(
    fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 2, maxLength: 6 }),
    label.map((l) => `xn--${l}`),
  )
  const domain = fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
    .map(([labels, top]) => [...labels, top].join("."))
  const address = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`)

  it("accepts every dot-atom local part at every domain of labels", () => {
    fc.assert(fc.property(address, (value) => isEmail(value) && emailError(value) === undefined))
  })

  it("refuses any address with a character that could start another recipient or a display name", () => {
    const separator = fc.constantFrom(",", ";", "<", ">", " ", '"', "(", ")", "\n", "\t", ":", "\\", "@")
    fc.assert(
      fc.property(address, separator, fc.nat(), (value, char, at) => {
        const where = at % (value.length + 1)
        return !isEmail(`${value.slice(0, where)}${char}${value.slice(where)}`)
      }),
    )
  })

  it("refuses any character outside ASCII", () => {
    const foreign = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 2 })
      .filter((s) => [...s].some((char) => char.codePointAt(0)! > 0x7f))
    fc.assert(
      fc.property(address, foreign, fc.nat(), (value, char, at) => {
        const where = at % (value.length + 1)
        return !isEmail(`${value.slice(0, where)}${char}${value.slice(where)}`)
      }),
    )
  })

  it("every new address is also an account's address (sign-in finds what registration accepted)", () => {
    fc.assert(fc.property(address, (value) => isAccountEmail(value)))
  })
})

describe("an existing account's address", () => {
  it.each(["ÄNNE@bücher.de", "user@example.com", "first.last+tag@mail.example.co.uk"])(
    "accepts %s, as addresses were registered before",
    (address) => {
      expect(accountEmailError(address)).toBeUndefined()
    },
  )

  it.each(["user.example.com", "us er@example.com", "user@localhost", ""])("rejects %j", (address) => {
    expect(accountEmailError(address)).not.toBeUndefined()
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
    expect(address).toHaveLength(EMAIL_MAX_LENGTH + 1)
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

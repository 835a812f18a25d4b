import { describe, expect, it } from "vitest"
import {
  FIRST_NAME_MIN_LENGTH,
  LAST_NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
} from "../../../src/domain/account/name-limits.ts"
import { FirstName, LastName } from "../../../src/domain/account/name-rules.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { decodedValue, fieldError, repeat } from "../support.ts"

const cases = [
  { field: "first name", schema: FirstName, min: FIRST_NAME_MIN_LENGTH, minKey: MessageKey.firstNameMin, spec: 3 },
  { field: "last name", schema: LastName, min: LAST_NAME_MIN_LENGTH, minKey: MessageKey.lastNameMin, spec: 2 },
] as const

describe.each(cases)("$field (§5)", ({ schema, min, minKey, spec }) => {
  const error = fieldError(schema)
  const decode = decodedValue(schema)

  it(`has the spec's minimum of ${spec}`, () => {
    expect(min).toBe(spec)
  })

  it.each(["", "   ", "\t"])("is required when blank (%j)", (value) => {
    expect(error(value)).toBe(MessageKey.required)
  })

  it("fails with its min key at min - 1 characters", () => {
    expect(error(repeat(min - 1))).toBe(minKey)
  })

  it("passes at exactly min characters", () => {
    expect(error(repeat(min))).toBeUndefined()
  })

  it("is trimmed before the min-length check: padding does not count", () => {
    expect(error(`  ${repeat(min - 1)} `)).toBe(minKey)
  })

  it("passes when min characters are padded with spaces, and the value is trimmed", () => {
    expect(decode(`  ${repeat(min)} `)).toBe(repeat(min))
  })

  it(`passes at exactly NAME_MAX_LENGTH (${NAME_MAX_LENGTH}) characters`, () => {
    expect(error(repeat(NAME_MAX_LENGTH))).toBeUndefined()
  })

  it("fails with tooLong at NAME_MAX_LENGTH + 1 characters", () => {
    expect(error(repeat(NAME_MAX_LENGTH + 1))).toBe(MessageKey.tooLong)
  })

  it("measures the maximum after trimming", () => {
    expect(error(` ${repeat(NAME_MAX_LENGTH)} `)).toBeUndefined()
  })

  it("counts Unicode letters as characters", () => {
    expect(error(repeat(min, "ö"))).toBeUndefined()
  })
})

describe("first name example from the brief", () => {
  it('rejects "  ab " because it trims to two characters', () => {
    expect(fieldError(FirstName)("  ab ")).toBe(MessageKey.firstNameMin)
  })

  it('accepts "ab" as a last name', () => {
    expect(fieldError(LastName)("ab")).toBeUndefined()
  })
})

describe.each(cases)("$field: what a name may carry into an e-mail", ({ schema, min }) => {
  const error = fieldError(schema)
  const decode = decodedValue(schema)

  it.each([
    ["a scheme", "Mei http://evil.example"],
    ["a scheme in capitals", "HTTPS://evil.example"],
    ["any ://", "app://open"],
    ["www.", "Mei www.evil"],
    ["a domain with a path", "evil.example/win"],
    ["a domain with a path in capitals", "Visit EVIL.COM/now"],
    ["a punycode domain with a path", "xn--bcher-kva.de/x"],
  ])("refuses %s", (_, value) => {
    expect(error(value)).toBe(MessageKey.nameCharacters)
  })

  it.each([
    "St. John",
    "J.R.R.",
    "Anne-Marie",
    "O'Neil",
    "Mei/Chen",
    "García",
    "Nguyễn",
    "محمد",
    "李小龙",
    "Dr. med. Ana",
  ])("accepts the name %s", (value) => {
    expect(error(value)).toBeUndefined()
  })

  it.each([
    ["a NUL", "\u0000"],
    ["a bell", "\u0007"],
    ["a line feed", "\n"],
    ["a carriage return", "\r"],
    ["an escape", "\u001b"],
    ["DEL", "\u007f"],
    ["a C1 control", "\u0085"],
    ["a line separator", "\u2028"],
    ["a paragraph separator", "\u2029"],
  ])("refuses %s inside a name", (_, control) => {
    expect(error(`${repeat(min)}${control}${repeat(min)}`)).toBe(MessageKey.nameCharacters)
  })

  it.each([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c])(
    "strips the bidi control %i",
    (codePoint) => {
      const control = String.fromCodePoint(codePoint)
      expect(decode(`${control}${repeat(min)}${control}`)).toBe(repeat(min))
    },
  )

  it("strips bidi controls before the other checks: a hidden web address is still refused", () => {
    expect(error("http:\u202E//evil.example")).toBe(MessageKey.nameCharacters)
    expect(error(`\u202E${repeat(min - 1)}`)).not.toBeUndefined()
  })

  it("keeps joiners that scripts need", () => {
    expect(decode(`${repeat(min)}\u200D\u200C`)).toBe(`${repeat(min)}\u200D\u200C`)
  })
})

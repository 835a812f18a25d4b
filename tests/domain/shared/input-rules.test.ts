// What any text or whole number of a request may be, at its boundaries: every C0 control but tab
// and line breaks in a text of several lines, DEL, every C1 control and a lone surrogate are
// refused with the field's message; characters outside the BMP (a surrogate pair) are fine; whole
// numbers end at the int4 column's bounds, in a body and in a path or query parameter.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  boundedText,
  hasUnsafeCharacters,
  INT4_MAX,
  INT4_MIN,
  Int4,
  intFromString,
  PlainLines,
  PlainText,
  PositiveInt4,
  plainTextFields,
} from "../../../src/domain/shared/input-rules.ts"
import { MessageKey, validate } from "../../../src/domain/shared/validation.ts"

const char = (code: number) => String.fromCharCode(code)
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const errorsOf = (schema: Schema.Decoder<unknown>, value: unknown) => {
  const result = validate(Schema.Struct({ field: schema }))({ field: value })
  return result._tag === "Valid" ? null : result.errors
}

describe("plain text", () => {
  it("refuses every C0 control, DEL and every C1 control in one line", () => {
    for (const code of [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)])
      expect([code, hasUnsafeCharacters(`a${char(code)}b`)]).toEqual([code, true])
  })

  it("takes tab and line breaks only in a text of several lines", () => {
    for (const code of [0x09, 0x0a, 0x0d]) {
      expect(hasUnsafeCharacters(`a${char(code)}b`)).toBe(true)
      expect(hasUnsafeCharacters(`a${char(code)}b`, { lines: true })).toBe(false)
    }
    for (const code of [0x00, 0x0b, 0x0c, 0x1b, 0x7f, 0x85])
      expect(hasUnsafeCharacters(`a${char(code)}b`, { lines: true })).toBe(true)
  })

  it("refuses a lone surrogate, high or low, and takes a pair", () => {
    expect(hasUnsafeCharacters("a\ud800b")).toBe(true)
    expect(hasUnsafeCharacters("\udfff")).toBe(true)
    expect(hasUnsafeCharacters("\ud83d\ude00 Zhōng 中 äöü ß — \u00a0\u2028")).toBe(false)
  })

  it("answers with the field's message key", () => {
    expect(errorsOf(PlainText, "a\u0000b")).toEqual({ field: MessageKey.characters })
    expect(errorsOf(PlainLines, "one\ntwo")).toBeNull()
    expect(errorsOf(PlainLines, "one\u0000two")).toEqual({ field: MessageKey.characters })
    expect(errorsOf(boundedText(3), "abcd")).toEqual({ field: MessageKey.tooLong })
    expect(errorsOf(boundedText(3), "abc")).toBeNull()
  })

  it("checks the strings of a payload whose fields are built elsewhere, at any depth, under their field", () => {
    const Payload = Schema.Struct({
      name: Schema.String,
      tags: Schema.Array(Schema.String),
      ok: Schema.Boolean,
    }).check(plainTextFields())
    expect(validate(Payload)({ name: "Lin", tags: ["a", "b"], ok: true })._tag).toBe("Valid")
    expect(validate(Payload)({ name: "L\u0085in", tags: ["a", "\ud800"], ok: true })).toEqual({
      _tag: "Invalid",
      errors: { name: MessageKey.characters, tags: MessageKey.characters },
    })
  })
})

describe("whole numbers", () => {
  const valid = (schema: Schema.Decoder<unknown>, value: unknown) => errorsOf(schema, value) === null

  it(`fit an int4 column: ${INT4_MIN} to ${INT4_MAX}`, () => {
    expect([INT4_MIN, -1, 0, INT4_MAX].map((n) => valid(Int4, n))).toEqual([true, true, true, true])
    expect([INT4_MIN - 1, INT4_MAX + 1, 2 ** 53, Infinity, Number.NaN, 1.5].map((n) => valid(Int4, n))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it("as ids start at 1", () => {
    expect([0, -1, 1, INT4_MAX, INT4_MAX + 1].map((n) => valid(PositiveInt4, n))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ])
  })

  it("in a path or query parameter are digits within their bounds", () => {
    const offset = intFromString(-840, 840)
    expect(["0", "-840", "840", "60"].map((v) => valid(offset, v))).toEqual([true, true, true, true])
    expect(["841", "1e309", "Infinity", "1.5", "abc", "2147483648"].map((v) => valid(offset, v))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(valid(intFromString(1, Number.MAX_SAFE_INTEGER), String(INT4_MAX + 1))).toBe(false)
  })
})

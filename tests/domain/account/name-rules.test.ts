import { describe, expect, it } from "vitest"
import {
  FIRST_NAME_MIN_LENGTH,
  FirstName,
  LAST_NAME_MIN_LENGTH,
  LastName,
  NAME_MAX_LENGTH,
} from "../../../src/domain/account/name-rules.ts"
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

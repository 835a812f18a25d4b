// Shared helpers for domain tests: decode one value through a field schema the way forms do, and
// read back the message key that field would show (undefined when the value is valid).
import { Schema } from "effect"
import { validate } from "../../src/domain/shared/validation.ts"

export const fieldError =
  <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  (value: unknown): string | undefined => {
    const result = validate(Schema.Struct({ field: schema }))({ field: value })
    return result._tag === "Valid" ? undefined : result.errors.field
  }

export const decodedValue =
  <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  (value: unknown): unknown => {
    const result = validate(Schema.Struct({ field: schema }))({ field: value })
    if (result._tag === "Invalid") throw new Error(`expected ${JSON.stringify(value)} to be valid`)
    return (result.value as { field: unknown }).field
  }

export const repeat = (length: number, char = "a") => char.repeat(length)

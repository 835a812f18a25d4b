import { Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { fieldErrorsFromIssue, MessageKey, validate } from "../../../src/domain/shared/validation.ts"

const Form = Schema.Struct({
  name: Schema.Trim.check(
    Schema.isNonEmpty({ message: MessageKey.required }),
    Schema.isMinLength(3, { message: MessageKey.firstNameMin }),
    Schema.isMaxLength(5, { message: MessageKey.tooLong }),
  ),
  count: Schema.Number,
  accepted: Schema.Boolean,
  nested: Schema.Struct({ inner: Schema.String }),
  unannotated: Schema.String.check(Schema.isMaxLength(2)),
})

const VALID = { name: "Ann", count: 1, accepted: true, nested: { inner: "x" }, unannotated: "ab" }
const validateForm = validate(Form)

const errorsOf = (input: unknown) => {
  const result = validateForm(input)
  if (result._tag === "Valid") throw new Error("expected the input to be invalid")
  return result.errors
}

describe("validate", () => {
  it("returns the decoded value when every field is valid", () => {
    expect(validateForm({ ...VALID, name: "  Ann " })).toEqual({ _tag: "Valid", value: VALID })
  })

  it("ignores keys the schema does not name", () => {
    expect(validateForm({ ...VALID, extra: "ignored" })._tag).toBe("Valid")
  })

  it("reports every missing key as validation.required, one key per field", () => {
    expect(errorsOf({})).toEqual({
      name: MessageKey.required,
      count: MessageKey.required,
      accepted: MessageKey.required,
      nested: MessageKey.required,
      unannotated: MessageKey.required,
    })
  })

  it("reports every wrong type as validation.invalid", () => {
    expect(errorsOf({ name: 1, count: "1", accepted: "yes", nested: "x", unannotated: null })).toEqual({
      name: MessageKey.invalid,
      count: MessageKey.invalid,
      accepted: MessageKey.invalid,
      nested: MessageKey.invalid,
      unannotated: MessageKey.invalid,
    })
  })

  it("reports only the fields that fail", () => {
    expect(errorsOf({ ...VALID, count: "one" })).toEqual({ count: MessageKey.invalid })
  })

  it("keeps the first message when a field fails several checks", () => {
    // "" fails both isNonEmpty and isMinLength; only the first is reported.
    expect(errorsOf({ ...VALID, name: "" })).toEqual({ name: MessageKey.required })
    expect(errorsOf({ ...VALID, name: " ab " })).toEqual({ name: MessageKey.firstNameMin })
  })

  it("reports a problem inside a nested struct under the top-level field", () => {
    expect(errorsOf({ ...VALID, nested: {} })).toEqual({ nested: MessageKey.required })
    expect(errorsOf({ ...VALID, nested: { inner: 1 } })).toEqual({ nested: MessageKey.invalid })
  })

  it("turns a failed check without one of our message keys into validation.invalid", () => {
    expect(errorsOf({ ...VALID, unannotated: "abc" })).toEqual({ unannotated: MessageKey.invalid })
  })

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "name=Ann"],
    ["a number", 42],
    ["an array", [VALID]],
  ])("reports %s input under the form key", (_, input) => {
    expect(errorsOf(input)).toEqual({ "": MessageKey.invalid })
  })

  it("reports a failed struct-level check without a path under the form key", () => {
    const Checked = Schema.Struct({ a: Schema.String }).check(Schema.makeFilter(() => MessageKey.termsRequired))
    expect(validate(Checked)({ a: "x" })).toEqual({ _tag: "Invalid", errors: { "": MessageKey.termsRequired } })
  })
})

describe("fieldErrorsFromIssue", () => {
  const issueOf = (input: unknown) => {
    const exit = Schema.decodeUnknownExit(Form)(input, { errors: "all" })
    const error = Exit.findErrorOption(exit)
    if (error._tag === "None" || !Schema.isSchemaError(error.value)) throw new Error("expected a schema error")
    return error.value.issue
  }

  it("maps a decoding issue to one message key per top-level field", () => {
    expect(fieldErrorsFromIssue(issueOf({ ...VALID, name: "", count: "x" }))).toEqual({
      name: MessageKey.required,
      count: MessageKey.invalid,
    })
  })

  it("gives only validation.* keys, never Effect's English texts", () => {
    const errors = fieldErrorsFromIssue(issueOf({ name: 5, nested: [], unannotated: "too long" }))
    for (const message of Object.values(errors)) expect(message).toMatch(/^validation\./)
  })
})

describe("MessageKey", () => {
  it("keeps every key under the validation namespace", () => {
    for (const key of Object.values(MessageKey)) expect(key).toMatch(/^validation\.[a-zA-Z]+$/)
  })
})

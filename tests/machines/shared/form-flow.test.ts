import { describe, expect, it } from "vitest"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import {
  blurField,
  changeField,
  type FormContext,
  rejectSubmit,
  withServerErrors,
} from "../../../src/machines/shared/form-flow.ts"

type Form = { readonly email: string; readonly name: string; readonly terms: boolean }

const context: FormContext<Form> = {
  form: { email: "ann", name: "", terms: false },
  errors: { email: MessageKey.email, name: MessageKey.required },
  formError: "errors.offline",
  rejectedSubmits: 2,
}

describe("changeField", () => {
  it("stores the value, clears that field's message and the form message, and keeps the others", () => {
    expect(changeField(context, "email", "ann@example.com")).toEqual({
      form: { email: "ann@example.com", name: "", terms: false },
      errors: { name: MessageKey.required },
      formError: null,
      rejectedSubmits: 2,
    })
  })
})

describe("rejectSubmit", () => {
  it("replaces the messages, drops the form message and counts one more turned-back submit", () => {
    expect(rejectSubmit(context, { terms: MessageKey.termsRequired })).toEqual({
      errors: { terms: MessageKey.termsRequired },
      formError: null,
      rejectedSubmits: 3,
    })
  })
})

describe("withServerErrors", () => {
  it("replaces every field message with the server's", () => {
    expect(withServerErrors(context, { name: MessageKey.firstNameMin })).toEqual({
      ...context,
      errors: { name: MessageKey.firstNameMin },
    })
  })
})

describe("blurField", () => {
  it("keeps the messages as they are for an empty or unticked field", () => {
    expect(blurField(context, "name", {})).toBe(context.errors)
    expect(blurField(context, "terms", { terms: MessageKey.termsRequired })).toBe(context.errors)
  })

  it("sets the blurred field's message from the validation and leaves the others", () => {
    const filled = { ...context, errors: { name: MessageKey.required } }
    expect(blurField(filled, "email", { email: MessageKey.tooLong, name: MessageKey.invalid })).toEqual({
      email: MessageKey.tooLong,
      name: MessageKey.required,
    })
  })

  it("clears the blurred field's message when the validation has none for it", () => {
    expect(blurField(context, "email", { name: MessageKey.invalid })).toEqual({ name: MessageKey.required })
  })
})

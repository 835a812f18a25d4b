// What every form flow shares: the values typed, one message key per field, a form-level message,
// and how many submits were turned back with field errors. Editing a field clears its own message;
// a field is checked when it loses focus once it holds something; nothing typed is ever dropped by
// a failure. Only a turned-back submit moves focus (the view follows `rejectedSubmits`): a message
// appearing on blur or while typing never does. `formFlow(validate)` binds these steps to one
// form's rule, so each transition of a form machine is one line.
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import type { FieldErrors, Validated } from "../../domain/shared/validation.ts"

export interface FormContext<F> {
  readonly form: F
  readonly errors: FieldErrors
  readonly formError: string | null
  /** Submits turned back with field errors (by the form or the server); the view focuses the first invalid field when it grows. */
  readonly rejectedSubmits: number
}

export type FieldChange<F> = {
  readonly type: "field.change"
  readonly field: keyof F & string
  readonly value: F[keyof F]
}
export type FieldBlur<F> = { readonly type: "field.blur"; readonly field: keyof F & string }
export type FormSubmit = { readonly type: "form.submit" }
/** The events a form view sends: typing, leaving a field, submitting. */
export type FormEvent<F> = FieldChange<F> | FieldBlur<F> | FormSubmit

export const changeField = <F>(context: FormContext<F>, field: keyof F & string, value: unknown): FormContext<F> => {
  const { [field]: _cleared, ...errors } = context.errors
  return {
    form: { ...context.form, [field]: value } as F,
    errors,
    formError: null,
    rejectedSubmits: context.rejectedSubmits,
  }
}

/** A submit turned back with these field errors: they replace the old ones, and focus may move. */
export const rejectSubmit = <F>(context: FormContext<F>, errors: FieldErrors) => ({
  errors: { ...errors },
  formError: null,
  rejectedSubmits: context.rejectedSubmits + 1,
})

/** Server field errors win over nothing; a field the server did not name keeps no message. */
export const withServerErrors = <F>(context: FormContext<F>, errors: FieldErrors): FormContext<F> => ({
  ...context,
  errors: { ...errors },
})

/** Validation of one field after it loses focus, once it holds something. */
export const blurField = <F>(context: FormContext<F>, field: keyof F & string, errors: FieldErrors): FieldErrors => {
  const value = context.form[field]
  if (value === "" || value === undefined || value === false) return context.errors
  const { [field]: _old, ...rest } = context.errors
  const message = errors[field]
  return message === undefined ? rest : { ...rest, [field]: message }
}

/**
 * A submit the server turned back: its field messages (and focus moves to the first), or one
 * message for the form when the failure is not about fields. What was typed stays.
 */
export const submitFailed = <F>(context: FormContext<F>, error: unknown) =>
  failureOf(error)?._tag === "ValidationFailed"
    ? rejectSubmit(context, failureFieldErrors(error))
    : { formError: formErrorKey(error) }

/** The steps of a form flow for one form rule (the same Schema the server decodes the request with). */
export const formFlow = <F, P>(validate: (form: F) => Validated<P>) => {
  const errorsOf = (form: F): FieldErrors => {
    const result = validate(form)
    return result._tag === "Valid" ? {} : result.errors
  }
  return {
    errorsOf,
    isValid: (form: F) => validate(form)._tag === "Valid",
    /** What is sent: the form as its rule reads it. Only a valid form is ever submitted. */
    payload: (form: F): P => {
      const result = validate(form)
      if (result._tag === "Invalid") throw new Error("submitting an invalid form")
      return result.value
    },
    change: (context: FormContext<F>, field: keyof F & string, value: unknown) => changeField(context, field, value),
    blur: (context: FormContext<F>, field: keyof F & string) => ({
      errors: blurField(context, field, errorsOf(context.form)),
    }),
    /** A submit turned back by the form's own rule. */
    reject: (context: FormContext<F>) => rejectSubmit(context, errorsOf(context.form)),
  }
}

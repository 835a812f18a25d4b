// Shared shape of form flows: the values typed, one message key per field, a form-level message,
// and how many submits were turned back with field errors. Editing a field clears its own message;
// nothing typed is ever dropped by a failure. Only a turned-back submit moves focus (the view
// follows `rejectedSubmits`): a message appearing on blur or while typing never does.
import type { FieldErrors } from "../../domain/shared/validation.ts"

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

// Shared shape of form flows: the values typed, one message key per field, and a form-level message.
// Editing a field clears its own message; nothing typed is ever dropped by a failure.
import type { FieldErrors } from "../domain/validation.ts"

export interface FormContext<F> {
  readonly form: F
  readonly errors: FieldErrors
  readonly formError: string | null
}

export type FieldChange<F> = {
  readonly type: "field.change"
  readonly field: keyof F & string
  readonly value: F[keyof F]
}

export const changeField = <F>(context: FormContext<F>, field: keyof F & string, value: unknown): FormContext<F> => {
  const { [field]: _cleared, ...errors } = context.errors
  return { form: { ...context.form, [field]: value } as F, errors, formError: null }
}

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

// The form kit every form view uses with its form flow (machines/shared/form-flow.ts): `<FlowForm>`
// is the form shell (no browser validation, submit sends the flow its event, the form-level message,
// focus on the first invalid field after a turned-back submit); `<FlowTextField>` and
// `<FlowCheckbox>` show one field of the flow's form: its value, its translated message, typing
// sends `field.change`, leaving it sends `field.blur`. A field name the flow's form lacks does not
// compile. A form whose rules come in a script of their own (`rules`, domain/shared/later-rules.ts)
// asks for them when it shows, and holds a check (a field left, a submit) until they are in (the form
// says it is busy meanwhile), and if they cannot be loaded the form says so and the next submit
// asks again. Typing never waits.
import { useSelector } from "@xstate/react"
import { createContext, type ReactNode, useContext, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Subscribable } from "xstate"
import { PASSWORD_MIN_LENGTH } from "../../../domain/account/password-limits.ts"
import type { LaterRules } from "../../../domain/shared/later-rules.ts"
import type { FieldErrors } from "../../../domain/shared/message-keys.ts"
import { useFocusFirstInvalid, validateOnBlur } from "../page-hooks.ts"
import { Checkbox, type CheckboxProps } from "./Checkbox.tsx"
import { FormMessage } from "./FormMessage.tsx"
import { TextField, type TextFieldProps } from "./TextField.tsx"

/** What the kit needs of a flow's actor: its context, and the events it sends. */
export interface FlowActor<Context, Event> extends Subscribable<{ readonly context: Context }> {
  readonly getSnapshot: () => { readonly context: Context }
  readonly send: (event: Event) => void
}

interface ShellContext {
  readonly formError: string | null
  readonly rejectedSubmits: number
}

export interface FlowFormProps<Submit> {
  readonly actor: FlowActor<ShellContext, Submit>
  /** The event a submit sends; `form.submit` unless the flow names its own. */
  readonly submit: Submit
  readonly className?: string
  /** False when the page shows the flow's form-level message itself, above several forms. */
  readonly showFormError?: boolean
  /** False when the page focuses the first invalid field itself, across several forms. */
  readonly focusFirstInvalid?: boolean
  /** The rules the flow checks the form by, when they come in a script of their own. */
  readonly rules?: LaterRules<unknown>
  readonly children: ReactNode
}

/** Runs a check once the form's rules are in: at once when they are (or the form has none). */
type WhenRules = (check: () => void) => void
const runNow: WhenRules = (check) => check()
const WhenRulesContext = createContext<WhenRules>(runNow)

/** A submit waiting for the form's rules, and whether they could not be loaded. */
const useRules = (rules: LaterRules<unknown> | undefined) => {
  const [waiting, setWaiting] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    rules?.load().catch(() => undefined)
  }, [rules])
  const whenRules: WhenRules = (check) => {
    if (!rules || rules.loaded()) return check()
    rules.load().then(check, () => undefined)
  }
  const submitWhenRules = (submit: () => void) => {
    if (!rules || rules.loaded()) {
      setFailed(false)
      return submit()
    }
    setWaiting(true)
    rules.load().then(
      () => {
        setWaiting(false)
        setFailed(false)
        submit()
      },
      () => {
        setWaiting(false)
        setFailed(true)
      },
    )
  }
  return { waiting, failed, whenRules, submitWhenRules }
}

export const FlowForm = <Submit,>({
  actor,
  submit,
  className = "form",
  showFormError = true,
  focusFirstInvalid = true,
  rules,
  children,
}: FlowFormProps<Submit>) => {
  const { t } = useTranslation("common")
  const { waiting, failed, whenRules, submitWhenRules } = useRules(rules)
  const formError = useSelector(actor, (s) => (failed ? "errors.offline" : s.context.formError))
  const rejectedSubmits = useSelector(actor, (s) => (focusFirstInvalid ? s.context.rejectedSubmits : 0))
  const formRef = useFocusFirstInvalid(rejectedSubmits)
  return (
    // POST: a form the server drew, sent before the app has taken it over, never puts what was typed
    // (a password) in the address; the server answers with the page again (static-app.ts).
    <form
      ref={formRef}
      className={className}
      method="post"
      noValidate
      aria-busy={waiting || undefined}
      onSubmit={(event) => {
        event.preventDefault()
        submitWhenRules(() => actor.send(submit))
      }}
    >
      {showFormError ? <FormMessage kind="error">{formError ? t(formError) : null}</FormMessage> : null}
      <WhenRulesContext.Provider value={whenRules}>{children}</WhenRulesContext.Provider>
    </form>
  )
}

/** The form submit of every form flow. */
export const FORM_SUBMIT = { type: "form.submit" } as const satisfies { readonly type: "form.submit" }

interface FieldContext<Name extends string, Value> {
  readonly form: { readonly [K in Name]: Value }
  readonly errors: FieldErrors
}

type FieldEvent<Name extends string, Value> =
  | { readonly type: "field.change"; readonly field: Name; readonly value: Value }
  | { readonly type: "field.blur"; readonly field: Name }

/** One field of a flow's form: its value and translated message, and the events it sends. */
const useFlowField = <Name extends string, Value>(
  actor: FlowActor<FieldContext<Name, Value>, FieldEvent<Name, Value>>,
  field: Name,
) => {
  const { t } = useTranslation("common")
  const whenRules = useContext(WhenRulesContext)
  const value = useSelector(actor, (s) => s.context.form[field])
  const error = useSelector(actor, (s) => s.context.errors[field])
  return {
    value,
    errorMessage: error ? t(error) : undefined,
    onChange: (next: Value) => actor.send({ type: "field.change", field, value: next }),
    onBlur: validateOnBlur(() => whenRules(() => actor.send({ type: "field.blur", field }))),
  }
}

export interface FlowTextFieldProps<Name extends string>
  extends Omit<TextFieldProps, "value" | "onChange" | "onBlur" | "errorMessage" | "name"> {
  readonly actor: FlowActor<FieldContext<Name, string>, FieldEvent<Name, string>>
  readonly field: Name
  /** False for a field checked only on submit (a password being typed to sign in). */
  readonly validateOnBlur?: boolean
  /** The input's name; the field's by default. */
  readonly name?: string
}

export const FlowTextField = <Name extends string>({
  actor,
  field,
  validateOnBlur: checkOnBlur = true,
  name,
  ...props
}: FlowTextFieldProps<Name>) => {
  const { value, errorMessage, onChange, onBlur } = useFlowField(actor, field)
  return (
    <TextField
      {...props}
      name={name ?? field}
      value={value}
      onChange={onChange}
      onBlur={checkOnBlur ? onBlur : undefined}
      errorMessage={errorMessage}
    />
  )
}

/** A new password and its confirmation, with the rules under the first (registering, resetting, verifying elsewhere). */
export const NewPasswordFields = ({
  actor,
  label,
}: {
  readonly actor: FlowActor<
    FieldContext<"password" | "confirmPassword", string>,
    FieldEvent<"password" | "confirmPassword", string>
  >
  /** The first field's label: "Password" or "New password". */
  readonly label: string
}) => {
  const { t } = useTranslation("user")
  return (
    <>
      <FlowTextField
        actor={actor}
        field="password"
        label={label}
        type="password"
        autoComplete="new-password"
        description={t("user:register.passwordRules", { min: PASSWORD_MIN_LENGTH })}
        isRequired
      />
      <FlowTextField
        actor={actor}
        field="confirmPassword"
        label={t("user:fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        isRequired
      />
    </>
  )
}

export interface FlowCheckboxProps<Name extends string>
  extends Omit<CheckboxProps, "isSelected" | "onChange" | "errorMessage" | "name"> {
  readonly actor: FlowActor<FieldContext<Name, boolean>, FieldEvent<Name, boolean>>
  readonly field: Name
}

export const FlowCheckbox = <Name extends string>({ actor, field, ...props }: FlowCheckboxProps<Name>) => {
  const { value, errorMessage, onChange } = useFlowField(actor, field)
  return <Checkbox {...props} name={field} isSelected={value} onChange={onChange} errorMessage={errorMessage} />
}

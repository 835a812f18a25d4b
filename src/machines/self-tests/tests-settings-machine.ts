// The tests-settings page (§3, §4, /account-settings/tests-settings): the learner's test settings
// load (a failure says so inline), are edited with a message at each field as it is left, and are
// saved on the button only (a failure keeps what was typed and says so). "Include all points"
// hides the max-points input and keeps the stored limit.
import { assign, fromPromise, setup } from "xstate"
import type { UserSettings } from "../../domain/account/user-settings.ts"
import {
  type NumberField,
  type TestSettingsForm,
  type TestSettingsPatch,
  testSettingsFieldError,
  toTestSettingsForm,
  validateTestSettingsForm,
} from "../../domain/self-tests/test-settings-form.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"

export interface TestsSettingsContext {
  readonly stored: UserSettings | null
  readonly form: TestSettingsForm | null
  readonly errors: FieldErrors
  /** Grows with every save turned back, so the view focuses the first invalid field. */
  readonly rejectedSubmits: number
  readonly loadError: string | null
  readonly saveError: string | null
  readonly saved: boolean
}

export type TestsSettingsEvent =
  | {
      readonly type: "field.change"
      readonly field: keyof TestSettingsForm
      readonly value: TestSettingsForm[keyof TestSettingsForm]
    }
  | { readonly type: "field.blur"; readonly field: NumberField }
  | { readonly type: "settings.save" }
  | { readonly type: "settings.retry" }

export const testsSettingsMachine = setup({
  types: { context: {} as TestsSettingsContext, events: {} as TestsSettingsEvent },
  actors: {
    loadSettings: fromPromise<UserSettings, void>(() => Promise.reject(new Error("loadSettings actor not provided"))),
    saveSettings: fromPromise<UserSettings, TestSettingsPatch>(() =>
      Promise.reject(new Error("saveSettings actor not provided")),
    ),
  },
  guards: {
    isValid: ({ context }) => context.form !== null && validateTestSettingsForm(context.form)._tag === "Valid",
  },
}).createMachine({
  id: "testsSettings",
  context: {
    stored: null,
    form: null,
    errors: {},
    rejectedSubmits: 0,
    loadError: null,
    saveError: null,
    saved: false,
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadSettings",
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({
            stored: event.output,
            form: toTestSettingsForm(event.output),
            loadError: null,
          })),
        },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { on: { "settings.retry": "loading" } },
    editing: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => {
            if (context.form === null) return {}
            const form = { ...context.form, [event.field]: event.value } as TestSettingsForm
            // A message already shown follows the typing; new ones wait for the field to be left.
            const errors = { ...context.errors }
            if (event.field in errors) {
              const message = testSettingsFieldError(form, event.field as NumberField)
              if (message === null) delete errors[event.field]
              else errors[event.field] = message
            }
            if (event.field === "testAllPoints" && event.value === true) delete errors.testLimit
            return { form, errors, saved: false, saveError: null }
          }),
        },
        "field.blur": {
          actions: assign(({ context, event }) => {
            if (context.form === null) return {}
            const message = testSettingsFieldError(context.form, event.field)
            const errors = { ...context.errors }
            if (message === null) delete errors[event.field]
            else errors[event.field] = message
            return { errors }
          }),
        },
        "settings.save": [
          { guard: "isValid", target: "saving", actions: assign({ errors: {}, saveError: null, saved: false }) },
          {
            actions: assign(({ context }) => {
              const result = context.form ? validateTestSettingsForm(context.form) : null
              return {
                errors: result?._tag === "Invalid" ? result.errors : {},
                rejectedSubmits: context.rejectedSubmits + 1,
                saved: false,
              }
            }),
          },
        ],
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "saveSettings",
        input: ({ context }) => {
          const result = validateTestSettingsForm(context.form!)
          if (result._tag !== "Valid") throw new Error("saving an invalid form")
          return result.value
        },
        onDone: {
          target: "editing",
          // What was sent is what is stored; a limit edited while hidden falls back to the stored one.
          actions: assign(({ event }) => ({
            stored: event.output,
            form: toTestSettingsForm(event.output),
            saved: true,
          })),
        },
        onError: {
          target: "editing",
          actions: assign(({ context, event }) => {
            const errors = failureFieldErrors(event.error)
            return {
              errors,
              saveError: formErrorKey(event.error),
              rejectedSubmits: Object.keys(errors).length > 0 ? context.rejectedSubmits + 1 : context.rejectedSubmits,
            }
          }),
        },
      },
    },
  },
})

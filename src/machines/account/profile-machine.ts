// My profile (§3, §5, account settings): the profile and the select options load, the form is
// edited with a message at each field as it is left, a new e-mail address is checked for
// availability as it is typed (300 ms leading debounce: the first change is checked at once, later
// ones once the pause is over), and the form is saved with `PUT api/profile-update`. When the
// server answers that the new address waits for its code, `pendingEmail` is set and the page opens
// the e-mail change flow (email-change-machine.ts); nothing typed is lost on any failure.
import { assign, setup } from "xstate"
import {
  EMAIL_CHECK_DEBOUNCE_MS,
  EMPTY_PROFILE_FORM,
  type EmailValidatePayload,
  emailChanged,
  emailFieldError,
  languageCodeOf,
  type ProfileForm,
  type ProfileOptions,
  type ProfileUpdatePayload,
  type ProfileUpdateResponse,
  profileFormOf,
  validateProfileForm,
} from "../../domain/account/profile.ts"
import type { UserData } from "../../domain/account/user.ts"
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/errors.ts"
import { MessageKey } from "../../domain/shared/validation.ts"
import { apiCall } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, rejectSubmit } from "../shared/form-flow.ts"

export interface ProfileContext extends FormContext<ProfileForm> {
  readonly appLanguage: string
  readonly user: UserData | null
  readonly options: ProfileOptions | null
  readonly loadError: string | null
  /** The last availability answer, for the address it was asked about. */
  readonly emailCheck: { readonly email: string; readonly available: boolean } | null
  /** The new address waiting for its code (the e-mail change dialog is open while set). */
  readonly pendingEmail: string | null
}

export type ProfileEvent =
  | FormEvent<ProfileForm>
  | { readonly type: "profile.retry" }
  | { readonly type: "email.confirmed"; readonly user: UserData }
  | { readonly type: "email.dismiss" }

const profile = formFlow(validateProfileForm)

const currentEmail = (context: ProfileContext) => context.user?.user_profile.email ?? ""
/** A new, well-formed address that has not been asked about yet. */
const needsCheck = (context: ProfileContext) =>
  emailChanged(context.form.email, currentEmail(context)) &&
  emailFieldError(context.form) === undefined &&
  context.emailCheck?.email !== context.form.email.trim().toLowerCase()
const isTaken = (context: ProfileContext) =>
  context.emailCheck !== null &&
  !context.emailCheck.available &&
  context.emailCheck.email === context.form.email.trim().toLowerCase() &&
  emailChanged(context.form.email, currentEmail(context))

/** The form's own errors plus a taken address. */
const errorsWithAvailability = (context: ProfileContext) => {
  const errors = profile.errorsOf(context.form)
  return isTaken(context) && errors.email === undefined ? { ...errors, email: MessageKey.emailTaken } : errors
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { readonly appLanguage: string },
  },
  actors: {
    loadProfile: apiCall<{ readonly user: UserData; readonly options: ProfileOptions }>("loadProfile"),
    checkEmail: apiCall<{ readonly available: boolean }, EmailValidatePayload>("checkEmail"),
    updateProfile: apiCall<ProfileUpdateResponse, ProfileUpdatePayload>("updateProfile"),
  },
  actions: {
    /** Provided by the wiring: the server's message as a success toast. */
    announce: (_, _params: { readonly message: string }) => {},
    /** Provided by the wiring: the app switches to the language just saved. */
    switchLanguage: (_, _params: { readonly language: string }) => {},
    /** Provided by the wiring: the session's copy of the user follows the saved profile. */
    userChanged: (_, _params: { readonly user: UserData }) => {},
  },
  delays: { emailDebounce: EMAIL_CHECK_DEBOUNCE_MS },
  guards: {
    needsCheck: ({ context }) => needsCheck(context),
    canSave: ({ context }) => profile.isValid(context.form) && !isTaken(context),
    isEmailField: ({ event }) => event.type === "field.change" && event.field === "email",
    isFieldFailure: ({ event }) => "error" in event && failureOf(event.error)?._tag === "ValidationFailed",
  },
}).createMachine({
  id: "profile",
  context: ({ input }) => ({
    appLanguage: input.appLanguage,
    form: EMPTY_PROFILE_FORM,
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    user: null,
    options: null,
    loadError: null,
    emailCheck: null,
    pendingEmail: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadProfile",
        onDone: {
          target: "editing",
          actions: assign(({ context, event }) => ({
            user: event.output.user,
            options: event.output.options,
            form: profileFormOf(event.output.user, event.output.options, context.appLanguage),
            loadError: null,
          })),
        },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { on: { "profile.retry": "loading" } },
    editing: {
      type: "parallel",
      states: {
        form: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "field.change": {
                  actions: assign(({ context, event }) => profile.change(context, event.field, event.value)),
                },
                "field.blur": {
                  actions: assign(({ context, event }) => {
                    const errors = errorsWithAvailability(context)
                    const value = context.form[event.field]
                    if (value === "" || value === false) return {}
                    const { [event.field]: _old, ...rest } = context.errors
                    const message = errors[event.field]
                    return { errors: message === undefined ? rest : { ...rest, [event.field]: message } }
                  }),
                },
                "form.submit": [
                  { guard: "canSave", target: "saving" },
                  { actions: assign(({ context }) => rejectSubmit(context, errorsWithAvailability(context))) },
                ],
                "email.confirmed": {
                  actions: [
                    assign(({ context, event }) => ({
                      user: event.user,
                      pendingEmail: null,
                      form: { ...context.form, email: event.user.user_profile.email },
                    })),
                    { type: "userChanged", params: ({ event }) => ({ user: event.user }) },
                  ],
                },
                // The dialog closed without a code: the address stays the old one, the typed one stays in the field.
                "email.dismiss": { actions: assign({ pendingEmail: null }) },
              },
            },
            saving: {
              tags: ["busy"],
              invoke: {
                src: "updateProfile",
                input: ({ context }) => profile.payload(context.form),
                onDone: {
                  target: "idle",
                  actions: [
                    assign(({ context, event }) => ({
                      user: event.output.user,
                      pendingEmail: event.output.pending_email,
                      errors: {},
                      formError: null,
                      // The saved values, except a new address still waiting for its code.
                      form: {
                        ...context.form,
                        first_name: event.output.user.user_profile.first_name,
                        last_name: event.output.user.user_profile.last_name,
                      },
                    })),
                    { type: "announce", params: ({ event }) => ({ message: event.output.message }) },
                    { type: "userChanged", params: ({ event }) => ({ user: event.output.user }) },
                    {
                      type: "switchLanguage",
                      params: ({ context }) => ({
                        language:
                          (context.options && languageCodeOf(context.options, Number(context.form.language_id))) ??
                          context.appLanguage,
                      }),
                    },
                  ],
                },
                onError: [
                  {
                    guard: "isFieldFailure",
                    target: "idle",
                    // §8: field messages, and 'failedUserUpdate' when the e-mail has none.
                    actions: assign(({ context, event }) => {
                      const errors = failureFieldErrors(event.error)
                      return {
                        ...rejectSubmit(context, errors),
                        formError: errors.email === undefined ? "account:profile.failedUserUpdate" : null,
                      }
                    }),
                  },
                  { target: "idle", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
                ],
              },
            },
          },
        },
        emailCheck: {
          initial: "idle",
          states: {
            idle: {
              on: { "field.change": { guard: "isEmailField", target: "deciding" } },
            },
            deciding: { always: [{ guard: "needsCheck", target: "checking" }, { target: "idle" }] },
            checking: {
              invoke: {
                src: "checkEmail",
                input: ({ context }) => ({
                  email: context.form.email.trim(),
                  ...(context.user ? { uuid: context.user.user_profile.uuid } : {}),
                }),
                onDone: {
                  target: "pausing",
                  actions: assign(({ context, event }) => {
                    const checked = context.form.email.trim().toLowerCase()
                    const emailCheck = { email: checked, available: event.output.available }
                    const next = { ...context, emailCheck }
                    // A taken address is said at once; a free one clears only that message.
                    const errors = { ...context.errors }
                    if (isTaken(next)) errors.email = MessageKey.emailTaken
                    else if (errors.email === MessageKey.emailTaken) delete errors.email
                    return { emailCheck, errors }
                  }),
                },
                // The check is a convenience: the server checks again on save.
                onError: { target: "pausing" },
              },
            },
            pausing: {
              after: { emailDebounce: "deciding" },
            },
          },
        },
      },
    },
  },
})

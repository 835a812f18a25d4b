// My profile (§3, §5, account settings): the profile and the select options load, the form is
// edited with a message at each field as it is left, a new e-mail address is checked for
// availability as it is typed (300 ms leading debounce: the first change is checked at once, later
// ones once the pause is over, each answer kept for the address it asked about; when the server
// says there were too many checks, it stops and the save checks instead), and the form is saved
// with `PUT api/profile-update`. A new address is saved only after the account proves itself
// (reauth-machine.ts, invoked as `reauth`); when the server answers that the new address waits for
// its code, `pendingEmail` is set and the page opens the e-mail change flow
// (email-change-machine.ts). A change waiting for its code outlives a closed dialog and a reload
// (the server is asked for it with the profile): it can be resumed or given up. Nothing typed is
// lost on any failure.
import { and, assign, setup } from "xstate"
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
import { reauthMethodOf } from "../../domain/account/reauthentication.ts"
import type { UserData } from "../../domain/account/user.ts"
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import { MessageKey } from "../../domain/shared/message-keys.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, rejectSubmit } from "../shared/form-flow.ts"
import { makeReauthMachine, reauthEnded, reauthFailure, reauthResult } from "./reauth-machine.ts"

export interface ProfileContext extends FormContext<ProfileForm> {
  readonly appLanguage: string
  readonly user: UserData | null
  readonly options: ProfileOptions | null
  readonly loadError: string | null
  /** The last availability answer (null: it could not be asked), for the address it was asked about. */
  readonly emailCheck: { readonly email: string; readonly available: boolean | null } | null
  /** The address the check under way asks about (the field may hold more by the time it answers). */
  readonly askedEmail: string
  /** The new address waiting for its code, as the server knows it. */
  readonly pendingEmail: string | null
  /** Whether the dialog asking for that code is open. */
  readonly codeDialogOpen: boolean
}

export type ProfileEvent =
  | FormEvent<ProfileForm>
  | { readonly type: "profile.retry" }
  | { readonly type: "email.confirmed"; readonly user: UserData }
  | { readonly type: "email.dismiss" }
  | { readonly type: "email.resume" }
  | { readonly type: "email.cancel" }

const profile = formFlow(validateProfileForm)

const currentEmail = (context: ProfileContext) => context.user?.user_profile.email ?? ""
/** A new, well-formed address that has not been asked about yet. */
const needsCheck = (context: ProfileContext) =>
  emailChanged(context.form.email, currentEmail(context)) &&
  emailFieldError(context.form) === undefined &&
  context.emailCheck?.email !== context.form.email.trim().toLowerCase()
const isTaken = (context: ProfileContext) =>
  context.emailCheck !== null &&
  context.emailCheck.available === false &&
  context.emailCheck.email === context.form.email.trim().toLowerCase() &&
  emailChanged(context.form.email, currentEmail(context))

/** The form's own errors plus a taken address. */
const errorsWithAvailability = (context: ProfileContext) => {
  const errors = profile.errorsOf(context.form)
  return isTaken(context) && errors.email === undefined ? { ...errors, email: MessageKey.emailTaken } : errors
}

/** The answer of a save: the server's user, and the new address waiting for its code. */
const savedFrom = (context: ProfileContext, response: ProfileUpdateResponse) => ({
  user: response.user,
  // A save that keeps the address leaves a change still waiting as it was.
  pendingEmail: response.pending_email ?? context.pendingEmail,
  codeDialogOpen: response.pending_email !== null,
  errors: {},
  formError: null,
  // The saved values, except a new address still waiting for its code.
  form: {
    ...context.form,
    first_name: response.user.user_profile.first_name,
    last_name: response.user.user_profile.last_name,
  },
})

/** A refused save: §8 field messages, and 'failedUserUpdate' when the e-mail has none; else one message. */
const refusedFrom = (context: ProfileContext, error: unknown) => {
  if (failureOf(error)?._tag !== "ValidationFailed") return { formError: formErrorKey(error) }
  const errors = failureFieldErrors(error)
  return {
    ...rejectSubmit(context, errors),
    formError: errors.email === undefined ? "account:profile.failedUserUpdate" : null,
    // The save's word that the address is taken stands for that address, like a check's.
    ...(errors.email === MessageKey.emailTaken
      ? { emailCheck: { email: context.form.email.trim().toLowerCase(), available: false } }
      : {}),
  }
}

/** The language just saved, for the interface to follow. */
const chosenLanguage = (context: ProfileContext) =>
  (context.options && languageCodeOf(context.options, Number(context.form.language_id))) ?? context.appLanguage

/** The proof before a new address is saved. */
export const profileReauthMachine = makeReauthMachine<ProfileUpdatePayload, ProfileUpdateResponse>()

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { readonly appLanguage: string },
    children: {} as { readonly reauth: "reauth" },
  },
  actors: {
    loadProfile: apiCall<{
      readonly user: UserData
      readonly options: ProfileOptions
      readonly pendingEmail: string | null
    }>("loadProfile"),
    cancelEmailChange: apiCall<{ readonly message: string }>("cancelEmailChange"),
    checkEmail: apiCall<{ readonly available: boolean }, EmailValidatePayload>("checkEmail"),
    updateProfile: apiCall<ProfileUpdateResponse, ProfileUpdatePayload>("updateProfile"),
    reauth: profileReauthMachine,
  },
  actions: {
    /** After a save the form follows the answer (which is also announced and given to the session). */
    saved: assign(({ context }, { response }: { readonly response: ProfileUpdateResponse }) =>
      savedFrom(context, response),
    ),
    refused: assign(({ context }, { error }: { readonly error: unknown }) => refusedFrom(context, error)),
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
    changesEmail: ({ context }) => emailChanged(context.form.email, currentEmail(context)),
    isEmailField: ({ event }) => event.type === "field.change" && event.field === "email",
    isTooManyRequests: isFailure("TooManyRequests"),
    hasPendingEmail: ({ context }) => context.pendingEmail !== null,
    reauthDone: reauthEnded("done"),
    reauthFailed: reauthEnded("failed"),
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
    askedEmail: "",
    pendingEmail: null,
    codeDialogOpen: false,
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
            pendingEmail: event.output.pendingEmail,
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
                  // A new address is the account's key: the account proves itself first.
                  { guard: and(["canSave", "changesEmail"]), target: "reauthenticating" },
                  { guard: "canSave", target: "saving" },
                  { actions: assign(({ context }) => rejectSubmit(context, errorsWithAvailability(context))) },
                ],
                "email.confirmed": {
                  actions: [
                    assign(({ context, event }) => ({
                      user: event.user,
                      pendingEmail: null,
                      codeDialogOpen: false,
                      form: { ...context.form, email: event.user.user_profile.email },
                    })),
                    { type: "userChanged", params: ({ event }) => ({ user: event.user }) },
                  ],
                },
                // The dialog closed without a code: the address stays the old one, the typed one stays in
                // the field, and the change still waits for its code.
                "email.dismiss": { actions: assign({ codeDialogOpen: false }) },
                "email.resume": { guard: "hasPendingEmail", actions: assign({ codeDialogOpen: true }) },
                "email.cancel": { guard: "hasPendingEmail", target: "cancellingEmail" },
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
                    { type: "saved", params: ({ event }) => ({ response: event.output }) },
                    { type: "announce", params: ({ event }) => ({ message: event.output.message }) },
                    { type: "userChanged", params: ({ event }) => ({ user: event.output.user }) },
                    { type: "switchLanguage", params: ({ context }) => ({ language: chosenLanguage(context) }) },
                  ],
                },
                onError: {
                  target: "idle",
                  actions: { type: "refused", params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            // The change waiting for its code is given up; the field shows the account's address again.
            cancellingEmail: {
              tags: ["busy", "cancellingEmail"],
              entry: assign({ codeDialogOpen: false, formError: null }),
              invoke: {
                src: "cancelEmailChange",
                onDone: {
                  target: "idle",
                  actions: [
                    assign(({ context }) => {
                      const { email: _typed, ...errors } = context.errors
                      return { pendingEmail: null, form: { ...context.form, email: currentEmail(context) }, errors }
                    }),
                    { type: "announce", params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: { target: "idle", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
              },
            },
            // The dialog asking for the password (or a mailed code) is open; it saves the form itself.
            reauthenticating: {
              tags: ["busy"],
              invoke: {
                id: "reauth",
                src: "reauth",
                input: ({ context }) => ({
                  method: reauthMethodOf(context.user?.user_profile.password_available ?? true),
                  email: currentEmail(context),
                  request: profile.payload(context.form),
                }),
                onDone: [
                  {
                    guard: "reauthDone",
                    target: "idle",
                    actions: [
                      { type: "saved", params: ({ event }) => ({ response: reauthResult(event.output) }) },
                      { type: "announce", params: ({ event }) => ({ message: reauthResult(event.output).message }) },
                      { type: "userChanged", params: ({ event }) => ({ user: reauthResult(event.output).user }) },
                      { type: "switchLanguage", params: ({ context }) => ({ language: chosenLanguage(context) }) },
                    ],
                  },
                  {
                    guard: "reauthFailed",
                    target: "idle",
                    actions: { type: "refused", params: ({ event }) => ({ error: reauthFailure(event.output) }) },
                  },
                  // Closed without a proof: nothing was saved, nothing typed is lost.
                  { target: "idle" },
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
              tags: ["checkingEmail"],
              entry: assign(({ context }) => ({ askedEmail: context.form.email.trim().toLowerCase() })),
              invoke: {
                src: "checkEmail",
                input: ({ context }) => ({
                  email: context.form.email.trim(),
                  ...(context.user ? { uuid: context.user.user_profile.uuid } : {}),
                }),
                onDone: {
                  target: "pausing",
                  actions: assign(({ context, event }) => {
                    // An address once found taken (by a check or by a refused save) stays taken on
                    // this page: a check answered later cannot clear what the save was told.
                    const known = context.emailCheck
                    if (known?.email === context.askedEmail && known.available === false) return {}
                    const emailCheck = { email: context.askedEmail, available: event.output.available }
                    const next = { ...context, emailCheck }
                    // A taken address is said at once; a free one clears only that message.
                    const errors = { ...context.errors }
                    if (isTaken(next)) errors.email = MessageKey.emailTaken
                    else if (errors.email === MessageKey.emailTaken) delete errors.email
                    return { emailCheck, errors }
                  }),
                },
                onError: [
                  // Asked too often today: no more checks on this page; the save checks instead.
                  { guard: "isTooManyRequests", target: "limited" },
                  {
                    // The check is a convenience: this address is not asked again, the save checks it.
                    target: "pausing",
                    actions: assign(({ context }) => ({ emailCheck: { email: context.askedEmail, available: null } })),
                  },
                ],
              },
            },
            pausing: {
              after: { emailDebounce: "deciding" },
            },
            limited: { tags: ["emailCheckLimited"] },
          },
        },
      },
    },
  },
})

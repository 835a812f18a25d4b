// Proving an existing account before a social identity is linked to it: its owner types the
// account's password. A wrong one shows "Invalid credentials" and clears the field; the right one
// links the identity and signs in. A spent or expired ticket asks to start again.
import { assign, setup } from "xstate"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import type { SocialRefusalReason } from "../../domain/account/social-errors.ts"
import type { SocialLinkForm, SocialLinkPayload } from "../../domain/account/social-sign-in.ts"
import type { SignedInUser } from "../../domain/account/user.ts"
import { failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, submitFailed } from "../shared/form-flow.ts"

export interface SocialLinkContext extends FormContext<SocialLinkForm> {
  readonly email: string
  readonly refusal: SocialRefusalReason | null
  readonly returnTo: string | null
}

const linking = formFlow((form: SocialLinkForm) => signInRules.get().validateSocialLinkForm(form))

export const socialLinkMachine = setup({
  types: {
    context: {} as SocialLinkContext,
    events: {} as FormEvent<SocialLinkForm>,
    input: {} as { readonly ticket: string; readonly email: string; readonly returnTo: string | null },
  },
  actors: { link: apiCall<SignedInUser, SocialLinkPayload>("link") },
  actions: {
    signedIn: (_, _params: { readonly user: SignedInUser; readonly returnTo: string | null }) => {},
  },
  guards: {
    formIsValid: ({ context }) => linking.isValid(context.form),
    isRefused: isFailure("SocialSignInRefused"),
    isFieldFailure: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "socialLink",
  context: ({ input }) => ({
    form: { ticket: input.ticket, password: "" },
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    email: input.email,
    refusal: null,
    returnTo: input.returnTo,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": { actions: assign(({ context, event }) => linking.change(context, event.field, event.value)) },
        "field.blur": { actions: assign(({ context, event }) => linking.blur(context, event.field)) },
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { actions: assign(({ context }) => linking.reject(context)) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "link",
        input: ({ context }) => linking.payload(context.form),
        onDone: {
          target: "linked",
          actions: {
            type: "signedIn",
            params: ({ context, event }) => ({ user: event.output, returnTo: context.returnTo }),
          },
        },
        onError: [
          {
            guard: "isRefused",
            target: "refused",
            actions: assign(({ event }) => {
              const failure = failureOf(event.error)
              return { refusal: failure?._tag === "SocialSignInRefused" ? failure.reason : "expired" }
            }),
          },
          {
            guard: "isFieldFailure",
            target: "editing",
            actions: assign(({ context, event }) => submitFailed(context, event.error)),
          },
          {
            target: "editing",
            // A wrong password is cleared; what else was typed stays.
            actions: assign(({ context, event }) => ({
              formError: formErrorKey(event.error),
              form:
                failureOf(event.error)?._tag === "InvalidCredentials"
                  ? { ...context.form, password: "" }
                  : context.form,
            })),
          },
        ],
      },
    },
    linked: { type: "final" },
    refused: { type: "final" },
  },
})

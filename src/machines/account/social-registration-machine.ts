// The social registration variant of §3: e-mail (the provider's, verified), first and last name,
// terms and promotional e-mails; no password. Prefilled from the ID token's claims. A registered
// user is signed in at once; a spent or expired ticket asks to start the social sign-in again.
import { assign, setup } from "xstate"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import type { SocialRefusalReason } from "../../domain/account/social-errors.ts"
import type { SocialRegisterForm, SocialRegisterPayload } from "../../domain/account/social-sign-in.ts"
import type { SignedInUser } from "../../domain/account/user.ts"
import { failureOf } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, submitFailed } from "../shared/form-flow.ts"

export interface SocialRegistrationContext extends FormContext<SocialRegisterForm> {
  readonly refusal: SocialRefusalReason | null
  readonly returnTo: string | null
}

const registration = formFlow((form: SocialRegisterForm) => signInRules.get().validateSocialRegisterForm(form))

export const socialRegistrationMachine = setup({
  types: {
    context: {} as SocialRegistrationContext,
    events: {} as FormEvent<SocialRegisterForm>,
    input: {} as {
      readonly ticket: string
      readonly email: string
      readonly firstName: string
      readonly lastName: string
      readonly returnTo: string | null
    },
  },
  actors: { register: apiCall<SignedInUser, SocialRegisterPayload>("register") },
  actions: {
    signedIn: (_, _params: { readonly user: SignedInUser; readonly returnTo: string | null }) => {},
  },
  guards: {
    formIsValid: ({ context }) => registration.isValid(context.form),
    isRefused: isFailure("SocialSignInRefused"),
  },
}).createMachine({
  id: "socialRegistration",
  context: ({ input }) => ({
    form: {
      ticket: input.ticket,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      termsChecked: false,
      promotional: false,
    },
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    refusal: null,
    returnTo: input.returnTo,
  }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": {
          actions: assign(({ context, event }) => registration.change(context, event.field, event.value)),
        },
        "field.blur": { actions: assign(({ context, event }) => registration.blur(context, event.field)) },
        "form.submit": [
          { guard: "formIsValid", target: "submitting" },
          { actions: assign(({ context }) => registration.reject(context)) },
        ],
      },
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        src: "register",
        input: ({ context }) => registration.payload(context.form),
        onDone: {
          target: "signedIn",
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
          { target: "editing", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
        ],
      },
    },
    signedIn: { type: "final" },
    refused: { type: "final" },
  },
})

// The app's social callback page (/social/callback): the provider's answer, passed on by the
// server, is completed with `POST api/social-login`. It signs in (and goes back to the return path),
// or asks for the next step — the social registration form, or proving an existing account — or
// shows why it was refused. An answer is single use, so a failure offers a new start, never a retry.
import { assign, setup } from "xstate"
import type { SocialRefusalReason } from "../../domain/account/social-errors.ts"
import { providerErrorReason, socialNextStep } from "../../domain/account/social-links.ts"
import type {
  SocialLinkNeeded,
  SocialLoginPayload,
  SocialLoginResult,
  SocialRegistrationNeeded,
} from "../../domain/account/social-sign-in.ts"
import type { SignedInUser } from "../../domain/account/user.ts"
import { failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall } from "../shared/api-call.ts"

/** Why the page could not sign in: a refusal of the server, the provider's own, or a failed call. */
export type SocialCallbackProblem =
  | { readonly _tag: "Refused"; readonly reason: SocialRefusalReason | "accessDenied" | "providerError" | "off" }
  | { readonly _tag: "Failed"; readonly key: string }

export interface SocialCallbackInput {
  readonly code: string | null
  readonly state: string | null
  readonly iss: string | null
  readonly error: string | null
  readonly returnTo: string | null
}

export interface SocialCallbackContext {
  readonly input: SocialCallbackInput
  readonly next: SocialRegistrationNeeded | SocialLinkNeeded | null
  readonly problem: SocialCallbackProblem | null
}

export const problemOf = (error: unknown): SocialCallbackProblem => {
  const failure = failureOf(error)
  switch (failure?._tag) {
    case "SocialSignInRefused":
      return { _tag: "Refused", reason: failure.reason }
    case "NotFound":
      return { _tag: "Refused", reason: "off" }
    default:
      return { _tag: "Failed", key: formErrorKey(error) }
  }
}

export const socialCallbackMachine = setup({
  types: {
    context: {} as SocialCallbackContext,
    events: {} as { readonly type: "callback.noop" },
    input: {} as SocialCallbackInput,
  },
  actors: { completeSignIn: apiCall<SocialLoginResult, SocialLoginPayload>("completeSignIn") },
  actions: {
    /** Provided by the wiring: keep the session and leave for `returnTo` (or home). */
    signedIn: (_, _params: { readonly user: SignedInUser; readonly returnTo: string | null }) => {},
  },
  guards: {
    providerRefused: ({ context }) => context.input.error !== null,
    answerIncomplete: ({ context }) => !context.input.code || !context.input.state,
    signedIn: ({ event }) => "output" in event && socialNextStep(event.output as SocialLoginResult) === null,
    needsRegistration: ({ event }) =>
      "output" in event && socialNextStep(event.output as SocialLoginResult)?.step === "register",
  },
}).createMachine({
  id: "socialCallback",
  context: ({ input }) => ({ input, next: null, problem: null }),
  initial: "checking",
  states: {
    checking: {
      always: [
        {
          guard: "providerRefused",
          target: "refused",
          actions: assign(({ context }) => ({
            problem: { _tag: "Refused", reason: providerErrorReason(context.input.error ?? "") } as const,
          })),
        },
        {
          guard: "answerIncomplete",
          target: "refused",
          actions: assign({ problem: { _tag: "Refused", reason: "state" } as const }),
        },
        { target: "completing" },
      ],
    },
    completing: {
      tags: ["busy"],
      invoke: {
        src: "completeSignIn",
        input: ({ context }) => ({
          code: context.input.code ?? "",
          state: context.input.state ?? "",
          ...(context.input.iss ? { iss: context.input.iss } : {}),
        }),
        onDone: [
          {
            guard: "signedIn",
            target: "signedIn",
            actions: {
              type: "signedIn",
              params: ({ context, event }) => ({
                user: event.output as SignedInUser,
                returnTo: context.input.returnTo,
              }),
            },
          },
          {
            guard: "needsRegistration",
            target: "registering",
            actions: assign(({ event }) => ({ next: socialNextStep(event.output) })),
          },
          { target: "linking", actions: assign(({ event }) => ({ next: socialNextStep(event.output) })) },
        ],
        onError: { target: "refused", actions: assign(({ event }) => ({ problem: problemOf(event.error) })) },
      },
    },
    /** The social registration form takes over (its own machine). */
    registering: { type: "final" },
    /** The prove-to-link form takes over (its own machine). */
    linking: { type: "final" },
    signedIn: { type: "final" },
    refused: { type: "final" },
  },
})

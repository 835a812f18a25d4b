// The e-mail change (§4 "E-mail change in profile"): after the profile was saved with a new
// address, the four-digit code sent there is typed and verified with `PUT api/profile-email-update`.
// A wrong or expired code shows the server's message and is cleared; the dialog stays until the
// code is right (done, with the updated user) or the user closes it (the address stays the old one).
import { assign, setup } from "xstate"
import type { EmailUpdatePayload, EmailUpdateResponse } from "../../domain/account/profile.ts"
import type { UserData } from "../../domain/account/user.ts"
import { isCode, sanitizeCodeInput } from "../../domain/account/verification-code.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { MessageKey } from "../../domain/shared/message-keys.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface EmailChangeContext {
  readonly email: string
  readonly code: string
  /** The code field's message key. */
  readonly error: string | null
  readonly formError: string | null
  readonly rejectedSubmits: number
  readonly user: UserData | null
}

export type EmailChangeEvent =
  | { readonly type: "code.change"; readonly value: string }
  | { readonly type: "code.submit" }
  | { readonly type: "dialog.close" }

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
    input: {} as { readonly email: string },
    output: {} as { readonly user: UserData | null },
  },
  actors: {
    confirmEmail: apiCall<EmailUpdateResponse, EmailUpdatePayload>("confirmEmail"),
  },
  actions: {
    /** Provided by the wiring: the server's message as a success toast. */
    announce: (_, _params: { readonly message: string }) => {},
  },
  guards: {
    codeIsValid: ({ context }) => isCode(context.code),
    isFieldFailure: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "emailChange",
  context: ({ input }) => ({
    email: input.email,
    code: "",
    error: null,
    formError: null,
    rejectedSubmits: 0,
    user: null,
  }),
  initial: "entering",
  output: ({ context }) => ({ user: context.user }),
  states: {
    entering: {
      on: {
        "code.change": {
          actions: assign(({ event }) => ({ code: sanitizeCodeInput(event.value), error: null, formError: null })),
        },
        "code.submit": [
          { guard: "codeIsValid", target: "verifying" },
          {
            actions: assign(({ context }) => ({
              error: context.code.length === 0 ? MessageKey.required : MessageKey.codeFormat,
              rejectedSubmits: context.rejectedSubmits + 1,
            })),
          },
        ],
        "dialog.close": "closed",
      },
    },
    verifying: {
      tags: ["busy"],
      invoke: {
        src: "confirmEmail",
        input: ({ context }) => ({ email: context.email, otp: context.code }),
        onDone: {
          target: "confirmed",
          actions: [
            assign(({ event }) => ({ user: event.output.user })),
            { type: "announce", params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: [
          {
            guard: "isFieldFailure",
            target: "entering",
            // The code is cleared so the next one is typed fresh; the message says why.
            actions: assign(({ context, event }) => {
              const errors = failureFieldErrors(event.error)
              return {
                code: "",
                error: errors.otp ?? null,
                formError: errors.otp === undefined ? (errors.email ?? formErrorKey(event.error)) : null,
                rejectedSubmits: context.rejectedSubmits + 1,
              }
            }),
          },
          { target: "entering", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    confirmed: { type: "final" },
    closed: { type: "final" },
  },
})

// E-mail verification (§5): the link in the mail carries the account and a single-use token and
// verifies at once; otherwise the four-digit code is typed in. A wrong code is cleared (§8); the
// mail can be sent again. Without an account in the link, the page asks for the address to resend to.
// A link that is malformed, unknown, replaced or expired says so — as a link, not as a typed code —
// and points to sending a new one; a link whose account id is malformed offers no code field (no
// code could ever work with it). A used link reads like an expired one on the server (it never says
// whether an address has an account), so the page says both: signing in, or a new link.
import { and, assign, setup } from "xstate"
import { isAccountEmail } from "../../domain/account/email-rules.ts"
import { isAccountId, isCode, isLinkToken, sanitizeCodeInput } from "../../domain/account/verification-code.ts"
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/errors.ts"
import { MessageKey } from "../../domain/shared/validation.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface VerificationContext {
  /** The account the link names; null without one, or when what it names is no account id. */
  readonly uuid: string | null
  /** The link named an account in a form no account has (cut short, mangled). */
  readonly accountMalformed: boolean
  /** The link's token as given, until it has been tried. */
  readonly token: string | null
  readonly email: string
  readonly code: string
  readonly codeError: string | null
  readonly emailError: string | null
  readonly formError: string | null
  readonly notice: string | null
  /** Submits turned back with a field error; the view focuses the invalid field when it grows. */
  readonly rejectedSubmits: number
  /** The code being checked came with the link (not typed): its failure is the link's. */
  readonly fromLink: boolean
}

export type VerificationEvent =
  | { readonly type: "code.change"; readonly value: string }
  | { readonly type: "code.submit" }
  | { readonly type: "email.change"; readonly value: string }
  | { readonly type: "verification.resend" }

/** A refused link reads "used already (log in) or expired (a new link)"; anything else is the failure's own message. */
const linkFailureKey = (error: unknown) =>
  failureOf(error)?._tag === "ValidationFailed" ? MessageKey.verificationLinkUsed : formErrorKey(error)

/** The page offers signing in beside a new link: the refused link may well have confirmed the address. */
export const offersSignIn = (context: Pick<VerificationContext, "formError">) =>
  context.formError === MessageKey.verificationLinkUsed

/** An empty address reads "required", anything else that is not an address "invalid e-mail". */
const emailErrorKey = (email: string) => (email.trim() === "" ? MessageKey.required : MessageKey.email)

export const emailVerificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    input: {} as {
      readonly uuid?: string | null
      readonly code?: string | null
      readonly token?: string | null
      readonly email?: string | null
    },
  },
  actors: {
    verify: apiCall<{ readonly message: string }, { readonly uuid: string; readonly code: string }>("verify"),
    resend: apiCall<{ readonly message: string }, { readonly email: string }>("resend"),
    verifyLink: apiCall<{ readonly message: string }, { readonly token: string }>("verifyLink"),
  },
  guards: {
    linkHasToken: ({ context }) => context.token !== null && isLinkToken(context.token),
    accountIsMalformed: ({ context }) => context.accountMalformed,
    linkTokenIsMalformed: ({ context }) => context.token !== null && !isLinkToken(context.token),
    linkIsMalformed: ({ context }) => context.fromLink && !isCode(context.code),
    isLinkFailure: and(["cameWithLink", "isFieldFailure"]),
    cameWithLink: ({ context }) => context.fromLink,
    linkHasCode: ({ context }) => context.uuid !== null && isCode(context.code),
    hasAccount: ({ context }) => context.uuid !== null,
    codeIsValid: ({ context }) => isCode(context.code),
    emailIsValid: ({ context }) => isAccountEmail(context.email.trim()),
    isFieldFailure: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "emailVerification",
  context: ({ input }) => ({
    uuid: input.uuid && isAccountId(input.uuid) ? input.uuid : null,
    accountMalformed: Boolean(input.uuid) && !isAccountId(input.uuid ?? ""),
    token: input.token || null,
    email: input.email ?? "",
    code: sanitizeCodeInput(input.code ?? ""),
    codeError: null,
    emailError: null,
    formError: null,
    notice: null,
    rejectedSubmits: 0,
    fromLink: Boolean(input.uuid) && Boolean(input.code),
  }),
  initial: "start",
  states: {
    start: {
      always: [
        // The token alone verifies, whatever the rest of the link says.
        { guard: "linkHasToken", target: "verifyingLink" },
        // No code can work for an account id no account has: a new link is the way on.
        {
          guard: "accountIsMalformed",
          target: "awaitingEmail",
          actions: assign({ formError: MessageKey.linkInvalid, token: null, fromLink: false }),
        },
        // A link whose token or code is cut short: say so, and offer the code or a new mail.
        {
          guard: and(["linkTokenIsMalformed", "hasAccount"]),
          target: "awaitingCode",
          actions: assign({ formError: MessageKey.linkInvalid, token: null }),
        },
        {
          guard: "linkTokenIsMalformed",
          target: "awaitingEmail",
          actions: assign({ formError: MessageKey.linkInvalid, token: null }),
        },
        { guard: "linkHasCode", target: "verifying" },
        {
          guard: "linkIsMalformed",
          target: "awaitingCode",
          actions: assign({ formError: MessageKey.linkInvalid, fromLink: false }),
        },
        { guard: "hasAccount", target: "awaitingCode" },
        { target: "awaitingEmail" },
      ],
    },
    awaitingCode: {
      on: {
        "code.change": {
          actions: assign(({ event }) => ({ code: sanitizeCodeInput(event.value), codeError: null, formError: null })),
        },
        "code.submit": [
          { guard: "codeIsValid", target: "verifying" },
          {
            actions: assign(({ context }) => ({
              codeError: MessageKey.codeFormat,
              rejectedSubmits: context.rejectedSubmits + 1,
            })),
          },
        ],
        "email.change": { actions: assign(({ event }) => ({ email: event.value, emailError: null })) },
        "verification.resend": [
          { guard: "emailIsValid", target: "resending" },
          {
            actions: assign(({ context }) => ({
              emailError: emailErrorKey(context.email),
              rejectedSubmits: context.rejectedSubmits + 1,
            })),
          },
        ],
      },
    },
    awaitingEmail: {
      on: {
        "email.change": { actions: assign(({ event }) => ({ email: event.value, emailError: null, formError: null })) },
        "verification.resend": [
          { guard: "emailIsValid", target: "resending" },
          {
            actions: assign(({ context }) => ({
              emailError: emailErrorKey(context.email),
              rejectedSubmits: context.rejectedSubmits + 1,
            })),
          },
        ],
      },
    },
    verifying: {
      tags: ["busy"],
      // Once the link's code has had its answer, any later try is a typed code.
      exit: assign({ fromLink: false }),
      invoke: {
        src: "verify",
        input: ({ context }) => ({ uuid: context.uuid ?? "", code: context.code }),
        onDone: { target: "verified" },
        onError: [
          {
            guard: "isLinkFailure",
            target: "awaitingCode",
            actions: assign(({ event }) => ({
              code: "",
              codeError: null,
              formError:
                failureFieldErrors(event.error).code === MessageKey.codeExpired
                  ? MessageKey.verificationLinkExpired
                  : MessageKey.linkInvalid,
              fromLink: false,
            })),
          },
          {
            guard: "isFieldFailure",
            target: "awaitingCode",
            actions: assign(({ context, event }) => ({
              code: "",
              codeError: failureFieldErrors(event.error).code ?? MessageKey.codeInvalid,
              formError: null,
              rejectedSubmits: context.rejectedSubmits + 1,
            })),
          },
          { target: "awaitingCode", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
    verifyingLink: {
      tags: ["busy"],
      invoke: {
        src: "verifyLink",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: { target: "verified" },
        // A used or expired link: the code from the same mail, or a new mail, still helps.
        onError: [
          {
            guard: "hasAccount",
            target: "awaitingCode",
            actions: assign(({ event }) => ({ token: null, formError: linkFailureKey(event.error) })),
          },
          {
            target: "awaitingEmail",
            actions: assign(({ event }) => ({ token: null, formError: linkFailureKey(event.error) })),
          },
        ],
      },
    },
    resending: {
      tags: ["busy"],
      invoke: {
        src: "resend",
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          {
            guard: "hasAccount",
            target: "awaitingCode",
            actions: assign({ notice: "notices.verificationSent", formError: null }),
          },
          { target: "awaitingEmail", actions: assign({ notice: "notices.verificationSent", formError: null }) },
        ],
        onError: [
          {
            guard: "hasAccount",
            target: "awaitingCode",
            actions: assign(({ event }) => ({ formError: formErrorKey(event.error), notice: null })),
          },
          {
            target: "awaitingEmail",
            actions: assign(({ event }) => ({ formError: formErrorKey(event.error), notice: null })),
          },
        ],
      },
    },
    verified: { type: "final" },
  },
})

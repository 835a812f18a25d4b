// E-mail verification (§5): the link in the mail carries the account and a single-use token and
// verifies at once; otherwise the four-digit code is typed in. A wrong code is cleared (§8); the
// mail can be sent again. Without an account in the link, the page asks for the address to resend to.
// A link that is malformed, unknown, replaced or expired says so — as a link, not as a typed code —
// and points to sending a new one; a link whose account id is malformed offers no code field (no
// code could ever work with it). A used link reads like an expired one on the server (it never says
// whether an address has an account), so the page says both: signing in, or a new link. Away from
// the browser that registered, a right link or code only confirms the address: the person then
// chooses their own password with it (the password step), which signs them in; a link or code that
// stops working on the way sends them back.
import { and, assign, setup } from "xstate"
import { isAccountEmail } from "../../domain/account/email-formats.ts"
import type {
  ChoosePasswordPayload,
  VerificationAnswer,
  VerificationProof,
} from "../../domain/account/email-verification.ts"
import { type ChoosePasswordForm, EMPTY_CHOOSE_PASSWORD_FORM, signInRules } from "../../domain/account/sign-in-forms.ts"
import type { SignedInUser } from "../../domain/account/user.ts"
import { isAccountId, isCode, isLinkToken, sanitizeCodeInput } from "../../domain/account/verification-formats.ts"
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import { MessageKey } from "../../domain/shared/message-keys.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, type FormEvent, formFlow, rejectSubmit, submitFailed } from "../shared/form-flow.ts"

/** The password step's form (`form`, `errors`) beside the code and the address to resend to. */
export interface VerificationContext extends FormContext<ChoosePasswordForm> {
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
  | FormEvent<ChoosePasswordForm>

/** What authorises the password step: the link's token while it is kept, else the account and code. */
const proofOf = (context: VerificationContext): VerificationProof =>
  context.token !== null ? { token: context.token } : { uuid: context.uuid ?? "", code: context.code }

/** The password step's rule, with the proof it is sent with. */
const passwordStep = (context: VerificationContext) =>
  formFlow((form: ChoosePasswordForm) => signInRules.get().validateChoosePasswordForm(form, proofOf(context)))

/** A verification's answer asks for the password step. */
const asksForPassword = (event: object) =>
  "output" in event && (event.output as VerificationAnswer | undefined)?.passwordNeeded === true

/** Leaving the password step: nothing typed there is kept. */
const leaveStep = { form: EMPTY_CHOOSE_PASSWORD_FORM, errors: {} }

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
    verify: apiCall<VerificationAnswer, { readonly uuid: string; readonly code: string }>("verify"),
    resend: apiCall<{ readonly message: string }, { readonly email: string }>("resend"),
    verifyLink: apiCall<VerificationAnswer, { readonly token: string }>("verifyLink"),
    choosePassword: apiCall<SignedInUser, ChoosePasswordPayload>("choosePassword"),
  },
  actions: {
    /** Provided by the wiring: the session the password step opened is the app's now. */
    signedIn: (_, _params: SignedInUser) => {},
  },
  guards: {
    needsPassword: ({ event }) => asksForPassword(event),
    passwordFormIsValid: ({ context }) => passwordStep(context).isValid(context.form),
    /** The password step's link or code no longer works (used, expired, replaced). */
    isLinkRefused: ({ event }) => "error" in event && failureFieldErrors(event.error).token !== undefined,
    isCodeRefused: ({ event }) => "error" in event && failureFieldErrors(event.error).code !== undefined,
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
    ...leaveStep,
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
      tags: ["busy", "verifying"],
      // Once the link's code has had its answer, any later try is a typed code.
      exit: assign({ fromLink: false }),
      invoke: {
        src: "verify",
        input: ({ context }) => ({ uuid: context.uuid ?? "", code: context.code }),
        onDone: [
          {
            guard: "needsPassword",
            target: "passwordNeeded",
            actions: assign({ formError: null, notice: null, codeError: null }),
          },
          { target: "verified" },
        ],
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
      tags: ["busy", "verifying"],
      invoke: {
        src: "verifyLink",
        input: ({ context }) => ({ token: context.token ?? "" }),
        onDone: [
          { guard: "needsPassword", target: "passwordNeeded", actions: assign({ formError: null, notice: null }) },
          { target: "verified" },
        ],
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
      tags: ["busy", "resending"],
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
    // The address is confirmed; the person chooses the password they will sign in with.
    passwordNeeded: {
      tags: ["passwordStep"],
      on: {
        "field.change": {
          actions: assign(({ context, event }) => passwordStep(context).change(context, event.field, event.value)),
        },
        "field.blur": { actions: assign(({ context, event }) => passwordStep(context).blur(context, event.field)) },
        "form.submit": [
          { guard: "passwordFormIsValid", target: "choosingPassword" },
          { actions: assign(({ context }) => passwordStep(context).reject(context)) },
        ],
      },
    },
    choosingPassword: {
      tags: ["busy", "passwordStep"],
      invoke: {
        src: "choosePassword",
        input: ({ context }) => passwordStep(context).payload(context.form),
        onDone: { target: "done", actions: { type: "signedIn", params: ({ event }) => event.output } },
        onError: [
          // The link was used up or has expired meanwhile: the code of the same mail, or a new mail.
          {
            guard: and(["isLinkRefused", "hasAccount"]),
            target: "awaitingCode",
            actions: assign({ ...leaveStep, token: null, formError: MessageKey.linkExpired }),
          },
          {
            guard: "isLinkRefused",
            target: "awaitingEmail",
            actions: assign({ ...leaveStep, token: null, formError: MessageKey.linkExpired }),
          },
          // The code has expired or was used: its message at the code field, typed afresh.
          {
            guard: "isCodeRefused",
            target: "awaitingCode",
            actions: assign(({ context, event }) => ({
              ...leaveStep,
              code: "",
              codeError: failureFieldErrors(event.error).code ?? MessageKey.codeExpired,
              formError: null,
              rejectedSubmits: context.rejectedSubmits + 1,
            })),
          },
          {
            guard: "isFieldFailure",
            target: "passwordNeeded",
            actions: assign(({ context, event }) => rejectSubmit(context, failureFieldErrors(event.error))),
          },
          // 401, 404, 429, 500, a timeout or no network: said above the form, what was typed stays.
          { target: "passwordNeeded", actions: assign(({ context, event }) => submitFailed(context, event.error)) },
        ],
      },
    },
    verified: { type: "final", tags: ["verified"] },
    done: { type: "final", tags: ["signedIn"] },
  },
})

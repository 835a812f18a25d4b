// Asking again who is there before the account's keys change (domain/account/reauthentication.ts):
// a dialog flow, invoked by the flow it guards, that takes the current password — or, for an
// account without one, sends a code to its address and takes that — and then performs the one call
// the proof is for (`perform`, given the guarded flow's request and the proof). A wrong proof is
// cleared with the server's message and the dialog stays; too many tries say so and the dialog
// stays; a refusal of the request itself (a taken address, a rule of the new password) ends the flow
// `failed` for the guarded flow to show at its fields; closing the dialog ends it `cancelled`.
import { assign, setup } from "xstate"
import {
  PROOF_FIELD,
  proofError,
  proofOf,
  type ReauthMethod,
  type ReauthProof,
} from "../../domain/account/reauthentication.ts"
import { sanitizeCodeInput } from "../../domain/account/verification-code.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface ReauthInput<Request> {
  readonly method: ReauthMethod
  /** The account's current address, where a code goes. */
  readonly email: string
  readonly request: Request
}

/** What `perform` is given: the guarded flow's request and the proof to send with it. */
export interface ReauthCall<Request> {
  readonly request: Request
  readonly proof: ReauthProof
}

export type ReauthOutcome<Result> =
  | { readonly _tag: "done"; readonly result: Result }
  | { readonly _tag: "failed"; readonly error: unknown }
  | { readonly _tag: "cancelled" }

export interface ReauthContext<Request, Result> {
  readonly method: ReauthMethod
  readonly email: string
  readonly request: Request
  /** The password or code as typed. */
  readonly value: string
  /** The proof field's message key. */
  readonly error: string | null
  readonly formError: string | null
  /** A code went to the address (the code field shows from then on). */
  readonly codeSent: boolean
  /** Proofs turned back; the view puts the cursor in the field again when it grows. */
  readonly rejectedSubmits: number
  readonly outcome: ReauthOutcome<Result>
}

export type ReauthEvent =
  | { readonly type: "proof.change"; readonly value: string }
  | { readonly type: "proof.submit" }
  | { readonly type: "code.send" }
  | { readonly type: "dialog.close" }

/** The proof field's message in a refusal of the call, if the refusal is about the proof. */
const proofFailure = (method: ReauthMethod, error: unknown): string | undefined =>
  failureFieldErrors(error)[PROOF_FIELD[method]]

/** The result of a flow that ended `done` (read only after `reauthDone` held). */
export const reauthResult = <Result>(outcome: ReauthOutcome<Result>): Result => {
  if (outcome._tag !== "done") throw new Error(`re-authentication ended ${outcome._tag}`)
  return outcome.result
}

/** The guarded flow's guards on how re-authentication ended. */
export const reauthEnded =
  (tag: ReauthOutcome<unknown>["_tag"]) =>
  ({ event }: { readonly event: object }): boolean => {
    const output = "output" in event ? event.output : undefined
    return typeof output === "object" && output !== null && "_tag" in output && output._tag === tag
  }

/** The failure a flow that ended `failed` carries. */
export const reauthFailure = (outcome: ReauthOutcome<unknown>): unknown =>
  outcome._tag === "failed" ? outcome.error : undefined

/** The machine for one guarded call: what it sends (`Request`) and what it gets back (`Result`). */
export const makeReauthMachine = <Request, Result>() =>
  setup({
    types: {
      context: {} as ReauthContext<Request, Result>,
      events: {} as ReauthEvent,
      input: {} as ReauthInput<Request>,
      output: {} as ReauthOutcome<Result>,
    },
    actors: {
      sendCode: apiCall<{ readonly message: string }>("sendCode"),
      perform: apiCall<Result, ReauthCall<Request>>("perform"),
    },
    guards: {
      byCode: ({ context }) => context.method === "code",
      codeSent: ({ context }) => context.codeSent,
      proofIsValid: ({ context }) => proofError(context.method, context.value) === null,
      isProofFailure: ({ context, event }) =>
        "error" in event && proofFailure(context.method, event.error) !== undefined,
      isRequestFailure: isFailure("ValidationFailed"),
    },
  }).createMachine({
    id: "reauth",
    context: ({ input }) => ({
      method: input.method,
      email: input.email,
      request: input.request,
      value: "",
      error: null,
      formError: null,
      codeSent: false,
      rejectedSubmits: 0,
      outcome: { _tag: "cancelled" },
    }),
    initial: "starting",
    output: ({ context }) => context.outcome,
    states: {
      starting: { always: [{ guard: "byCode", target: "requesting" }, { target: "entering" }] },
      // An account without a password: nothing to type until a code has been sent.
      requesting: {
        on: { "code.send": "sending", "dialog.close": "cancelled" },
      },
      sending: {
        tags: ["busy", "sending"],
        invoke: {
          src: "sendCode",
          onDone: {
            target: "entering",
            actions: assign({ codeSent: true, value: "", error: null, formError: null }),
          },
          onError: [
            {
              guard: "codeSent",
              target: "entering",
              actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })),
            },
            { target: "requesting", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
          ],
        },
        on: { "dialog.close": "cancelled" },
      },
      entering: {
        on: {
          "proof.change": {
            actions: assign(({ context, event }) => ({
              value: context.method === "code" ? sanitizeCodeInput(event.value) : event.value,
              error: null,
              formError: null,
            })),
          },
          "proof.submit": [
            { guard: "proofIsValid", target: "performing" },
            {
              actions: assign(({ context }) => ({
                error: proofError(context.method, context.value),
                rejectedSubmits: context.rejectedSubmits + 1,
              })),
            },
          ],
          "code.send": { guard: "byCode", target: "sending" },
          "dialog.close": "cancelled",
        },
      },
      performing: {
        tags: ["busy"],
        invoke: {
          src: "perform",
          input: ({ context }) => ({ request: context.request, proof: proofOf(context.method, context.value) }),
          onDone: {
            target: "done",
            actions: assign(({ event }) => ({ outcome: { _tag: "done", result: event.output } as const })),
          },
          onError: [
            {
              // Typed afresh, with the server's word at the field.
              guard: "isProofFailure",
              target: "entering",
              actions: assign(({ context, event }) => ({
                value: "",
                error: proofFailure(context.method, event.error) ?? null,
                rejectedSubmits: context.rejectedSubmits + 1,
              })),
            },
            {
              guard: "isRequestFailure",
              target: "failed",
              actions: assign(({ event }) => ({ outcome: { _tag: "failed", error: event.error } as const })),
            },
            // Too many tries, offline, the server: said above the field; what was typed stays.
            { target: "entering", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
          ],
        },
      },
      done: { type: "final" },
      failed: { type: "final" },
      cancelled: { type: "final" },
    },
  })

export type ReauthMachine<Request, Result> = ReturnType<typeof makeReauthMachine<Request, Result>>

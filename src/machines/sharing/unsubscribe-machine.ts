// The unsubscribe page of a patient mail (§7 `POST /api/patient/unsubscribe`): nothing happens on
// opening it — mail scanners follow links — only the button sends the key. A key the server refuses
// (or none at all, checked with the same Schema) says the link is not valid; other failures say so
// with a way to try again.
import { assign, setup } from "xstate"
import { UnsubscribePayload } from "../../domain/acupressure/patient-sharing.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { validate } from "../../domain/shared/validation.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"

export interface UnsubscribeContext {
  readonly key: string
  readonly error: string | null
}

export type UnsubscribeEvent = { readonly type: "unsubscribe.confirm" }

const payloadOf = (key: string) => validate(UnsubscribePayload)({ key })

export const unsubscribeMachine = setup({
  types: {
    context: {} as UnsubscribeContext,
    events: {} as UnsubscribeEvent,
    input: {} as { readonly key: string | null },
  },
  actors: { unsubscribe: apiCall<{ readonly message: string }, UnsubscribePayload>("unsubscribe") },
  guards: {
    keyReadable: ({ context }) => payloadOf(context.key)._tag === "Valid",
    refused: isFailure("ValidationFailed"),
  },
}).createMachine({
  id: "unsubscribe",
  context: ({ input }) => ({ key: input.key ?? "", error: null }),
  initial: "asking",
  states: {
    asking: {
      on: {
        "unsubscribe.confirm": [{ guard: "keyReadable", target: "sending" }, { target: "invalid" }],
      },
    },
    sending: {
      tags: ["busy"],
      invoke: {
        src: "unsubscribe",
        input: ({ context }) => ({ key: context.key }),
        onDone: "done",
        onError: [
          { guard: "refused", target: "invalid" },
          { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
        ],
      },
    },
    failed: { tags: ["failed"], on: { "unsubscribe.confirm": "sending" } },
    invalid: { tags: ["invalid"] },
    done: { tags: ["done"] },
  },
})

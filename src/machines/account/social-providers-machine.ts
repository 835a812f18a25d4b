// The social sign-in providers the server offers, for the buttons on /login and /register. A
// failure never blocks the password sign-in beside them: the buttons stay away and a quiet note says so.
import { assign, setup } from "xstate"
import type { SocialProvider, SocialProviders } from "../../domain/account/social-sign-in.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall } from "../shared/api-call.ts"

export interface SocialProvidersContext {
  readonly providers: ReadonlyArray<SocialProvider>
  readonly error: string | null
}

export const socialProvidersMachine = setup({
  types: { context: {} as SocialProvidersContext, events: {} as { readonly type: "providers.retry" } },
  actors: { loadProviders: apiCall<SocialProviders>("loadProviders") },
}).createMachine({
  id: "socialProviders",
  context: { providers: [], error: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadProviders",
        onDone: {
          target: "ready",
          actions: assign(({ event }) => ({ providers: event.output.providers, error: null })),
        },
        onError: {
          target: "failed",
          actions: assign(({ event }) => ({ providers: [], error: formErrorKey(event.error) })),
        },
      },
    },
    ready: {},
    failed: { on: { "providers.retry": "loading" } },
  },
})

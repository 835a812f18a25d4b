// The connection as the learner meets it: offline when the browser says so or when a call could
// not reach the server; online again when the browser says so or a call gets through. The shell's
// banner reads the `offline` tag and says what still works and what waits.
import { setup } from "xstate"

export type ConnectionEvent = { readonly type: "connection.lost" } | { readonly type: "connection.back" }

export const connectionMachine = setup({
  types: {
    context: {} as { readonly onlineAtStart: boolean },
    events: {} as ConnectionEvent,
    input: {} as { readonly online: boolean },
  },
  guards: { startsOnline: ({ context }) => context.onlineAtStart },
}).createMachine({
  id: "connection",
  context: ({ input }) => ({ onlineAtStart: input.online }),
  initial: "start",
  states: {
    start: { always: [{ guard: "startsOnline", target: "online" }, { target: "offline" }] },
    online: { on: { "connection.lost": "offline" } },
    offline: { tags: ["offline"], on: { "connection.back": "online" } },
  },
})

// Sign-out (§4): a confirmation bar, then the logout call, then cookies and local storage are
// cleared and the user state reset; after LOGOUT_REDIRECT_DELAY_MS the app goes to /login. A failed
// call still signs out on this device. One actor serves the whole app: the header asks through
// the bar (logout.request), the upgrade modal asks its own question and starts it (logout.start);
// after the redirect it waits for the next sign-in's sign-out.
import { setup } from "xstate"
import { LOGOUT_REDIRECT_DELAY_MS } from "../../domain/shared/timing.ts"
import { apiCall } from "../shared/api-call.ts"

export type LogoutEvent =
  | { readonly type: "logout.request" }
  | { readonly type: "logout.confirm" }
  | { readonly type: "logout.cancel" }
  /** A sign-out already confirmed elsewhere (the upgrade modal). */
  | { readonly type: "logout.start" }

export const logoutMachine = setup({
  types: { events: {} as LogoutEvent },
  actors: {
    logout: apiCall<{ readonly message: string }>("logout"),
  },
  actions: {
    /** Provided: clear cookies and local storage and reset the session's user. */
    signOut: () => {},
    /** Provided: navigate to /login. */
    goToLogin: () => {},
  },
  delays: { redirectDelay: LOGOUT_REDIRECT_DELAY_MS },
}).createMachine({
  id: "logout",
  initial: "idle",
  states: {
    idle: { on: { "logout.request": "confirming", "logout.start": "loggingOut" } },
    confirming: { on: { "logout.confirm": "loggingOut", "logout.cancel": "idle" } },
    loggingOut: {
      tags: ["busy"],
      invoke: { src: "logout", onDone: "signedOut", onError: "signedOut" },
    },
    signedOut: {
      entry: "signOut",
      after: { redirectDelay: { target: "idle", actions: "goToLogin" } },
    },
  },
})

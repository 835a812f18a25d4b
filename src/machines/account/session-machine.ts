// The signed-in user for the whole app: signed out, signed in (with the user record), or expired
// after a 401 (§4): storage (but for unsaved work) and user data are cleared (the server has cleared
// the session cookie with its 401), an error toast shows, and after UNAUTHORIZED_RELOAD_DELAY_MS the
// app reloads at /login.
import { assign, setup } from "xstate"
import type { StoredUser, UserData } from "../../domain/account/user.ts"
import { UNAUTHORIZED_RELOAD_DELAY_MS } from "../../domain/shared/failures.ts"
import { apiCall } from "../shared/api-call.ts"

export interface SessionContext {
  readonly user: StoredUser | null
  /** The latest dashboard data: membership flags the signed-in record does not carry. */
  readonly dashboard: UserData | null
}

export type SessionEvent =
  /** A sign-in: the user's record (the session is the cookie the server set with the answer). */
  | { readonly type: "session.signIn"; readonly user: StoredUser }
  | { readonly type: "session.signOut" }
  | { readonly type: "session.expired" }
  | { readonly type: "session.refresh" }
  | { readonly type: "session.dashboard"; readonly data: UserData }

/** The user record updated with fresh dashboard data. */
export const mergeDashboard = (user: StoredUser, data: UserData): StoredUser => ({
  ...user,
  email: data.user_profile.email,
  first_name: data.user_profile.first_name,
  last_name: data.user_profile.last_name,
  purchased_subscription: data.user_profile.purchased_subscription,
  tips_subscription: data.user_profile.promotional_emails,
  plan_name: data.user_subscription.plan_name,
  user_subscription: data.user_subscription,
})

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { readonly user: StoredUser | null },
  },
  actors: {
    dashboard: apiCall<UserData>("dashboard"),
  },
  actions: {
    /** Provided: write the userdata cookie. */
    persistUser: (_, _params: { readonly user: StoredUser }) => {},
    /**
     * Provided: clear local storage and the user data. An ended session keeps what the user typed
     * and the server has not confirmed; a sign-out removes it too.
     */
    clearSession: (_, _params: { readonly keepUnsaved: boolean }) => {},
    /** Provided: the error toast of §8 for an ended session. */
    announceExpiry: () => {},
    /** Provided: full reload at /login. */
    reloadToLogin: () => {},
  },
  delays: { reloadDelay: UNAUTHORIZED_RELOAD_DELAY_MS },
  guards: { hasUser: ({ context }) => context.user !== null },
}).createMachine({
  id: "session",
  context: ({ input }) => ({ user: input.user, dashboard: null }),
  initial: "start",
  states: {
    start: { always: [{ guard: "hasUser", target: "signedIn" }, { target: "signedOut" }] },
    signedOut: {
      on: {
        "session.signIn": {
          target: "signedIn",
          actions: [
            assign(({ event }) => ({ user: event.user, dashboard: null })),
            { type: "persistUser", params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
    signedIn: {
      initial: "idle",
      on: {
        "session.signOut": {
          target: "signedOut",
          actions: [assign({ user: null, dashboard: null }), { type: "clearSession", params: { keepUnsaved: false } }],
        },
        "session.dashboard": {
          actions: [
            assign(({ context, event }) => ({
              user: context.user ? mergeDashboard(context.user, event.data) : null,
              dashboard: event.data,
            })),
            {
              type: "persistUser",
              params: ({ context, event }) => ({ user: mergeDashboard(context.user!, event.data) }),
            },
          ],
        },
        "session.expired": "expired",
        "session.signIn": {
          actions: [
            assign(({ event }) => ({ user: event.user, dashboard: null })),
            { type: "persistUser", params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
      states: {
        idle: { on: { "session.refresh": "refreshing" } },
        refreshing: {
          invoke: {
            src: "dashboard",
            onDone: {
              target: "idle",
              actions: [
                assign(({ context, event }) => ({
                  user: context.user ? mergeDashboard(context.user, event.output) : null,
                  dashboard: event.output,
                })),
                {
                  type: "persistUser",
                  params: ({ context, event }) => ({ user: mergeDashboard(context.user!, event.output) }),
                },
              ],
            },
            // A failure here is handled by the catalogue (a 401 ends the session).
            onError: "idle",
          },
        },
      },
    },
    expired: {
      entry: [
        assign({ user: null, dashboard: null }),
        { type: "clearSession", params: { keepUnsaved: true } },
        "announceExpiry",
      ],
      after: { reloadDelay: { target: "reloading", actions: "reloadToLogin" } },
    },
    reloading: { type: "final" },
  },
})

// Account: the session for the whole app (the signed-in user and its readable userdata cookie, the
// end of a session after a 401) and the one sign-out every part of the app starts. The account's
// pages have their flows in sign-in.ts (sign-in, registration, password reset, e-mail verification
// and restore) and account-pages.ts (the settings), loaded with those pages. The session itself is the HttpOnly
// cookie the server sets and clears: the app never holds it.
import { Effect } from "effect"
import { type Actor, createActor } from "xstate"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../domain/account/return-path.ts"
import { readStoredUser } from "../domain/account/stored-user.ts"
import type { StoredUser } from "../domain/account/user.ts"
import { PAYMENT_PROMPT_STORAGE_KEY } from "../domain/billing/payment-prompt.ts"
import { COOKIE_USERDATA, ONE_TIME_TOKEN_KEY, SESSION_COOKIE_MAX_AGE_SECONDS } from "../domain/shared/cookies.ts"
import { isDeviceSettingKey } from "../domain/shared/offline-content.ts"
import { isUnsavedWorkKey } from "../domain/shared/unsaved-work.ts"
import { Cookies } from "../infra/cookies.ts"
import { Navigation } from "../infra/navigation.ts"
import { Offline } from "../infra/offline.ts"
import { Storage } from "../infra/storage.ts"
import { Toasts } from "../infra/toasts.ts"
import { logoutMachine } from "../machines/account/logout-machine.ts"
import { sessionMachine } from "../machines/account/session-machine.ts"
import type { TimerClock } from "../machines/self-tests/test-session-context.ts"
import type { Wiring } from "./shared/wiring.ts"

/**
 * The signed-in user the browser remembers: the userdata cookie. Whether its session still lives only
 * the server knows; the first call tells (a 401 ends it through the catalogue).
 */
const storedUser = Effect.gen(function* () {
  const record = yield* Effect.flatMap(Cookies, (cookies) => cookies.get(COOKIE_USERDATA))
  return record ? readStoredUser(record) : null
})

/** A one-time login token in the address (§7) is kept for the API client's next call, and leaves the address. */
const takeLoginToken = Effect.gen(function* () {
  const token = yield* Effect.flatMap(Navigation, (navigation) => navigation.takeParam("login_token"))
  if (token !== null) yield* Effect.flatMap(Storage, (storage) => storage.set(ONE_TIME_TOKEN_KEY, token))
})

/** The user's record, readable, for as long as a session may live. */
const persistUser = (user: StoredUser) =>
  Effect.flatMap(Cookies, (cookies) =>
    cookies.set(COOKIE_USERDATA, JSON.stringify(user), { maxAgeSeconds: SESSION_COOKIE_MAX_AGE_SECONDS }),
  )

/**
 * Sign-out clears local storage (§4) but keeps when the payment modal last offered itself, so
 * signing out and in again does not bring it back the same day, and this device's own settings
 * (keeping the content offline, the install offer). A session that ended by itself
 * (a 401) also keeps unsaved work, so the same user finds their text again after signing in. The
 * session cookie is the server's to clear (sign-out and a 401 answer do it); scripts cannot. The
 * device's copies of the pages and answers the session read go too: they were the user's plan's.
 */
const clearSession = (keepUnsaved: boolean) =>
  Effect.gen(function* () {
    const cookies = yield* Cookies
    const storage = yield* Storage
    yield* cookies.remove(COOKIE_USERDATA)
    const keys = yield* storage.keys
    const kept = keys.filter(
      (key) => key === PAYMENT_PROMPT_STORAGE_KEY || isDeviceSettingKey(key) || (keepUnsaved && isUnsavedWorkKey(key)),
    )
    const values = yield* Effect.forEach(kept, (key) => Effect.map(storage.get(key), (value) => [key, value] as const))
    yield* storage.clear
    yield* Effect.forEach(values, ([key, value]) => (value === undefined ? Effect.void : storage.set(key, value)), {
      discard: true,
    })
    yield* Effect.flatMap(Offline, (offline) => offline.clearContent)
  })

export const go = (path: string) => Effect.flatMap(Navigation, (navigation) => navigation.go(path))

/**
 * Where signing in again should lead after a session ended: the page shown, or — when a page for
 * members already sent the visitor to /login — where that sign-in page was to lead.
 */
const returnHere = Effect.flatMap(Navigation, (navigation) =>
  Effect.flatMap(navigation.here, (here) =>
    safeReturnPath(here) === null ? navigation.param(RETURN_PARAM) : Effect.succeed(here),
  ),
)

export type SessionActor = Actor<typeof sessionMachine>

/** Calls `signedIn` when a user signs in from signed out (not for a session the app started with), `signedOut` when the session ends. */
export const followSession = (
  session: SessionActor,
  handlers: { readonly signedIn?: (user: StoredUser) => void; readonly signedOut?: () => void },
) => {
  let user = session.getSnapshot().context.user
  session.subscribe((snapshot) => {
    const before = user
    user = snapshot.context.user
    if (before === null && user !== null) handlers.signedIn?.(user)
    if (before !== null && user === null) handlers.signedOut?.()
  })
}

export const wireAccount = (
  w: Wiring,
  options: {
    readonly clock?: TimerClock | undefined
    /** Ask the server about a remembered session at once (not on a patient's page). */
    readonly refresh?: boolean
  } = {},
) => {
  w.read(takeLoginToken)
  const initialUser = w.read(storedUser)

  const session = createActor(
    sessionMachine.provide({
      actors: { dashboard: w.apiActor((client) => client.users.dashboard()) },
      actions: {
        // At once, so a reload right after signing in already finds the user.
        persistUser: (_, { user }) => w.read(persistUser(user)),
        clearSession: (_, { keepUnsaved }) => w.act(clearSession(keepUnsaved)),
        announceExpiry: () =>
          w.act(Effect.flatMap(Toasts, (toasts) => toasts.show("error", w.t("errors.sessionExpired")))),
        reloadToLogin: () =>
          w.act(
            Effect.flatMap(returnHere, (next) =>
              Effect.flatMap(Navigation, (navigation) => navigation.reload(withReturnPath("/login", next))),
            ),
          ),
      },
    }),
    { input: { user: initialUser }, ...(options.clock ? { clock: options.clock } : {}) },
  )
  session.start()
  if (initialUser && options.refresh !== false) session.send({ type: "session.refresh" })
  // Only a session that exists can expire; a visitor's 401 needs no reload.
  w.onSessionExpired(() => {
    if (session.getSnapshot().context.user) session.send({ type: "session.expired" })
  })

  // Sign-out for the whole app: the header's bar asks first (logout.request); the upgrade modal
  // asks its own question and then starts it (logout.start). Either way: call, clear, /login.
  const logout = createActor(
    logoutMachine.provide({
      // A failed logout call still signs out here; its toast would only confuse.
      actors: { logout: w.apiActor((client) => client.users.logout(), { catalogue: false }) },
      actions: {
        signOut: () => session.send({ type: "session.signOut" }),
        goToLogin: () => w.act(go("/login")),
      },
    }),
  )
  logout.start()

  return { session, logout }
}

export type AccountWiring = ReturnType<typeof wireAccount>

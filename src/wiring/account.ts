// Account: the session for the whole app (the signed-in user and its readable userdata cookie, the
// end of a session after a 401), the one sign-out every part of the app starts, and the sign-in,
// registration, password-reset, e-mail verification and e-mail restore flows with their API calls
// and where they lead. The session itself is the HttpOnly cookie the server sets and clears: the
// app never holds it.
import { Effect, Exit, Schema } from "effect"
import { type Actor, createActor } from "xstate"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../domain/account/return-path.ts"
import { type StoredUser, StoredUser as StoredUserSchema, storedUserOf } from "../domain/account/user.ts"
import type { UserSettings, UserSettingsPatch } from "../domain/account/user-settings.ts"
import { PAYMENT_PROMPT_STORAGE_KEY } from "../domain/billing/payment-prompt.ts"
import {
  COOKIE_LANGUAGE,
  COOKIE_USERDATA,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  ONE_TIME_TOKEN_KEY,
  SESSION_COOKIE_MAX_AGE_SECONDS,
} from "../domain/shared/cookies.ts"
import { failureOf, flattenErrorData, formErrorKey } from "../domain/shared/errors.ts"
import { isUnsavedWorkKey } from "../domain/shared/unsaved-work.ts"
import type { VideoSettings } from "../domain/videos/video-settings.ts"
import { Cookies } from "../infra/cookies.ts"
import { Navigation } from "../infra/navigation.ts"
import { Storage } from "../infra/storage.ts"
import { Toasts } from "../infra/toasts.ts"
import { deleteAccountMachine, deleteReauthMachine } from "../machines/account/delete-account-machine.ts"
import { devicesMachine } from "../machines/account/devices-machine.ts"
import { emailChangeMachine } from "../machines/account/email-change-machine.ts"
import { emailRestoreMachine } from "../machines/account/email-restore-machine.ts"
import { emailVerificationMachine } from "../machines/account/email-verification-machine.ts"
import { loginMachine } from "../machines/account/login-machine.ts"
import { logoutMachine } from "../machines/account/logout-machine.ts"
import { passwordChangeMachine, passwordReauthMachine } from "../machines/account/password-change-machine.ts"
import { passwordResetMachine } from "../machines/account/password-reset-machine.ts"
import { profileMachine, profileReauthMachine } from "../machines/account/profile-machine.ts"
import { registrationMachine } from "../machines/account/registration-machine.ts"
import { sessionMachine } from "../machines/account/session-machine.ts"
import { settingsTogglesMachine } from "../machines/account/settings-toggles-machine.ts"
import { videoSettingsMachine } from "../machines/account/video-settings-machine.ts"
import type { TimerClock } from "../machines/self-tests/test-session-context.ts"
import { announceSettingsSaved } from "./shared/settings-saved.ts"
import type { Wiring } from "./shared/wiring.ts"

const decodeStoredUser = Schema.decodeUnknownExit(Schema.fromJsonString(StoredUserSchema))

/**
 * The signed-in user the browser remembers: the userdata cookie. Whether its session still lives only
 * the server knows; the first call tells (a 401 ends it through the catalogue).
 */
const storedUser = Effect.gen(function* () {
  const record = yield* Effect.flatMap(Cookies, (cookies) => cookies.get(COOKIE_USERDATA))
  const decoded = record ? decodeStoredUser(record) : undefined
  return decoded && Exit.isSuccess(decoded) ? decoded.value : null
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
 * signing out and in again does not bring it back the same day. A session that ended by itself
 * (a 401) also keeps unsaved work, so the same user finds their text again after signing in. The
 * session cookie is the server's to clear (sign-out and a 401 answer do it); scripts cannot.
 */
const clearSession = (keepUnsaved: boolean) =>
  Effect.gen(function* () {
    const cookies = yield* Cookies
    const storage = yield* Storage
    yield* cookies.remove(COOKIE_USERDATA)
    const keys = yield* storage.keys
    const kept = keys.filter((key) => key === PAYMENT_PROMPT_STORAGE_KEY || (keepUnsaved && isUnsavedWorkKey(key)))
    const values = yield* Effect.forEach(kept, (key) => Effect.map(storage.get(key), (value) => [key, value] as const))
    yield* storage.clear
    yield* Effect.forEach(values, ([key, value]) => (value === undefined ? Effect.void : storage.set(key, value)), {
      discard: true,
    })
  })

const go = (path: string) => Effect.flatMap(Navigation, (navigation) => navigation.go(path))

/** Goes to `path`, carrying on the page's `?next=` (where signing in is to lead). */
const goKeepingReturn = (path: string) =>
  Effect.flatMap(Navigation, (navigation) =>
    Effect.flatMap(navigation.param(RETURN_PARAM), (next) => navigation.go(withReturnPath(path, next))),
  )

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

const toast = (type: "success" | "error", text: string) => Effect.flatMap(Toasts, (toasts) => toasts.show(type, text))

/** The account-settings flows: profile and e-mail change, password, devices, delete, toggles, video settings. */
const wireSettings = (w: Wiring, session: SessionActor, language: string) => {
  const { apiActor } = w
  // Flows that say a failure themselves: only an ended session goes through the catalogue.
  const ownFailures = { catalogue: (failure: { readonly _tag: string }) => failure._tag === "Unauthorized" }
  const announce = (_: unknown, { message }: { readonly message: string }) => w.act(toast("success", message))
  // The proofs say their own failures (a wrong password at its field, too many tries above it).
  const sendCode = apiActor<void, { readonly message: string }>((client) => client.account.reauthCode(), ownFailures)
  return {
    profile: profileMachine.provide({
      actors: {
        loadProfile: apiActor((client) =>
          Effect.all({
            user: client.users.dashboard(),
            options: client.account.profileOptions(),
            pendingEmail: Effect.map(client.account.pendingEmailChange(), (answer) => answer.pending_email),
          }),
        ),
        cancelEmailChange: apiActor((client) => client.account.cancelEmailChange()),
        checkEmail: apiActor((client, payload) => client.account.emailValidate({ payload }), { catalogue: false }),
        updateProfile: apiActor((client, payload) => client.account.profileUpdate({ payload })),
        reauth: profileReauthMachine.provide({
          actors: {
            sendCode,
            perform: apiActor((client, { request, proof }) =>
              client.account.profileUpdate({ payload: { ...request, ...proof } }),
            ),
          },
        }),
      },
      actions: {
        announce,
        userChanged: (_, { user }) => session.send({ type: "session.dashboard", data: user }),
        // The interface follows the language just saved: the cookie, then this page again in it.
        switchLanguage: (_, { language: next }) => {
          if (next === language) return
          w.act(
            Effect.gen(function* () {
              const cookies = yield* Cookies
              yield* cookies.set(COOKIE_LANGUAGE, next, { maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS })
              yield* Effect.flatMap(Navigation, (navigation) => navigation.reload(globalThis.location?.pathname ?? "/"))
            }),
          )
        },
      },
    }),
    emailChange: emailChangeMachine.provide({
      actors: {
        confirmEmail: apiActor((client, payload) => client.account.profileEmailUpdate({ payload })),
      },
      actions: { announce },
    }),
    passwordChange: passwordChangeMachine.provide({
      actors: {
        changePassword: apiActor((client, payload) => client.account.changePassword({ payload })),
        reauth: passwordReauthMachine.provide({
          actors: {
            sendCode,
            perform: apiActor((client, { request, proof }) =>
              client.account.changePassword({ payload: { ...request, code: proof.code } }),
            ),
          },
        }),
      },
      actions: { announceChanged: () => w.act(toast("success", w.t("account:password.updatePasswordMessage"))) },
    }),
    devices: devicesMachine.provide({
      actors: {
        loadDevices: apiActor((client) => client.account.registeredDevices()),
        removeDevice: apiActor((client, payload) => client.account.removeDevice({ payload }), ownFailures),
        logoutAll: apiActor(
          (client) =>
            client.users.logoutAllDevices({ payload: { user_uuid: session.getSnapshot().context.user?.uuid ?? "" } }),
          ownFailures,
        ),
      },
      actions: {
        announce,
        // §8: the server's message as an error toast.
        announceFailure: (_, { error }) => {
          const failure = failureOf(error)
          const text =
            failure && "message" in failure && typeof failure.message === "string"
              ? flattenErrorData({ message: failure.message })
              : w.t(formErrorKey(error))
          w.act(toast("error", text))
        },
        signedOutEverywhere: () => {
          session.send({ type: "session.signOut" })
          w.act(go("/login"))
        },
      },
    }),
    deleteAccount: deleteAccountMachine.provide({
      actors: {
        reauth: deleteReauthMachine.provide({
          actors: {
            sendCode,
            perform: apiActor((client, { proof }) => client.account.deleteAccount({ payload: proof })),
          },
        }),
      },
      actions: {
        clearSession: () => session.send({ type: "session.signOut" }),
        goToLogin: () => w.act(go("/login")),
      },
    }),
    toggles: settingsTogglesMachine.provide({
      actors: {
        loadSettings: apiActor<void, UserSettings>((client) => client.settings.get(), ownFailures),
        saveSettings: apiActor<UserSettingsPatch, UserSettings>(
          (client, payload) => client.settings.save({ payload }),
          ownFailures,
        ),
      },
      actions: { announceSaved: announceSettingsSaved(w) },
    }),
    // Like the tests settings: the catalogue acts on a failure (a toast, an ended session), the page says it too.
    video: videoSettingsMachine.provide({
      actors: {
        loadSettings: apiActor<void, UserSettings>((client) => client.settings.get()),
        saveSettings: apiActor<VideoSettings, UserSettings>((client, payload) => client.settings.save({ payload })),
      },
    }),
  }
}

export const wireAccount = (
  w: Wiring,
  language = "en",
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

  return {
    session,
    logout,
    machines: {
      accountSettings: wireSettings(w, session, language),
      login: loginMachine.provide({
        actors: {
          login: w.apiActor((client, payload) => client.users.login({ payload })),
          resendVerification: w.apiActor((client, { email }) => client.users.resendVerification({ params: { email } })),
        },
        actions: {
          signedIn: (_, { user, returnTo }) => {
            session.send({ type: "session.signIn", user: storedUserOf(user) })
            session.send({ type: "session.refresh" })
            w.act(go(returnTo ?? "/"))
          },
        },
      }),
      registration: registrationMachine.provide({
        actors: { register: w.apiActor((client, payload) => client.users.register({ payload })) },
        actions: {
          // The page's `?next=` travels on to verification, and from there to sign-in.
          registered: (_, { uuid, email }) =>
            w.act(goKeepingReturn(`/verify-email?user=${encodeURIComponent(uuid)}&email=${encodeURIComponent(email)}`)),
        },
      }),
      passwordReset: passwordResetMachine.provide({
        actors: {
          requestCode: w.apiActor((client, payload) => client.users.forgotPassword({ payload })),
          resetPassword: w.apiActor((client, payload) => client.users.resetPassword({ payload })),
          resetPasswordWithLink: w.apiActor((client, payload) => client.users.resetPasswordLink({ payload })),
        },
        // After a reset, signing in still leads where the sign-in page was to lead.
        actions: { goToLogin: () => w.act(goKeepingReturn("/login")) },
      }),
      emailRestore: emailRestoreMachine.provide({
        actors: {
          restore: w.apiActor((client, payload) => client.account.restoreEmail({ payload }), { catalogue: false }),
        },
        actions: {
          signedOut: () => {
            if (session.getSnapshot().context.user) session.send({ type: "session.signOut" })
          },
        },
      }),
      emailVerification: emailVerificationMachine.provide({
        actors: {
          verify: w.apiActor((client, params) => client.users.verifyEmail({ params })),
          verifyLink: w.apiActor((client, payload) => client.users.verifyEmailLink({ payload })),
          resend: w.apiActor((client, { email }) => client.users.resendVerification({ params: { email } })),
          choosePassword: w.apiActor((client, payload) =>
            "token" in payload
              ? client.users.verifyEmailLinkChoosePassword({ payload })
              : client.users.verifyEmailChoosePassword({ payload }),
          ),
        },
        actions: {
          signedIn: (_, user) => {
            session.send({ type: "session.signIn", user: storedUserOf(user) })
            session.send({ type: "session.refresh" })
          },
        },
      }),
    },
  }
}

export type AccountWiring = ReturnType<typeof wireAccount>

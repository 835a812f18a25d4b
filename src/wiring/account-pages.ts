// The account settings' flows, loaded with those pages (main.tsx): profile and e-mail change,
// password, devices, delete, toggles, video settings, with their API calls. Each signs out through
// the app's one session (account.ts).
import { Effect } from "effect"
import type { UserSettings, UserSettingsPatch } from "../domain/account/user-settings.ts"
import { COOKIE_LANGUAGE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "../domain/shared/cookies.ts"
import { failureOf, flattenErrorData, formErrorKey } from "../domain/shared/failures.ts"
import type { VideoSettings } from "../domain/videos/video-settings.ts"
import { Cookies } from "../infra/cookies.ts"
import { Navigation } from "../infra/navigation.ts"
import { Toasts } from "../infra/toasts.ts"
import { deleteAccountMachine, deleteReauthMachine } from "../machines/account/delete-account-machine.ts"
import { devicesMachine } from "../machines/account/devices-machine.ts"
import { emailChangeMachine } from "../machines/account/email-change-machine.ts"
import { passwordChangeMachine, passwordReauthMachine } from "../machines/account/password-change-machine.ts"
import { profileMachine, profileReauthMachine } from "../machines/account/profile-machine.ts"
import { settingsTogglesMachine } from "../machines/account/settings-toggles-machine.ts"
import { videoSettingsMachine } from "../machines/account/video-settings-machine.ts"
import { go, type SessionActor } from "./account.ts"
import { announceSettingsSaved } from "./shared/settings-saved.ts"
import type { Wiring } from "./shared/wiring.ts"

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

export const wireAccountPages = (w: Wiring, session: SessionActor, language = "en") => ({
  accountSettings: wireSettings(w, session, language),
})

// The app's frame: the interface language (read before anything renders, switched with a reload),
// the cookie banner's consent, the footer's quote of the day, navigation for the views, and the
// connection its offline banner shows: the browser's word, and whether the calls reach the server.
import { Effect } from "effect"
import { createActor } from "xstate"
import {
  COOKIE_ACCEPT_MAX_AGE_SECONDS,
  COOKIE_ACCEPTED,
  COOKIE_CONSENT_VALUE,
  COOKIE_LANGUAGE,
  isCookieAccepted,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
} from "../domain/shared/cookies.ts"
import { resolveLanguage, type SelectableLanguage } from "../domain/shared/locales.ts"
import { Cookies } from "../infra/cookies.ts"
import { Navigation } from "../infra/navigation.ts"
import { Offline } from "../infra/offline.ts"
import { Toasts } from "../infra/toasts.ts"
import { connectionMachine } from "../machines/shared/connection-machine.ts"
import { cookieConsentMachine } from "../machines/shared/cookie-consent-machine.ts"
import { languageMachine } from "../machines/shared/language-machine.ts"
import { quoteMachine } from "../machines/shared/quote-machine.ts"
import type { AppIO } from "./shared/runtime.ts"
import type { Wiring } from "./shared/wiring.ts"

/** The interface language the browser asked for last, or the default. */
export const readLanguage = (read: <A>(program: Effect.Effect<A, never, AppIO>) => A): SelectableLanguage =>
  resolveLanguage(read(Effect.flatMap(Cookies, (cookies) => cookies.get(COOKIE_LANGUAGE))))

/**
 * The connection for the whole app. A call answered while the browser says it is offline was
 * answered by the device's copy (src/service-worker.ts), so only the browser's word brings it back then.
 */
const wireConnection = (w: Wiring) => {
  const online = Effect.flatMap(Offline, (offline) => offline.online)
  const connection = createActor(connectionMachine, { input: { online: w.read(online) } })
  connection.start()
  w.read(
    Effect.flatMap(Offline, (offline) =>
      offline.watch((now) => connection.send({ type: now ? "connection.back" : "connection.lost" })),
    ),
  )
  w.onReach((reached) => {
    if (!reached) connection.send({ type: "connection.lost" })
    else if (w.read(online)) connection.send({ type: "connection.back" })
  })
  return connection
}

export const wireShell = (w: Wiring) => ({
  connection: wireConnection(w),
  /** Navigation a view starts itself (a menu item): through the Navigation service, like the flows'. */
  navigation: {
    go: (path: string) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.go(path))),
    openTab: (url: string) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.openTab(url))),
  },
  cookiesAccepted: isCookieAccepted(w.read(Effect.flatMap(Cookies, (cookies) => cookies.get(COOKIE_ACCEPTED)))),
  machines: {
    language: languageMachine.provide({
      actions: {
        storeLanguage: (_, { language }) =>
          w.act(
            Effect.flatMap(Cookies, (cookies) =>
              cookies.set(COOKIE_LANGUAGE, language, { maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS }),
            ),
          ),
        reloadHome: () => w.act(Effect.flatMap(Navigation, (navigation) => navigation.reload("/"))),
      },
    }),
    cookieConsent: cookieConsentMachine.provide({
      actions: {
        storeConsent: () =>
          w.act(
            Effect.flatMap(Cookies, (cookies) =>
              cookies.set(COOKIE_ACCEPTED, COOKIE_CONSENT_VALUE, { maxAgeSeconds: COOKIE_ACCEPT_MAX_AGE_SECONDS }),
            ),
          ),
        announceConsent: () =>
          w.act(Effect.flatMap(Toasts, (toasts) => toasts.show("success", w.t("common:cookies.accepted")))),
      },
    }),
    quote: quoteMachine.provide({
      // The footer shows its own message when a quote cannot be loaded.
      actors: {
        fetchQuote: w.apiActor((client, { offset }) => client.system.quoteOfTheDay({ query: { offset } }), {
          catalogue: false,
        }),
      },
    }),
  },
})

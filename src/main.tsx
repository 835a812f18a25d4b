// The one wiring point: builds the Effect runtime (API client, cookies, storage, navigation,
// toasts), provides every flow's actors and actions, acts on the error catalogue of §8, and renders.
import { Clock as Clock_, Effect, Exit, Layer, ManagedRuntime, Schema } from "effect"
import { StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { I18nextProvider } from "react-i18next"
import { navigate as browserNavigate } from "wouter/use-browser-location"
import { type ActorRefFrom, createActor, fromPromise } from "xstate"
import {
  COOKIE_ACCEPT_MAX_AGE_SECONDS,
  COOKIE_ACCEPTED,
  COOKIE_CONSENT_VALUE,
  COOKIE_LANGUAGE,
  COOKIE_TOKEN,
  COOKIE_USERDATA,
  isCookieAccepted,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  ONE_TIME_TOKEN_KEY,
  SESSION_COOKIE_MAX_AGE_SECONDS,
} from "./domain/cookies.ts"
import { type ApiFailure, catalogueAction, FLOW_HANDLED } from "./domain/errors.ts"
import { resolveLanguage, type SelectableLanguage } from "./domain/locales.ts"
import { PAYMENT_PROMPT_STORAGE_KEY, readPromptMemory } from "./domain/payment-prompt.ts"
import { RETURN_PARAM, withReturnPath } from "./domain/return-path.ts"
import { type SignedInUser, type StoredUser, StoredUser as StoredUserSchema, type UserData } from "./domain/user.ts"
import { ApiClient, type Client } from "./infra/api-client.ts"
import { Cookies } from "./infra/cookies.ts"
import { Navigation } from "./infra/navigation.ts"
import { Storage } from "./infra/storage.ts"
import { Toasts } from "./infra/toasts.ts"
import { checkoutMachine } from "./machines/checkout-machine.ts"
import { contentPageMachine } from "./machines/content-page-machine.ts"
import { cookieConsentMachine } from "./machines/cookie-consent-machine.ts"
import { emailVerificationMachine } from "./machines/email-verification-machine.ts"
import { languageMachine } from "./machines/language-machine.ts"
import { loginMachine } from "./machines/login-machine.ts"
import { logoutMachine } from "./machines/logout-machine.ts"
import { membershipMachine } from "./machines/membership-machine.ts"
import { menuMachine } from "./machines/menu-machine.ts"
import { passwordResetMachine } from "./machines/password-reset-machine.ts"
import { paymentOutcomeMachine } from "./machines/payment-outcome-machine.ts"
import { paymentPromptMachine } from "./machines/payment-prompt-machine.ts"
import { quoteMachine } from "./machines/quote-machine.ts"
import { registrationMachine } from "./machines/registration-machine.ts"
import { sessionMachine } from "./machines/session-machine.ts"
import type { TimerClock } from "./machines/tests/test-session-machine.ts"
import { upgradeModalMachine } from "./machines/upgrade-modal-machine.ts"
import { App, PageLoader } from "./ui/App.tsx"
import { type AppServices, AppServicesProvider } from "./ui/app-services.tsx"
import { createI18n } from "./ui/i18n.ts"
import { chartProvisions } from "./wiring/charts.ts"
import { testsProvisions } from "./wiring/tests.ts"
import "./ui/styles.css"
import { searchProvisions } from "./wiring/search.ts"

export interface WireOptions {
  /** Where the API lives; the page's own origin in the browser. */
  readonly baseUrl: string
  /** The router's navigate (wouter's browser location by default; a memory location in tests). */
  readonly navigate?: (path: string) => void
  /** Full reloads; `location.assign` by default. */
  readonly reload?: (path: string) => void
  /** The clock timed flows run on (a self-test's deadline); the browser's by default, simulated in tests. */
  readonly clock?: { readonly now: () => number } & TimerClock
}

/** The `?next=` of the page the user is on: registration carries it on to verification. */
const currentReturnParam = () => new URLSearchParams(globalThis.location.search).get(RETURN_PARAM)

const decodeStoredUser = Schema.decodeUnknownExit(Schema.fromJsonString(StoredUserSchema))
const withoutToken = ({ token: _token, ...user }: SignedInUser): StoredUser => user

export const wire = async (options: WireOptions) => {
  const navigate = options.navigate ?? ((path: string) => browserNavigate(path))
  const navigation = options.reload
    ? Layer.succeed(Navigation, {
        go: (path) => Effect.sync(() => navigate(path)),
        reload: (path) => Effect.sync(() => options.reload?.(path)),
      })
    : Navigation.layer(navigate)
  const services = Layer.mergeAll(Cookies.layer, Storage.layer)
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(ApiClient.layer(options.baseUrl).pipe(Layer.provide(services)), services, navigation, Toasts.layer),
  )
  const run = <A,>(effect: Effect.Effect<A, never, Cookies | Storage | Navigation | Toasts | ApiClient>) =>
    runtime.runSync(effect)

  // What the browser already holds: language, consent, the signed-in user, a one-time login token.
  const language: SelectableLanguage = resolveLanguage(run(Effect.flatMap(Cookies, (c) => c.get(COOKIE_LANGUAGE))))
  const cookiesAccepted = isCookieAccepted(run(Effect.flatMap(Cookies, (c) => c.get(COOKIE_ACCEPTED))))
  const token = run(Effect.flatMap(Cookies, (c) => c.get(COOKIE_TOKEN)))
  const userCookie = run(Effect.flatMap(Cookies, (c) => c.get(COOKIE_USERDATA)))
  const decoded = token && userCookie ? decodeStoredUser(userCookie) : undefined
  const initialUser = decoded && Exit.isSuccess(decoded) ? decoded.value : null
  const url = new URL(globalThis.location.href)
  const loginToken = url.searchParams.get("login_token")
  if (loginToken) {
    run(Effect.flatMap(Storage, (s) => s.set(ONE_TIME_TOKEN_KEY, loginToken)))
    url.searchParams.delete("login_token")
    globalThis.history.replaceState(null, "", url.pathname + url.search + url.hash)
  }

  const i18n = await createI18n(language)
  document.documentElement.lang = language

  // Sign-out clears local storage (§4) but keeps when the payment modal last offered itself, so
  // signing out and in again does not bring it back the same day.
  const clearSession = Effect.gen(function* () {
    const cookies = yield* Cookies
    const storage = yield* Storage
    yield* cookies.remove(COOKIE_TOKEN)
    yield* cookies.remove(COOKIE_USERDATA)
    const prompted = yield* storage.get(PAYMENT_PROMPT_STORAGE_KEY)
    yield* storage.clear
    if (prompted !== undefined) yield* storage.set(PAYMENT_PROMPT_STORAGE_KEY, prompted)
  })

  // The session actor lives as long as the app; the catalogue reaches it on 401.
  let session: ActorRefFrom<typeof sessionMachine> | undefined

  const applyCatalogue = (failure: ApiFailure) =>
    Effect.gen(function* () {
      if (FLOW_HANDLED.has(failure._tag)) return
      const action = catalogueAction(failure)
      switch (action._tag) {
        case "SessionExpired":
          // Only a session that exists can expire; a visitor's 401 needs no reload.
          if (session?.getSnapshot().context.user) session.send({ type: "session.expired" })
          return
        case "NotFoundPage":
          return yield* Effect.flatMap(Navigation, (n) => n.go(action.path))
        case "Toast":
          return yield* Effect.flatMap(Toasts, (t) =>
            t.show(action.type, action.text ?? i18n.t(action.key ?? "errors.generic")),
          )
        case "None":
          return
      }
    })

  /** An actor that runs one API call; its failure is the catalogue's tagged error. */
  const apiActor = <I, A>(
    call: (client: Client, input: I) => Effect.Effect<A, unknown>,
    catalogue: boolean | ((failure: ApiFailure) => boolean) = true,
  ) =>
    fromPromise<A, I>(async ({ input, signal }) => {
      const program = Effect.flatMap(ApiClient, (api) => api.call((client) => call(client, input))).pipe(
        Effect.tapError((failure) =>
          (typeof catalogue === "function" ? catalogue(failure) : catalogue) ? applyCatalogue(failure) : Effect.void,
        ),
        Effect.result,
      )
      // A cancelled invocation (its state was left) must not report anything back.
      const settled = await runtime.runPromise(program, { signal }).catch((cause: unknown) => {
        if (signal.aborted) return undefined
        throw cause
      })
      if (settled === undefined) return new Promise<A>(() => {})
      if (settled._tag === "Failure") throw settled.failure
      return settled.success
    })

  const runAction = (effect: Effect.Effect<void, never, Cookies | Storage | Navigation | Toasts>) => () =>
    void runtime.runFork(effect)

  const persistUser = (user: StoredUser) =>
    Effect.flatMap(Cookies, (c) =>
      c.set(COOKIE_USERDATA, JSON.stringify(user), { maxAgeSeconds: SESSION_COOKIE_MAX_AGE_SECONDS }),
    )

  session = createActor(
    sessionMachine.provide({
      actors: { dashboard: apiActor((client) => client.users.dashboard()) },
      actions: {
        persistUser: (_, params) => void runtime.runFork(persistUser(params.user)),
        clearSession: runAction(clearSession),
        announceExpiry: runAction(Effect.flatMap(Toasts, (t) => t.show("error", i18n.t("errors.sessionExpired")))),
        reloadToLogin: runAction(Effect.flatMap(Navigation, (n) => n.reload("/login"))),
      },
    }),
    { input: { user: initialUser } },
  )
  session.start()
  if (initialUser) session.send({ type: "session.refresh" })
  const sessionActor = session
  const upgrade = createActor(upgradeModalMachine)
  upgrade.start()

  const paymentPrompt = createActor(
    paymentPromptMachine.provide({
      actions: {
        openModal: () => upgrade.send({ type: "upgrade.offer" }),
        storeMemory: (_, { memory }) =>
          void runtime.runFork(
            Effect.flatMap(Storage, (s) => s.set(PAYMENT_PROMPT_STORAGE_KEY, JSON.stringify(memory))),
          ),
      },
    }),
    { input: { memory: readPromptMemory(run(Effect.flatMap(Storage, (s) => s.get(PAYMENT_PROMPT_STORAGE_KEY)))) } },
  )
  paymentPrompt.start()

  // Sign-out for the whole app: the header's bar and the upgrade modal drive the same flow, so
  // both call, clear and go to /login after LOGOUT_REDIRECT_DELAY_MS.
  const logout = createActor(
    logoutMachine.provide({
      // A failed logout call still signs out here; its toast would only confuse.
      actors: { logout: apiActor((client) => client.users.logout(), false) },
      actions: {
        signOut: () => sessionActor.send({ type: "session.signOut" }),
        goToLogin: () => navigate("/login"),
      },
    }),
  )
  logout.start()

  /** The upgrade modal asked its own question: close it and sign out as the header does. */
  const signOutNow = () => {
    upgrade.send({ type: "upgrade.close" })
    logout.send({ type: "logout.start" })
  }

  /** The dashboard, handed to the session so every view sees the new plan without a reload. */
  const refreshUser = apiActor<void, UserData>((client) =>
    client.users
      .dashboard()
      .pipe(Effect.tap((data) => Effect.sync(() => sessionActor.send({ type: "session.dashboard", data })))),
  )

  const openUpgradeLite = () => upgrade.send({ type: "upgrade.open", lite: true })
  const page = <A,>(fetch: (client: Client, slug: string) => Effect.Effect<A, unknown>) =>
    contentPageMachine.provide({
      actors: { fetchPage: apiActor<{ readonly slug: string }, unknown>((client, { slug }) => fetch(client, slug)) },
      actions: { openUpgrade: openUpgradeLite },
    })

  const appServices: AppServices = {
    language,
    cookiesAccepted,
    session: sessionActor,
    upgrade,
    logout,
    paymentPrompt,
    now: () => runtime.runSync(Clock_.currentTimeMillis),
    charts: chartProvisions(apiActor),
    machines: {
      login: loginMachine.provide({
        actors: {
          login: apiActor((client, payload) => client.users.login({ payload })),
          resendVerification: apiActor((client, { email }) => client.users.resendVerification({ params: { email } })),
        },
        actions: {
          signedIn: (_, { user, returnTo }) => {
            runtime.runSync(
              Effect.flatMap(Cookies, (c) =>
                c.set(COOKIE_TOKEN, user.token, { maxAgeSeconds: SESSION_COOKIE_MAX_AGE_SECONDS }),
              ),
            )
            sessionActor.send({ type: "session.signIn", user: withoutToken(user) })
            sessionActor.send({ type: "session.refresh" })
            paymentPrompt.send({ type: "session.signedIn", uuid: user.uuid })
            navigate(returnTo ?? "/")
          },
        },
      }),
      registration: registrationMachine.provide({
        actors: { register: apiActor((client, payload) => client.users.register({ payload })) },
        actions: {
          registered: (_, { uuid, email }) =>
            navigate(
              withReturnPath(
                `/verify-email?user=${encodeURIComponent(uuid)}&email=${encodeURIComponent(email)}`,
                currentReturnParam(),
              ),
            ),
        },
      }),
      passwordReset: passwordResetMachine.provide({
        actors: {
          requestCode: apiActor((client, payload) => client.users.forgotPassword({ payload })),
          resetPassword: apiActor((client, payload) => client.users.resetPassword({ payload })),
          resetPasswordWithLink: apiActor((client, payload) => client.users.resetPasswordLink({ payload })),
        },
        actions: { goToLogin: () => navigate("/login") },
      }),
      emailVerification: emailVerificationMachine.provide({
        actors: {
          verify: apiActor((client, params) => client.users.verifyEmail({ params })),
          verifyLink: apiActor((client, payload) => client.users.verifyEmailLink({ payload })),
          resend: apiActor((client, { email }) => client.users.resendVerification({ params: { email } })),
        },
      }),
      language: languageMachine.provide({
        actions: {
          storeLanguage: (_, { language: next }) =>
            void runtime.runFork(
              Effect.flatMap(Cookies, (c) =>
                c.set(COOKIE_LANGUAGE, next, { maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS }),
              ),
            ),
          reloadHome: runAction(Effect.flatMap(Navigation, (n) => n.reload("/"))),
        },
      }),
      cookieConsent: cookieConsentMachine.provide({
        actions: {
          storeConsent: runAction(
            Effect.flatMap(Cookies, (c) =>
              c.set(COOKIE_ACCEPTED, COOKIE_CONSENT_VALUE, { maxAgeSeconds: COOKIE_ACCEPT_MAX_AGE_SECONDS }),
            ),
          ),
        },
      }),
      checkout: checkoutMachine.provide({
        actors: {
          loadPlans: apiActor((client) => client.billing.planList()),
          createCheckout: apiActor((client, payload) => client.billing.checkout({ payload })),
        },
        actions: {
          redirect: (_, { url }) => void runtime.runFork(Effect.flatMap(Navigation, (n) => n.reload(url))),
          // "Log in to continue": back to this very page once signed in.
          goToLogin: () => {
            upgrade.send({ type: "upgrade.close" })
            navigate(withReturnPath("/login", globalThis.location.pathname + globalThis.location.search))
          },
          signOut: signOutNow,
        },
      }),
      paymentOutcome: paymentOutcomeMachine.provide({ actors: { refreshUser } }),
      membership: membershipMachine.provide({
        actors: {
          loadSubscription: apiActor((client) => client.billing.subscription()),
          cancelSubscription: apiActor((client) => client.billing.cancel()),
        },
        actions: {
          openStore: (_, { url }) => void globalThis.open(url, "_blank", "noopener,noreferrer"),
          refreshUser: () => sessionActor.send({ type: "session.refresh" }),
        },
      }),
      menu: menuMachine.provide({
        actors: { loadMenus: apiActor((client) => client.content.channelMenus()) },
        actions: { openUpgrade: openUpgradeLite, openPage: (_, { href }) => navigate(href) },
      }),
      pages: {
        point: page((client, slug) => client.content.point({ params: { slug } })),
        channel: page((client, slug) => client.content.channel({ params: { slug } })),
        channelIndex: page((client) => client.content.channelIndex()),
        bodyArea: page((client, slug) => client.content.bodyArea({ params: { slug } })),
        bodyAreaIndex: page((client) => client.content.bodyAreaList()),
        category: page((client, slug) => client.content.category({ params: { slug } })),
        categoryIndex: page((client) => client.content.categoryList()),
        vessel: page((client, slug) => client.content.vessel({ params: { slug } })),
        extraPoints: page((client) => client.content.extraPoints()),
        bookIndex: page((client) => client.content.staticMenus()),
        bookPage: page((client, slug) => client.content.page({ params: { slug } })),
      },
      tests: testsProvisions({
        apiActor,
        openUpgrade: openUpgradeLite,
        now: options.clock ? () => options.clock?.now() ?? 0 : () => runtime.runSync(Clock_.currentTimeMillis),
        clock: options.clock,
      }),
      search: searchProvisions({
        apiActor,
        replace: (path) => (options.navigate ? options.navigate(path) : browserNavigate(path, { replace: true })),
      }),
      quote: quoteMachine.provide({
        // The footer shows its own message when a quote cannot be loaded.
        actors: {
          fetchQuote: apiActor((client, { offset }) => client.system.quoteOfTheDay({ query: { offset } }), false),
        },
      }),
    },
  }

  const element = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppServicesProvider services={appServices}>
          <Suspense fallback={<PageLoader />}>
            <App />
          </Suspense>
        </AppServicesProvider>
      </I18nextProvider>
    </StrictMode>
  )
  return { element, runtime, session: sessionActor, i18n }
}

const root = typeof document !== "undefined" ? document.getElementById("root") : null
if (root) {
  wire({ baseUrl: globalThis.location.origin }).then(({ element }) => createRoot(root).render(element))
}

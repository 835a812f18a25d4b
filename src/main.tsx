// The composition point: builds the runtime, reads the interface language, composes each
// feature's wiring (src/wiring) into what the views receive, and renders — or, when the server
// drew the page (src/entry-server.tsx), hydrates what it drew, starting from the answers it embedded.
import { Clock } from "effect"
import type { i18n as I18n } from "i18next"
import { StrictMode, Suspense, startTransition } from "react"
import { I18nProvider } from "react-aria/I18nProvider"
import { createRoot, hydrateRoot } from "react-dom/client"
import { I18nextProvider } from "react-i18next"
import { Router } from "wouter"
import { navigate as browserNavigate } from "wouter/use-browser-location"
import { isPatientPath } from "./domain/acupressure/sharing-links.ts"
import type { FirstPageData } from "./domain/shared/first-page.ts"
import {
  type FlowScript,
  PAGE_GROUP_FLOWS,
  PAGE_GROUP_TEXTS,
  type PageGroup,
  pageGroupsOf,
  pageTextsOf,
} from "./domain/shared/page-groups.ts"
import { firstPageAnswers, readFirstPage } from "./infra/first-page.ts"
import { App, preloadPages } from "./ui/App.tsx"
import { type AppServices, AppServicesProvider } from "./ui/app-services.tsx"
import { createI18n } from "./ui/i18n.ts"
import { PageLoader } from "./ui/shared/components/PageLoader.tsx"
import { later, withGetters } from "./ui/shared/later.ts"
import { setPageFlows } from "./ui/shared/page-flows.ts"
import { prefersReducedMotion } from "./ui/shared/reduced-motion.ts"
import { FIRST_USE_FALLBACK_MS, whenIdle, whenUsed } from "./ui/shared/when-idle.ts"
import { wireAccount } from "./wiring/account.ts"
import { wireBilling } from "./wiring/billing.ts"
import { wireCharts } from "./wiring/charts.ts"
import { wireContent } from "./wiring/content.ts"
import { wireOffline } from "./wiring/offline.ts"
import { makeRuntime, readWith, type WireOptions } from "./wiring/shared/runtime.ts"
import { makeWiring } from "./wiring/shared/wiring.ts"
import { readLanguage, wireShell } from "./wiring/shell.ts"
import "./ui/styles.css"

export type { WireOptions }

export const wire = async (
  options: WireOptions & {
    readonly firstPage?: FirstPageData
    /** The texts, made once per language and kept (the server's drawing); made afresh otherwise. */
    readonly i18n?: I18n
  },
) => {
  const runtime = makeRuntime(options, {
    navigate: (path) => browserNavigate(path),
    replace: (path) => browserNavigate(path, { replace: true }),
  })
  const url = options.server?.url ?? `${globalThis.location?.pathname ?? "/"}${globalThis.location?.search ?? ""}`
  const path = url.split("?")[0] ?? "/"
  // The language the server drew the page in (its cookie, else the browser's Accept-Language).
  const language = options.firstPage?.language ?? readLanguage(readWith(runtime))
  // The flows of the pages other than the shell's are wired when their script arrives: the first
  // page's before it is drawn, another group's beside that group's script (ui/shared/page-flows.ts),
  // the shell's search and groups once the browser is idle, or whichever a view asks for first.
  const flowScripts = {
    "sign-in": () => import("./wiring/sign-in.ts"),
    "sign-up": () => import("./wiring/sign-up.ts"),
    "account-pages": () => import("./wiring/account-pages.ts"),
    social: () => import("./wiring/social.ts"),
    search: () => import("./wiring/search.ts"),
    "self-tests": () => import("./wiring/self-tests.ts"),
    notes: () => import("./wiring/notes.ts"),
    feedback: () => import("./wiring/feedback.ts"),
    groups: () => import("./wiring/groups.ts"),
    videos: () => import("./wiring/videos.ts"),
    sharing: () => import("./wiring/sharing.ts"),
  } satisfies Record<FlowScript, () => Promise<unknown>>
  const firstFlows = [...new Set(pageGroupsOf(path).flatMap((group) => PAGE_GROUP_FLOWS[group]))]

  // The first page's group loads beside the texts (the server's page preloads its script), with its
  // flows' scripts and the texts the server's drawing used, so the first render shows the page
  // itself, not a placeholder, and matches what the server drew.
  const [i18n] = await Promise.all([
    options.i18n ?? createI18n(language, [...(options.firstPage?.namespaces ?? []), ...pageTextsOf(path)]),
    preloadPages(path),
    ...firstFlows.map((name) => flowScripts[name]().catch(() => undefined)),
  ])
  if (!options.server) document.documentElement.lang = language

  const w = makeWiring(runtime, (key) => i18n.t(key))
  const shell = wireShell(w)
  // A patient's page never asks about a member's session: a stale one must not send them to sign in.
  // The server's drawing asks nothing at all.
  const account = wireAccount(w, { clock: options.sessionClock, refresh: !options.server && !isPatientPath(path) })
  const billing = wireBilling(w, account)
  const content = wireContent(w, billing)
  const charts = wireCharts(w)
  const signedIn = () => account.session.getSnapshot().context.user !== null
  const offline = wireOffline(w, {
    session: account.session,
    connection: shell.connection,
    language,
    baseUrl: options.baseUrl,
    whenIdle: (run) => void whenIdle(run, 5000),
  })

  const flows = {
    "sign-in": later(() => flowScripts["sign-in"]().then((m) => m.wireSignInPages(w, account.session))),
    "sign-up": later(() => flowScripts["sign-up"]().then((m) => m.wireSignUpPages(w, account.session))),
    "account-pages": later(() =>
      flowScripts["account-pages"]().then((m) => m.wireAccountPages(w, account.session, language)),
    ),
    social: later(() => flowScripts.social().then((m) => m.wireSocial(w, account).machines)),
    search: later(() => flowScripts.search().then((m) => m.wireSearch(w, language).machines)),
    "self-tests": later(() =>
      flowScripts["self-tests"]().then((m) => m.wireTests(w, billing, { clock: options.clock }).machines),
    ),
    notes: later(() =>
      flowScripts
        .notes()
        .then((m) => m.wireNotes(w, () => account.session.getSnapshot().context.user?.id ?? null).machines),
    ),
    feedback: later(() => flowScripts.feedback().then((m) => m.wireFeedback(w).machines)),
    groups: later(() =>
      flowScripts.groups().then((m) => m.wireGroups(w, billing, (key, values) => i18n.t(key, values)).machines),
    ),
    videos: later(() =>
      flowScripts.videos().then((m) => m.wireVideos(w, billing, { language, signedIn, prefersReducedMotion }).machines),
    ),
    // Patient sharing is offered in English only (§6), whatever the interface's language.
    sharing: later(() =>
      flowScripts
        .sharing()
        .then((m) => m.wireSharing(w, billing, (key, values) => i18n.getFixedT("en")(key, values ?? {})).machines),
    ),
  } satisfies Record<FlowScript, unknown>
  const loadFlows = (names: ReadonlyArray<FlowScript>) =>
    Promise.all(names.map((name) => flows[name].load().catch(() => undefined)))
  // Their scripts are here: wiring them takes a moment, and the first render reads them at once.
  await loadFlows(firstFlows)

  const services: AppServices = {
    language,
    firstPage: firstPageAnswers(options.firstPage),
    cookiesAccepted: shell.cookiesAccepted,
    connection: shell.connection,
    offlineDownload: offline.offlineDownload,
    installOffer: offline.installOffer,
    storageUsed: offline.storageUsed,
    navigation: shell.navigation,
    session: account.session,
    logout: account.logout,
    upgrade: billing.upgrade,
    paymentPrompt: billing.paymentPrompt,
    now: () => runtime.runSync(Clock.currentTimeMillis),
    machines: withGetters(
      { ...shell.machines, ...billing.machines, ...content.machines, ...charts.machines },
      {
        login: () => flows["sign-in"].read().login,
        registration: () => flows["sign-up"].read().registration,
        passwordReset: () => flows["sign-up"].read().passwordReset,
        emailVerification: () => flows["sign-up"].read().emailVerification,
        emailRestore: () => flows["sign-up"].read().emailRestore,
        accountSettings: () => flows["account-pages"].read().accountSettings,
        social: () => flows.social.read().social,
        search: () => flows.search.read().search,
        tests: () => flows["self-tests"].read().tests,
        notes: () => flows.notes.read().notes,
        feedback: () => flows.feedback.read().feedback,
        groups: () => flows.groups.read().groups,
        videos: () => flows.videos.read().videos,
        sharing: () => flows.sharing.read().sharing,
      },
    ),
  }

  const element = (
    <StrictMode>
      {/* React Aria's own words (a popover's hidden "Dismiss") and formats in the app's language, not the browser's. */}
      <I18nProvider locale={language}>
        <I18nextProvider i18n={i18n}>
          <AppServicesProvider services={services}>
            <Suspense fallback={<PageLoader />}>
              {/* The server's drawing is of its request's address; the browser's router reads its own. */}
              {options.server ? (
                <Router ssrPath={path} ssrSearch={url.slice(path.length + 1)}>
                  <App />
                </Router>
              ) : (
                <App />
              )}
            </Suspense>
          </AppServicesProvider>
        </I18nextProvider>
      </I18nProvider>
    </StrictMode>
  )
  /** Wires the flows of a page group and loads its texts (the app's page groups load them beside their script). */
  const loadFlowsOf = (group: PageGroup) =>
    Promise.all([loadFlows(PAGE_GROUP_FLOWS[group]), i18n.loadNamespaces([...PAGE_GROUP_TEXTS[group]])])
  /** Wires the flows the shell's own parts use (the header's search, the channel menu's groups). */
  const preloadShellFlows = () => void loadFlows(["search", "groups"])
  return {
    element,
    runtime,
    session: account.session,
    i18n,
    loadFlowsOf,
    preloadShellFlows,
    keepOffline: offline.keepOffline,
    offlineDownload: offline.offlineDownload,
    installOffer: offline.installOffer,
  }
}

const root = typeof document !== "undefined" ? document.getElementById("root") : null
if (root) {
  const firstPage = readFirstPage(document)
  wire({ baseUrl: globalThis.location.origin, firstPage }).then(
    ({ element, loadFlowsOf, preloadShellFlows, keepOffline }) => {
      setPageFlows(loadFlowsOf)
      // The server drew this page: React takes over its markup instead of drawing it again.
      if (firstPage && root.hasChildNodes()) startTransition(() => void hydrateRoot(root, element))
      else createRoot(root).render(element)
      // What the next use needs (the header's search and the channel menu's flows), and the worker
      // that keeps the app for offline use, then the signed-in learner's part, once the user shows
      // they are there: start-up runs nothing nobody asked for. A development server's modules
      // change too often to be kept.
      whenUsed(preloadShellFlows, FIRST_USE_FALLBACK_MS)
      if (import.meta.env.PROD) whenUsed(keepOffline, FIRST_USE_FALLBACK_MS)
    },
  )
  // The Chinese faces (Noto Serif TC and SC: our subsets, then the full faces, chinese.ts), so names
  // and whatever a learner types never show as empty boxes on a device without a Chinese font. Their
  // rules arrive once the page has loaded and the browser is idle: the first page's text is laid out
  // once, not again as each face arrives, and a page downloads only the slices of the characters it
  // shows.
  const loadHanzi = () => whenIdle(() => void import("./ui/shared/fonts/chinese.ts"), 2000)
  if (document.readyState === "complete") loadHanzi()
  else addEventListener("load", loadHanzi, { once: true })
}

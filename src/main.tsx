// The composition point: builds the runtime, reads the interface language, composes each
// feature's wiring (src/wiring) into what the views receive, and renders — or, when the server
// drew the page (src/entry-server.tsx), hydrates what it drew, starting from the answers it embedded.
import { Clock } from "effect"
import type { i18n as I18n } from "i18next"
import { StrictMode, Suspense } from "react"
import { I18nProvider } from "react-aria-components"
import { createRoot, hydrateRoot } from "react-dom/client"
import { I18nextProvider } from "react-i18next"
import { Router } from "wouter"
import { navigate as browserNavigate } from "wouter/use-browser-location"
import { isPatientPath } from "./domain/acupressure/sharing-links.ts"
import type { FirstPageData } from "./domain/shared/first-page.ts"
import { firstPageAnswers, readFirstPage } from "./infra/first-page.ts"
import { App, preloadPages } from "./ui/App.tsx"
import { type AppServices, AppServicesProvider } from "./ui/app-services.tsx"
import { createI18n } from "./ui/i18n.ts"
import { PageLoader } from "./ui/shared/components/PageLoader.tsx"
import { prefersReducedMotion } from "./ui/shared/reduced-motion.ts"
import { wireAccount } from "./wiring/account.ts"
import { wireBilling } from "./wiring/billing.ts"
import { wireCharts } from "./wiring/charts.ts"
import { wireContent } from "./wiring/content.ts"
import { wireFeedback } from "./wiring/feedback.ts"
import { wireGroups } from "./wiring/groups.ts"
import { wireNotes } from "./wiring/notes.ts"
import { wireSearch } from "./wiring/search.ts"
import { wireTests } from "./wiring/self-tests.ts"
import { makeRuntime, readWith, type WireOptions } from "./wiring/shared/runtime.ts"
import { makeWiring } from "./wiring/shared/wiring.ts"
import { wireSharing } from "./wiring/sharing.ts"
import { readLanguage, wireShell } from "./wiring/shell.ts"
import { wireSocial } from "./wiring/social.ts"
import { wireVideos } from "./wiring/videos.ts"
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
  // The first page's group loads beside the texts (the server's page preloads its script), and the
  // texts the server's drawing used, so the first render shows the page itself, not a placeholder,
  // and matches what the server drew.
  const [i18n] = await Promise.all([
    options.i18n ?? createI18n(language, options.firstPage?.namespaces),
    preloadPages(path),
  ])
  if (!options.server) document.documentElement.lang = language

  const w = makeWiring(runtime, (key) => i18n.t(key))
  const shell = wireShell(w)
  // A patient's page never asks about a member's session: a stale one must not send them to sign in.
  // The server's drawing asks nothing at all.
  const account = wireAccount(w, language, {
    clock: options.sessionClock,
    refresh: !options.server && !isPatientPath(path),
  })
  const billing = wireBilling(w, account)
  const content = wireContent(w, billing)
  const search = wireSearch(w)
  const tests = wireTests(w, billing, { clock: options.clock })
  const charts = wireCharts(w)
  const social = wireSocial(w, account)
  const notes = wireNotes(w, () => account.session.getSnapshot().context.user?.id ?? null)
  const feedback = wireFeedback(w)
  const groups = wireGroups(w, billing, (key, values) => i18n.t(key, values))
  const videos = wireVideos(w, billing, {
    language,
    signedIn: () => account.session.getSnapshot().context.user !== null,
    prefersReducedMotion,
  })

  const sharing = wireSharing(w, billing, (key, values) => i18n.getFixedT("en")(key, values ?? {}))

  const services: AppServices = {
    language,
    firstPage: firstPageAnswers(options.firstPage),
    cookiesAccepted: shell.cookiesAccepted,
    navigation: shell.navigation,
    session: account.session,
    logout: account.logout,
    upgrade: billing.upgrade,
    paymentPrompt: billing.paymentPrompt,
    now: () => runtime.runSync(Clock.currentTimeMillis),
    machines: {
      ...shell.machines,
      ...account.machines,
      ...billing.machines,
      ...content.machines,
      ...search.machines,
      ...tests.machines,
      ...charts.machines,
      ...social.machines,
      ...notes.machines,
      ...feedback.machines,
      ...groups.machines,
      ...videos.machines,
      ...sharing.machines,
    },
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
  return { element, runtime, session: account.session, i18n }
}

const root = typeof document !== "undefined" ? document.getElementById("root") : null
if (root) {
  const firstPage = readFirstPage(document)
  wire({ baseUrl: globalThis.location.origin, firstPage }).then(({ element }) => {
    // The server drew this page: React takes over its markup instead of drawing it again.
    if (firstPage && root.hasChildNodes()) hydrateRoot(root, element)
    else createRoot(root).render(element)
  })
  // The Chinese faces (Noto Serif TC and SC: our subsets, then the full faces, chinese.ts), so names
  // and whatever a learner types never show as empty boxes on a device without a Chinese font. Their
  // rules arrive once the page has loaded and the browser is idle: the first page's text is laid out
  // once, not again as each face arrives, and a page downloads only the slices of the characters it
  // shows.
  const whenIdle = (run: () => void) =>
    "requestIdleCallback" in globalThis ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200)
  const loadHanzi = () => whenIdle(() => void import("./ui/shared/fonts/chinese.ts"))
  if (document.readyState === "complete") loadHanzi()
  else addEventListener("load", loadHanzi, { once: true })
}

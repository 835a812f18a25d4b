// The app shell and its routes: skip link, offline banner, header, logout bar, the page, footer,
// cookie banner and toasts (bottom-center, 5 s, one at a time). Focus moves to the page on every navigation.
import { useSelector } from "@xstate/react"
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Redirect, Route, Switch, useLocation } from "wouter"
import { EMAIL_RESTORE_PATH } from "../domain/account/email-restore-links.ts"
import {
  ACUPRESSURE_VIDEOS_HREF,
  isPatientPath,
  PATIENT_UNSUBSCRIBE_PATH,
} from "../domain/acupressure/sharing-links.ts"
import { MY_GROUPS_HREF } from "../domain/groups/group-links.ts"
import { FULL_TEXT_HREF, isCanonicalPointSlug, SEARCH_HREF } from "../domain/search/search-links.ts"
import {
  ACCOUNT_SETTINGS_PATHS,
  CONTENT_PATHS,
  type PageGroup,
  pageGroupsOf,
  SETTINGS_LAYOUT_ADDRESSES,
  TEST_PATHS,
} from "../domain/shared/page-groups.ts"
import { LogoutBar } from "./account/LogoutBar.tsx"
import { useAppServices } from "./app-services.tsx"
import { FloatingUpgradeButton } from "./billing/FloatingUpgradeButton.tsx"
import { PaymentPrompt } from "./billing/PaymentPrompt.tsx"
import { UpgradeModal } from "./billing/UpgradeModal.tsx"
import { ChartExplorer } from "./charts/LazyCharts.tsx"
import { lazyModule } from "./shared/components/lazy-part.tsx"
import { PageLoader } from "./shared/components/PageLoader.tsx"
import { CookieBanner } from "./shared/layout/CookieBanner.tsx"
import { Footer } from "./shared/layout/Footer.tsx"
import { Header } from "./shared/layout/Header.tsx"
import { LogoMark } from "./shared/layout/LogoMark.tsx"
import { OfflineBanner } from "./shared/layout/OfflineBanner.tsx"
import { OfflineReadyAnnouncement } from "./shared/layout/OfflineProgress.tsx"
import { SignedInOnly, SignedOutOnly } from "./shared/layout/SignedInOnly.tsx"
import { Toasts } from "./shared/layout/Toasts.tsx"
import { withFlows } from "./shared/page-flows.ts"
import { AboutPage, AboutUsPage } from "./shared/pages/AboutPage.tsx"
import { HomePage } from "./shared/pages/HomePage.tsx"
import { NotFoundPage } from "./shared/pages/NotFoundPage.tsx"
import { FIRST_USE_FALLBACK_MS, whenUsed } from "./shared/when-idle.ts"
import { DrillDownMenu, HeaderSearch, preloadShellParts } from "./shell-parts.tsx"

// Each group of pages (src/domain/shared/page-groups.ts) is one script, loaded when the first of its
// pages is shown; the server preloads the groups of the first page with the app (two for a page
// inside the account settings layout), and main.tsx waits for them before the first render
// (preloadPages), so the first page shows without a placeholder.
const page = { placeholder: <PageLoader />, failure: "pageFailed", renderFailure: "pageError" }
const groups = {
  content: lazyModule(
    withFlows("content", () => import("./content/pages.ts")),
    page,
  ),
  "sign-in": lazyModule(
    withFlows("sign-in", () => import("./account/sign-in-pages.ts")),
    page,
  ),
  "sign-up": lazyModule(
    withFlows("sign-up", () => import("./account/sign-up-pages.ts")),
    page,
  ),
  account: lazyModule(
    withFlows("account", () => import("./account/pages.ts")),
    page,
  ),
  billing: lazyModule(
    withFlows("billing", () => import("./billing/pages.ts")),
    page,
  ),
  search: lazyModule(
    withFlows("search", () => import("./search/pages.ts")),
    page,
  ),
  "self-tests": lazyModule(
    withFlows("self-tests", () => import("./self-tests/pages.ts")),
    page,
  ),
  groups: lazyModule(
    withFlows("groups", () => import("./groups/pages.ts")),
    page,
  ),
  notes: lazyModule(
    withFlows("notes", () => import("./notes/pages.ts")),
    page,
  ),
  feedback: lazyModule(
    withFlows("feedback", () => import("./feedback/pages.ts")),
    page,
  ),
  videos: lazyModule(
    withFlows("videos", () => import("./videos/pages.ts")),
    page,
  ),
  sharing: lazyModule(
    withFlows("sharing", () => import("./sharing/pages.ts")),
    page,
  ),
} satisfies Record<PageGroup, { readonly preload: () => Promise<unknown> }>

/** Loads the page groups that show `path`, together; a failure is left to the page's own retry. */
export const preloadPages = async (path: string) => {
  await Promise.all(pageGroupsOf(path).map((group) => groups[group].preload().catch(() => undefined)))
}

const BookIndexPage = groups.content.part((m) => m.BookIndexPage)
const BookPage = groups.content.part((m) => m.BookPage)
const ChannelIndexPage = groups.content.part((m) => m.ChannelIndexPage)
const ChannelPage = groups.content.part((m) => m.ChannelPage)
const CategoryIndexPage = groups.content.part((m) => m.CategoryIndexPage)
const CategoryPage = groups.content.part((m) => m.CategoryPage)
const BodyAreaIndexPage = groups.content.part((m) => m.BodyAreaIndexPage)
const BodyAreaPage = groups.content.part((m) => m.BodyAreaPage)
const VesselPage = groups.content.part((m) => m.VesselPage)
const ExtraPointsPage = groups.content.part((m) => m.ExtraPointsPage)
const PointPage = groups.content.part((m) => m.PointPage)
const LoginPage = groups["sign-in"].part((m) => m.LoginPage)
const RegisterPage = groups["sign-up"].part((m) => m.RegisterPage)
const ResetPasswordPage = groups["sign-up"].part((m) => m.ResetPasswordPage)
const RestoreEmailPage = groups["sign-up"].part((m) => m.RestoreEmailPage)
const SocialCallbackPage = groups["sign-up"].part((m) => m.SocialCallbackPage)
const VerifyEmailPage = groups["sign-up"].part((m) => m.VerifyEmailPage)
const AccountSettingsLayout = groups.account.part((m) => m.AccountSettingsLayout)
const AccountSettingsRoutes = groups.account.part((m) => m.AccountSettingsRoutes)
const PricingPage = groups.billing.part((m) => m.PricingPage)
const PaymentSuccessPage = groups.billing.part((m) => m.PaymentSuccessPage)
const PaymentFailurePage = groups.billing.part((m) => m.PaymentFailurePage)
const MembershipPage = groups.billing.part((m) => m.MembershipPage)
const SearchPage = groups.search.part((m) => m.SearchPage)
const FullTextPage = groups.search.part((m) => m.FullTextPage)
const PointReference = groups.search.part((m) => m.PointReference)
const TestsRoutes = groups["self-tests"].part((m) => m.TestsRoutes)
const MyGroupsPage = groups.groups.part((m) => m.MyGroupsPage)
const MyNotesPage = groups.notes.part((m) => m.MyNotesPage)
const SupportPage = groups.feedback.part((m) => m.SupportPage)
const ChannelVideoPage = groups.videos.part((m) => m.ChannelVideoPage)
const PointVideosPage = groups.videos.part((m) => m.PointVideosPage)
const AcupressureVideosPage = groups.sharing.part((m) => m.AcupressureVideosPage)
const PatientLinkPage = groups.sharing.part((m) => m.PatientLinkPage)
const UnsubscribePage = groups.sharing.part((m) => m.UnsubscribePage)

/**
 * The pages of other features shown inside the account settings layout, by address: the same
 * addresses whose page preloads the layout's script with theirs (SETTINGS_LAYOUT_ADDRESSES).
 */
const SETTINGS_LAYOUT_PAGES = {
  "/account-settings/my-membership": MembershipPage,
  "/account-settings/support": SupportPage,
} as const satisfies Record<(typeof SETTINGS_LAYOUT_ADDRESSES)[number], ComponentType>

/** Content pages load again when the plan changes, so a payment opens them without a reload. */
const usePlanKey = () => {
  const { session } = useAppServices()
  return useSelector(session, (s) => s.context.user?.user_subscription.plan_id ?? 0)
}

/** A page that loads again when the plan changes (a payment opens a locked video at once). */
const PlanKeyed = ({ render }: { readonly render: (plan: number) => ReactNode }) => <>{render(usePlanKey())}</>

const ContentRoutes = () => {
  const plan = usePlanKey()
  return (
    <Switch>
      <Route path="/book/pages">
        <BookIndexPage key={plan} />
      </Route>
      <Route path="/book/pages/channels">
        <ChannelIndexPage key={plan} />
      </Route>
      <Route path="/book/pages/channels/:slug">
        {({ slug }) => <ChannelPage key={`${slug}-${plan}`} slug={slug} />}
      </Route>
      <Route path="/book/pages/categories">
        <CategoryIndexPage key={plan} />
      </Route>
      <Route path="/book/pages/body-areas">
        <BodyAreaIndexPage key={plan} />
      </Route>
      <Route path="/book/pages/categories/:slug">
        {({ slug }) => <CategoryPage key={`${slug}-${plan}`} slug={slug} />}
      </Route>
      <Route path="/book/pages/vessels/:slug">{({ slug }) => <VesselPage key={`${slug}-${plan}`} slug={slug} />}</Route>
      <Route path="/book/pages/extra-points">
        <ExtraPointsPage key={plan} />
      </Route>
      <Route path="/book/pages/:slug">{({ slug }) => <BookPage key={`${slug}-${plan}`} slug={slug} />}</Route>
      <Route path="/point/:slug">
        {({ slug }) =>
          // "/point/LU9", "/point/lu-9": looked up and replaced by the point's own address.
          isCanonicalPointSlug(slug) ? (
            <PointPage key={`${slug}-${plan}`} slug={slug} />
          ) : (
            <PointReference key={slug} reference={slug} />
          )
        }
      </Route>
      <Route path="/body-area/:slug">{({ slug }) => <BodyAreaPage key={`${slug}-${plan}`} slug={slug} />}</Route>
      <Route>
        <Redirect to="/not-found" replace />
      </Route>
    </Switch>
  )
}

/** The chart explorer; it loads again with the plan, so a payment shows the Pro points at once. */
const ChartExplorerRoute = ({ view }: { readonly view: string | undefined }) => {
  const plan = usePlanKey()
  return <ChartExplorer key={plan} view={view} />
}

const Routes = () => (
  <Switch>
    <Route path={CONTENT_PATHS}>
      <ContentRoutes />
    </Route>
    <Route path={TEST_PATHS}>
      <TestsRoutes />
    </Route>
    <Route path="/">
      <HomePage />
    </Route>
    <Route path="/book/charts/:view?">{({ view }) => <ChartExplorerRoute view={view} />}</Route>
    <Route path="/about">
      <AboutPage />
    </Route>
    <Route path="/about-us">
      <AboutUsPage />
    </Route>
    <Route path="/login">
      <SignedOutOnly>
        <LoginPage />
      </SignedOutOnly>
    </Route>
    <Route path="/register">
      <SignedOutOnly>
        <RegisterPage />
      </SignedOutOnly>
    </Route>
    <Route path="/social/callback">
      <SocialCallbackPage />
    </Route>
    <Route path="/resetpassword">
      <ResetPasswordPage />
    </Route>
    <Route path="/verify-email">
      <VerifyEmailPage />
    </Route>
    <Route path={EMAIL_RESTORE_PATH}>
      <RestoreEmailPage />
    </Route>
    <Route path="/pricing">
      <PricingPage redirectSubscribed={false} />
    </Route>
    <Route path="/plan-pro">
      <PricingPage redirectSubscribed />
    </Route>
    <Route path="/payment-success">
      <SignedInOnly>
        <PaymentSuccessPage />
      </SignedInOnly>
    </Route>
    <Route path="/payment-failure">
      <PaymentFailurePage />
    </Route>
    {SETTINGS_LAYOUT_ADDRESSES.map((address) => {
      const Page = SETTINGS_LAYOUT_PAGES[address]
      return (
        <Route key={address} path={address}>
          <SignedInOnly>
            <AccountSettingsLayout>
              <Page />
            </AccountSettingsLayout>
          </SignedInOnly>
        </Route>
      )
    })}
    <Route path="/my-notes">
      <SignedInOnly>
        <MyNotesPage />
      </SignedInOnly>
    </Route>
    <Route path={ACCOUNT_SETTINGS_PATHS}>
      <AccountSettingsRoutes />
    </Route>
    <Route path={SEARCH_HREF}>
      <SearchPage />
    </Route>
    <Route path={FULL_TEXT_HREF}>
      <FullTextPage />
    </Route>
    <Route path={MY_GROUPS_HREF}>
      <MyGroupsPage />
    </Route>
    <Route path="/video/play-channel-video/:slug">
      {({ slug }) => <PlanKeyed render={(plan) => <ChannelVideoPage key={`${slug}-${plan}`} slug={slug} />} />}
    </Route>
    <Route path="/video/play-channel/:slug">
      {({ slug }) => <PlanKeyed render={(plan) => <PointVideosPage key={`${slug}-${plan}`} slug={slug} />} />}
    </Route>
    {/* Linked from the account menu in English only (§6); the page itself is English in every language. */}
    <Route path={ACUPRESSURE_VIDEOS_HREF}>
      <SignedInOnly>
        <AcupressureVideosPage />
      </SignedInOnly>
    </Route>
    <Route path="/not-found">
      <NotFoundPage />
    </Route>
    {/* §8: an unknown address goes to /not-found, replacing itself so Back skips it. */}
    <Route>
      <Redirect to="/not-found" replace />
    </Route>
  </Switch>
)

/**
 * A patient's pages (their link, the unsubscribe page): without an account and without anything else
 * of the app — no header, menus, search, footer, cookie or upgrade prompts; the Jingluo name only.
 */
const PatientShell = () => (
  <div className="app patient-app">
    <header className="patient-header">
      <LogoMark />
      <span>Jingluo</span>
    </header>
    <main id="main" tabIndex={-1}>
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path={PATIENT_UNSUBSCRIBE_PATH}>
            <UnsubscribePage />
          </Route>
          <Route path="/patient/:token">{({ token }) => <PatientLinkPage key={token} token={token} />}</Route>
        </Switch>
      </Suspense>
    </main>
  </div>
)

export const App = () => {
  const [location] = useLocation()
  return isPatientPath(location) ? <PatientShell /> : <MemberApp />
}

const MemberApp = () => {
  const { t } = useTranslation("common")
  const { logout } = useAppServices()
  const [location] = useLocation()
  // The shell's other parts (the menus, the header's search, the plans: shell-parts.tsx) once the
  // user shows they are there, so start-up runs nothing nobody asked for (when-idle.ts).
  useEffect(() => whenUsed(preloadShellParts, FIRST_USE_FALLBACK_MS), [])
  // The header's submenu: the channel drill-down or the search; the search item swaps them (§2).
  const [submenu, setSubmenu] = useState<"channels" | "search" | null>(null)
  const menuOpen = submenu === "channels"
  const setMenuOpen = (open: boolean) => setSubmenu(open ? "channels" : null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes
  useEffect(() => setSubmenu(null), [location])
  const mainRef = useRef<HTMLElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation; `location` is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    mainRef.current?.focus()
    window.scrollTo({ top: 0 })
  }, [location])

  const channelButton = useRef<HTMLButtonElement>(null)
  const mobileButton = useRef<HTMLButtonElement>(null)
  const searchButton = useRef<HTMLButtonElement>(null)
  /** Escape in the search submenu's empty field: it closes and focus returns to the search item. */
  const closeSearch = () => {
    setSubmenu(null)
    searchButton.current?.focus()
  }
  /** Closing the menu from inside (Escape, Back at the first column) hands focus back to its button. */
  const closeMenu = () => {
    setMenuOpen(false)
    // The narrow header hides the channel button inside its menu button; focus the one on screen.
    const visible = [channelButton.current, mobileButton.current].find((b) => b?.checkVisibility?.() ?? b !== null)
    visible?.focus()
  }

  // Escape closes the open panel also when focus is nowhere in particular (after a mouse click) or
  // still on the button that opened it; inside the panel the menu handles Escape itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closeMenu reads refs only
  useEffect(() => {
    if (submenu === null) return
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.activeElement
      const outside =
        active === document.body || [channelButton, mobileButton, searchButton].some((b) => b.current === active)
      if (event.key === "Escape" && !event.defaultPrevented && outside) {
        if (submenu === "search") closeSearch()
        else closeMenu()
      }
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [submenu])

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <OfflineBanner />
      <OfflineReadyAnnouncement />
      <LogoutBar actor={logout} />
      <Header
        onLogout={() => logout.send({ type: "logout.request" })}
        menuOpen={menuOpen}
        onToggleMenu={() => setSubmenu((open) => (open === "channels" ? null : "channels"))}
        searchOpen={submenu === "search"}
        onToggleSearch={() => setSubmenu((open) => (open === "search" ? null : "search"))}
        channelButtonRef={channelButton}
        mobileButtonRef={mobileButton}
        searchButtonRef={searchButton}
        panel={
          menuOpen ? (
            <div className="drilldown-panel" id="channel-menu">
              <DrillDownMenu onClose={() => setMenuOpen(false)} onDismiss={closeMenu} />
            </div>
          ) : submenu === "search" ? (
            <div className="drilldown-panel search-submenu" id="search-menu">
              <HeaderSearch onDismiss={closeSearch} onNavigate={() => setSubmenu(null)} />
            </div>
          ) : null
        }
      />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Routes />
        </Suspense>
      </main>
      <Footer />
      <FloatingUpgradeButton />
      <UpgradeModal />
      <PaymentPrompt />
      <CookieBanner />
      <Toasts />
    </div>
  )
}

// The app shell and its routes: skip link, header, logout bar, the page, footer, cookie banner and
// toasts (bottom-center, 5 s, one at a time). Focus moves to the page on every navigation.
import { useSelector } from "@xstate/react"
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Toaster } from "sonner"
import { Redirect, Route, Switch, useLocation } from "wouter"
import { MY_GROUPS_HREF } from "../domain/groups/group-links.ts"
import { FULL_TEXT_HREF, isCanonicalPointSlug, SEARCH_HREF } from "../domain/search/search-links.ts"
import { ACCOUNT_SETTINGS_PATHS, CONTENT_PATHS, TEST_PATHS } from "../domain/shared/page-groups.ts"
import { TOAST_DURATION_MS, TOAST_LIMIT } from "../domain/shared/timing.ts"
import { LogoutBar } from "./account/LogoutBar.tsx"
import { useAppServices } from "./app-services.tsx"
import { FloatingUpgradeButton } from "./billing/FloatingUpgradeButton.tsx"
import { PaymentPrompt } from "./billing/PaymentPrompt.tsx"
import { UpgradeModal } from "./billing/UpgradeModal.tsx"
import { ChartExplorer } from "./charts/LazyCharts.tsx"
import { DrillDownMenu } from "./content/DrillDownMenu.tsx"
import { HeaderSearch } from "./search/HeaderSearch.tsx"
import { lazyPart, pick } from "./shared/components/lazy-part.tsx"
import { PageLoader } from "./shared/components/PageLoader.tsx"
import { CookieBanner } from "./shared/layout/CookieBanner.tsx"
import { Footer } from "./shared/layout/Footer.tsx"
import { Header } from "./shared/layout/Header.tsx"
import { AboutPage, AboutUsPage } from "./shared/pages/AboutPage.tsx"
import { HomePage } from "./shared/pages/HomePage.tsx"
import { NotFoundPage } from "./shared/pages/NotFoundPage.tsx"

// Each group of pages (src/domain/shared/page-groups.ts) is one script, loaded when the first of its
// pages is shown; the server preloads the group of the first page with the app.
const page = { placeholder: <PageLoader />, failure: "pageFailed" }
const content = () => import("./content/pages.ts")
const account = () => import("./account/pages.ts")
const billing = () => import("./billing/pages.ts")
const search = () => import("./search/pages.ts")
const BookIndexPage = lazyPart(
  pick(content, (m) => m.BookIndexPage),
  page,
)
const BookPage = lazyPart(
  pick(content, (m) => m.BookPage),
  page,
)
const ChannelIndexPage = lazyPart(
  pick(content, (m) => m.ChannelIndexPage),
  page,
)
const ChannelPage = lazyPart(
  pick(content, (m) => m.ChannelPage),
  page,
)
const CategoryIndexPage = lazyPart(
  pick(content, (m) => m.CategoryIndexPage),
  page,
)
const CategoryPage = lazyPart(
  pick(content, (m) => m.CategoryPage),
  page,
)
const BodyAreaIndexPage = lazyPart(
  pick(content, (m) => m.BodyAreaIndexPage),
  page,
)
const BodyAreaPage = lazyPart(
  pick(content, (m) => m.BodyAreaPage),
  page,
)
const VesselPage = lazyPart(
  pick(content, (m) => m.VesselPage),
  page,
)
const ExtraPointsPage = lazyPart(
  pick(content, (m) => m.ExtraPointsPage),
  page,
)
const PointPage = lazyPart(
  pick(content, (m) => m.PointPage),
  page,
)
const LoginPage = lazyPart(
  pick(account, (m) => m.LoginPage),
  page,
)
const RegisterPage = lazyPart(
  pick(account, (m) => m.RegisterPage),
  page,
)
const ResetPasswordPage = lazyPart(
  pick(account, (m) => m.ResetPasswordPage),
  page,
)
const SocialCallbackPage = lazyPart(
  pick(account, (m) => m.SocialCallbackPage),
  page,
)
const VerifyEmailPage = lazyPart(
  pick(account, (m) => m.VerifyEmailPage),
  page,
)
const AccountSettingsLayout = lazyPart(
  pick(account, (m) => m.AccountSettingsLayout),
  page,
)
const AccountSettingsRoutes = lazyPart(
  pick(account, (m) => m.AccountSettingsRoutes),
  page,
)
const PricingPage = lazyPart(
  pick(billing, (m) => m.PricingPage),
  page,
)
const PaymentSuccessPage = lazyPart(
  pick(billing, (m) => m.PaymentSuccessPage),
  page,
)
const PaymentFailurePage = lazyPart(
  pick(billing, (m) => m.PaymentFailurePage),
  page,
)
const MembershipPage = lazyPart(
  pick(billing, (m) => m.MembershipPage),
  page,
)
const SearchPage = lazyPart(
  pick(search, (m) => m.SearchPage),
  page,
)
const FullTextPage = lazyPart(
  pick(search, (m) => m.FullTextPage),
  page,
)
const PointReference = lazyPart(
  pick(search, (m) => m.PointReference),
  page,
)
const TestsRoutes = lazyPart(
  pick(
    () => import("./tests/pages.ts"),
    (m) => m.TestsRoutes,
  ),
  page,
)
const MyGroupsPage = lazyPart(
  pick(
    () => import("./groups/pages.ts"),
    (m) => m.MyGroupsPage,
  ),
  page,
)
const MyNotesPage = lazyPart(
  pick(
    () => import("./notes/pages.ts"),
    (m) => m.MyNotesPage,
  ),
  page,
)
const SupportPage = lazyPart(
  pick(
    () => import("./feedback/pages.ts"),
    (m) => m.SupportPage,
  ),
  page,
)

/** Pages for signed-out visitors only; a signed-in user goes home. */
const SignedOutOnly = ({ children }: { readonly children: ReactNode }) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  return signedIn ? <Redirect to="/" replace /> : children
}

/** Pages for signed-in users only; a visitor goes to /login. */
const SignedInOnly = ({ children }: { readonly children: ReactNode }) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  return signedIn ? children : <Redirect to="/login" replace />
}

/** Content pages load again when the plan changes, so a payment opens them without a reload. */
const usePlanKey = () => {
  const { session } = useAppServices()
  return useSelector(session, (s) => s.context.user?.user_subscription.plan_id ?? 0)
}

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
    <Route path="/account-settings/my-membership">
      <SignedInOnly>
        <AccountSettingsLayout>
          <MembershipPage />
        </AccountSettingsLayout>
      </SignedInOnly>
    </Route>
    <Route path="/account-settings/support">
      <SignedInOnly>
        <AccountSettingsLayout>
          <SupportPage />
        </AccountSettingsLayout>
      </SignedInOnly>
    </Route>
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
    <Route path="/not-found">
      <NotFoundPage />
    </Route>
    {/* §8: an unknown address goes to /not-found, replacing itself so Back skips it. */}
    <Route>
      <Redirect to="/not-found" replace />
    </Route>
  </Switch>
)

export const App = () => {
  const { t } = useTranslation("common")
  const { logout } = useAppServices()
  const [location] = useLocation()
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

  // Escape closes the open panel also when focus is nowhere in particular (after a mouse click);
  // inside the panel the menu handles Escape itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closeMenu reads refs only
  useEffect(() => {
    if (submenu === null) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && document.activeElement === document.body) {
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
      <Toaster
        position="bottom-center"
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_LIMIT}
        richColors
        closeButton
      />
    </div>
  )
}

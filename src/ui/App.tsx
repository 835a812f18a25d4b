// The app shell and its routes: skip link, header, logout bar, the page, footer, cookie banner and
// toasts (bottom-center, 5 s, one at a time). Focus moves to the page on every navigation.
import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, Suspense, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Toaster } from "sonner"
import { Redirect, Route, Switch, useLocation } from "wouter"
import { TOAST_DURATION_MS, TOAST_LIMIT } from "../domain/timing.ts"
import { useAppServices } from "./app-services.tsx"
import { CookieBanner } from "./layout/CookieBanner.tsx"
import { FloatingUpgradeButton } from "./layout/FloatingUpgradeButton.tsx"
import { Footer } from "./layout/Footer.tsx"
import { Header } from "./layout/Header.tsx"
import { LogoutBar } from "./layout/LogoutBar.tsx"
import { UpgradeModal } from "./layout/UpgradeModal.tsx"
import { AboutPage, AboutUsPage } from "./pages/AboutPage.tsx"
import { HomePage } from "./pages/HomePage.tsx"
import { LoginPage } from "./pages/LoginPage.tsx"
import { MembershipPage } from "./pages/MembershipPage.tsx"
import { NotFoundPage } from "./pages/NotFoundPage.tsx"
import { PaymentFailurePage, PaymentSuccessPage } from "./pages/PaymentOutcomePages.tsx"
import { PricingPage } from "./pages/PricingPage.tsx"
import { RegisterPage } from "./pages/RegisterPage.tsx"
import { ResetPasswordPage } from "./pages/ResetPasswordPage.tsx"
import { VerifyEmailPage } from "./pages/VerifyEmailPage.tsx"

export const PageLoader = () => {
  const { t } = useTranslation("common")
  return (
    <div className="page-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("loading")}</span>
    </div>
  )
}

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

const Routes = () => (
  <Switch>
    <Route path="/">
      <HomePage />
    </Route>
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
        <MembershipPage />
      </SignedInOnly>
    </Route>
    <Route path="/not-found">
      <NotFoundPage />
    </Route>
    <Route>
      <NotFoundPage />
    </Route>
  </Switch>
)

export const App = () => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const logout = useActorRef(machines.logout)
  const [location] = useLocation()
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

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <LogoutBar actor={logout} />
      <Header onLogout={() => logout.send({ type: "logout.request" })} />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Routes />
        </Suspense>
      </main>
      <Footer />
      <FloatingUpgradeButton />
      <UpgradeModal />
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

// Header navigation (§2): the logo home, the entries for signed-in or signed-out users, the
// language dropdown; signed-out users get support (new tab), login and sign up. Where the entries
// would not fit in one row (measured per language and per signed-in state, styles.css) they move
// into a menu button, so the header stays one row at every width. The drill-down
// panel hangs from the sticky header, so it opens in view wherever the page is scrolled.
import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, type Ref, useState } from "react"
import { Button as AriaButton } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "wouter"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../../domain/account/return-path.ts"
import { BOOK_HREF } from "../../../domain/content/content-links.ts"
import { FULL_TEXT_HREF } from "../../../domain/search/search-links.ts"
import { TESTS_HREF } from "../../../domain/self-tests/test-links.ts"
import { EXTERNAL_LINKS } from "../../../domain/shared/links.ts"
import { AccountMenu, useAccountMenu } from "../../account/AccountMenu.tsx"
import { useAppServices } from "../../app-services.tsx"
import { HeaderSearch } from "../../shell-parts.tsx"
import { LanguageMenu } from "../components/LanguageMenu.tsx"
import { LazyMenuTrigger, type MenuEntry } from "../components/LazyMenu.tsx"
import { Modal } from "../components/Modal.tsx"
import { useHere, useQueryParam } from "../page-hooks.ts"
import { LogoMark } from "./LogoMark.tsx"

const NavLink = ({ href, children }: { readonly href: string; readonly children: string }) => {
  const [location] = useLocation()
  return (
    <Link href={href} aria-current={location === href.split("?")[0] ? "page" : undefined}>
      {children}
    </Link>
  )
}

export const Header = ({
  onLogout,
  menuOpen,
  onToggleMenu,
  searchOpen,
  onToggleSearch,
  channelButtonRef,
  mobileButtonRef,
  searchButtonRef,
  panel,
}: {
  readonly onLogout: () => void
  readonly menuOpen: boolean
  readonly onToggleMenu: () => void
  /** The search submenu is open in place of the channel drill-down. */
  readonly searchOpen: boolean
  readonly onToggleSearch: () => void
  readonly channelButtonRef: Ref<HTMLButtonElement>
  readonly mobileButtonRef: Ref<HTMLButtonElement>
  readonly searchButtonRef: Ref<HTMLButtonElement>
  readonly panel: ReactNode
}) => {
  const { t } = useTranslation("common")
  const { session, machines, language, navigation } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const languageActor = useActorRef(machines.language, { input: { current: language } })
  const switching = useSelector(languageActor, (s) => s.hasTag("busy"))
  // On narrow screens the search opens in the search modal, titled by the common search label.
  const [searchModalOpen, setSearchModalOpen] = useState(false)
  // Logging in or signing up from a page comes back to it (src/domain/account/return-path.ts); from
  // a sign-in page, to where that page was to lead.
  const here = useHere()
  const next = useQueryParam(RETURN_PARAM)
  const returnTo = safeReturnPath(here) ?? safeReturnPath(next)
  const loginHref = withReturnPath("/login", returnTo)
  const registerHref = withReturnPath("/register", returnTo)

  const accountMenu = useAccountMenu(onLogout)
  const onMobileAction = (key: string) => {
    if (key === "channels") onToggleMenu()
    else if (key === "search") setSearchModalOpen(true)
    else if (key === "support") navigation.openTab(EXTERNAL_LINKS.support)
    else if (accountMenu.items.some((entry) => entry.id === key)) accountMenu.act(key)
    else navigation.go(key)
  }
  const entry = (id: string, text: string, label: ReactNode = text): MenuEntry => ({ id, textValue: text, label })
  const mobileEntries: ReadonlyArray<MenuEntry> = signedIn
    ? [
        entry("channels", t("nav.channelPoints")),
        entry("search", t("nav.search")),
        entry(FULL_TEXT_HREF, t("nav.fullText")),
        entry(BOOK_HREF, t("nav.book")),
        entry(TESTS_HREF, t("nav.tests")),
        ...accountMenu.items,
      ]
    : [
        entry(
          "support",
          t("nav.support"),
          <>
            {t("nav.support")}
            <span className="visually-hidden"> {t("nav.newTab")}</span>
          </>,
        ),
        entry(loginHref, t("nav.login")),
        entry(registerHref, t("nav.signUp")),
      ]

  return (
    <header className="header" data-signed-in={signedIn || undefined}>
      <div className="header-inner">
        <Link href="/" className="logo">
          <LogoMark />
          <span>Jingluo</span>
        </Link>
        <nav className="nav nav-wide" aria-label={t("nav.label")}>
          {signedIn ? (
            <>
              <button
                ref={channelButtonRef}
                type="button"
                className="nav-button"
                aria-expanded={menuOpen}
                aria-controls={menuOpen ? "channel-menu" : undefined}
                onClick={onToggleMenu}
              >
                {t("nav.channelPoints")}
              </button>
              <button
                ref={searchButtonRef}
                type="button"
                className="nav-button"
                aria-expanded={searchOpen}
                aria-controls={searchOpen ? "search-menu" : undefined}
                onClick={onToggleSearch}
              >
                {t("nav.search")}
              </button>
              <NavLink href={FULL_TEXT_HREF}>{t("nav.fullText")}</NavLink>
              <NavLink href={BOOK_HREF}>{t("nav.book")}</NavLink>
              <NavLink href={TESTS_HREF}>{t("nav.tests")}</NavLink>
              <AccountMenu onLogout={onLogout} />
              <button type="button" className="nav-button" onClick={onLogout}>
                {t("nav.logout")}
              </button>
            </>
          ) : (
            <>
              <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer">
                {t("nav.support")}
                <span className="visually-hidden"> {t("nav.newTab")}</span>
              </a>
              <NavLink href={loginHref}>{t("nav.login")}</NavLink>
              <Link href={registerHref} className="nav-cta">
                {t("nav.signUp")}
              </Link>
            </>
          )}
        </nav>
        <div className="header-tools">
          <LanguageMenu
            current={language}
            isBusy={switching}
            onSelect={(next) => languageActor.send({ type: "language.select", language: next })}
          />
          <LazyMenuTrigger label={t("nav.label")} entries={mobileEntries} onAction={onMobileAction}>
            <AriaButton ref={mobileButtonRef} className="nav-button nav-menu-button">
              <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h16" />
              </svg>{" "}
              {t("nav.menu")}
            </AriaButton>
          </LazyMenuTrigger>
        </div>
      </div>
      {panel}
      {signedIn ? (
        <Modal isOpen={searchModalOpen} onOpenChange={setSearchModalOpen} title={t("search.label")} size="lg">
          <HeaderSearch onDismiss={() => setSearchModalOpen(false)} onNavigate={() => setSearchModalOpen(false)} />
        </Modal>
      ) : null}
    </header>
  )
}

// Header navigation (§2): the logo home, the entries for signed-in or signed-out users, the
// language dropdown; signed-out users get support (new tab), login and sign up.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "wouter"
import { EXTERNAL_LINKS } from "../../domain/links.ts"
import { useAppServices } from "../app-services.tsx"
import { LanguageMenu } from "../components/LanguageMenu.tsx"

const NavLink = ({ href, children }: { readonly href: string; readonly children: string }) => {
  const [location] = useLocation()
  return (
    <Link href={href} aria-current={location === href ? "page" : undefined}>
      {children}
    </Link>
  )
}

export const Header = ({
  onLogout,
  menuOpen,
  onToggleMenu,
}: {
  readonly onLogout: () => void
  readonly menuOpen: boolean
  readonly onToggleMenu: () => void
}) => {
  const { t } = useTranslation("common")
  const { session, machines, language } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const languageActor = useActorRef(machines.language, { input: { current: language } })
  const switching = useSelector(languageActor, (s) => s.hasTag("busy"))

  return (
    <header className="header">
      <div className="header-inner">
        <Link href="/" className="logo">
          <span className="logo-mark" aria-hidden="true">
            經
          </span>
          <span>Jingluo</span>
        </Link>
        <nav className="nav" aria-label={t("nav.label")}>
          {signedIn ? (
            <>
              <button
                type="button"
                className="nav-button"
                aria-expanded={menuOpen}
                aria-controls={menuOpen ? "channel-menu" : undefined}
                onClick={onToggleMenu}
              >
                {t("nav.channelPoints")}
              </button>
              <NavLink href="/book/pages">{t("nav.book")}</NavLink>
              <NavLink href="/account-settings/my-membership">{t("nav.myAccount")}</NavLink>
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
              <NavLink href="/login">{t("nav.login")}</NavLink>
              <Link href="/register" className="nav-cta">
                {t("nav.signUp")}
              </Link>
            </>
          )}
          <LanguageMenu
            current={language}
            isBusy={switching}
            onSelect={(next) => languageActor.send({ type: "language.select", language: next })}
          />
        </nav>
      </div>
    </header>
  )
}

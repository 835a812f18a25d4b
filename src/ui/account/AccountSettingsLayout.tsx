// The account-settings area: its own navigation (every settings page, the current one marked with
// aria-current) beside the page.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "wouter"
import "./account.css"
import { ACCOUNT_SETTINGS_PAGES } from "./account-menu.ts"

export const AccountSettingsLayout = ({ children }: { readonly children: ReactNode }) => {
  const { t } = useTranslation("account")
  const [location] = useLocation()
  return (
    <div className="settings-layout">
      <nav className="panel settings-nav" aria-label={t("nav.label")}>
        <p className="settings-nav-title">{t("nav.title")}</p>
        <ul>
          {ACCOUNT_SETTINGS_PAGES.map((page) => (
            <li key={page.href}>
              <Link href={page.href} aria-current={location === page.href ? "page" : undefined}>
                {t(page.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-page">{children}</div>
    </div>
  )
}

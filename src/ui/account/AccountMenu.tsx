// The header's "My account" menu button (§2 "Account menu"): a React Aria menu, by mouse or
// keyboard, with the entries of account-menu.ts in the interface's language; logout asks first
// through the sign-out flow; an entry for Pro members shows the Pro badge to anyone else and opens
// the upgrade modal for them instead. Two entries come and go: how much of the learning content this
// device keeps ("Available offline: 12 of 31 points", opening the setting) and, once the browser
// allows it, the offer to install Jingluo with its own "Not now" — an entry, never a pop-up.
import { useSelector } from "@xstate/react"
import { Button as AriaButton } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"
import { useLocation } from "wouter"
import { isProPlan } from "../../domain/billing/plans.ts"
import { useAppServices } from "../app-services.tsx"
import { LazyMenuTrigger, type MenuEntry } from "../shared/components/LazyMenu.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { OFFLINE_SETTING_HREF, useOfflineProgress } from "../shared/layout/OfflineProgress.tsx"
import { accountMenuFor } from "./account-menu.ts"

/** The account menu's entries for this user, and what choosing one does (the header's small-screen menu shares it). */
export const useAccountMenu = (onLogout: () => void) => {
  const { t } = useTranslation("common")
  const { navigation, language, session, upgrade, installOffer } = useAppServices()
  const isPro = useSelector(session, (s) => isProPlan(s.context.user?.user_subscription.plan_id))
  const offline = useOfflineProgress()
  const installable = useSelector(installOffer, (s) => s.hasTag("offered"))
  const entries = accountMenuFor(language, isPro)
  const act = (key: string) => {
    const entry = entries.find((e) => e.id === key)
    if (key === "logout") onLogout()
    else if (key === INSTALL) installOffer.send({ type: "install.choose" })
    else if (key === INSTALL_NOT_NOW) installOffer.send({ type: "install.dismiss" })
    else if (entry?.locked) upgrade.send({ type: "upgrade.open", lite: true })
    else navigation.go(key === OFFLINE ? OFFLINE_SETTING_HREF : key)
  }
  const device: Array<MenuEntry> = [
    ...(offline ? [{ id: OFFLINE, textValue: offline, label: offline }] : []),
    ...(installable
      ? [
          { id: INSTALL, textValue: t("install.offer"), label: t("install.offer") },
          { id: INSTALL_NOT_NOW, textValue: t("install.notNow"), label: t("install.notNow") },
        ]
      : []),
  ]
  const listed = entries.map(
    (entry): MenuEntry => ({
      id: entry.id,
      textValue: t(entry.label),
      label: (
        <>
          {t(entry.label)}
          {entry.locked ? (
            <>
              {" "}
              <ProBadge />
            </>
          ) : null}
        </>
      ),
    }),
  )
  // This device's entries come last before signing out.
  const items = [
    ...listed.filter((item) => item.id !== "logout"),
    ...device,
    ...listed.filter((item) => item.id === "logout"),
  ]
  return { entries, act, items }
}

/** The ids of this device's entries (every other id is a path, or "logout"). */
const OFFLINE = "offline"
const INSTALL = "install"
const INSTALL_NOT_NOW = "install-not-now"

export const AccountMenu = ({ onLogout }: { readonly onLogout: () => void }) => {
  const { t } = useTranslation("common")
  const [location] = useLocation()
  const menu = useAccountMenu(onLogout)
  const inSettings = location.startsWith("/account-settings/") || location === "/test/scores"
  return (
    <LazyMenuTrigger label={t("nav.accountMenu")} entries={menu.items} onAction={menu.act}>
      <AriaButton className="nav-button" aria-current={inSettings ? "page" : undefined}>
        {t("nav.myAccount")}{" "}
        <span aria-hidden="true" className="select-chevron">
          ▾
        </span>
      </AriaButton>
    </LazyMenuTrigger>
  )
}

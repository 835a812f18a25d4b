// The header's "My account" menu button (§2 "Account menu"): a React Aria menu, by mouse or
// keyboard, with the entries of account-menu.ts in the interface's language; logout asks first
// through the sign-out flow; an entry for Pro members shows the Pro badge to anyone else and opens
// the upgrade modal for them instead.
import { useSelector } from "@xstate/react"
import { Button as AriaButton } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"
import { useLocation } from "wouter"
import { isProPlan } from "../../domain/billing/plans.ts"
import { useAppServices } from "../app-services.tsx"
import { LazyMenuTrigger, type MenuEntry } from "../shared/components/LazyMenu.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { accountMenuFor } from "./account-menu.ts"

/** The account menu's entries for this user, and what choosing one does (the header's small-screen menu shares it). */
export const useAccountMenu = (onLogout: () => void) => {
  const { t } = useTranslation("common")
  const { navigation, language, session, upgrade } = useAppServices()
  const isPro = useSelector(session, (s) => isProPlan(s.context.user?.user_subscription.plan_id))
  const entries = accountMenuFor(language, isPro)
  const act = (key: string) => {
    const entry = entries.find((e) => e.id === key)
    if (key === "logout") onLogout()
    else if (entry?.locked) upgrade.send({ type: "upgrade.open", lite: true })
    else navigation.go(key)
  }
  const items = entries.map(
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
  return { entries, act, items }
}

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

// The floating upgrade-to-Pro button (§2): signed-in non-Pro users, except on the payment, sign-in,
// reset and verification pages; it opens the payment modal. On a wide screen it is a tab on the
// right edge beside the page's column; on a narrow one a bar along the bottom, with clear space
// after the footer (styles.css). Either way it never covers the page's text.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useLocation } from "wouter"
import { billingStateOf } from "../../domain/billing/plans.ts"
import { showFloatingUpgrade } from "../../domain/billing/upgrade-pages.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"

export const FloatingUpgradeButton = () => {
  const { t } = useTranslation("common")
  const { session, upgrade } = useAppServices()
  const [path] = useLocation()
  const billing = useSelector(session, (s) =>
    s.context.user ? billingStateOf(s.context.user, s.context.dashboard) : null,
  )
  if (!showFloatingUpgrade(billing, path)) return null
  // On a phone, the space after the footer keeps the end of the page clear of the bar.
  return (
    <>
      <div className="floating-upgrade-space" aria-hidden="true" />
      <div className="floating-upgrade">
        <Button onPress={() => upgrade.send({ type: "upgrade.open", lite: false })}>{t("upgrade.button")}</Button>
      </div>
    </>
  )
}

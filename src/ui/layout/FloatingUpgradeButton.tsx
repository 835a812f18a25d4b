// The floating upgrade-to-Pro button (§2): signed-in non-Pro users, except on the payment, sign-in,
// reset and verification pages; it opens the payment modal.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useLocation } from "wouter"
import { billingStateOf, showFloatingUpgrade } from "../../domain/plans.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../components/Button.tsx"

export const FloatingUpgradeButton = () => {
  const { t } = useTranslation("user")
  const { session, upgrade } = useAppServices()
  const [path] = useLocation()
  const billing = useSelector(session, (s) =>
    s.context.user ? billingStateOf(s.context.user, s.context.dashboard) : null,
  )
  if (!showFloatingUpgrade(billing, path)) return null
  return (
    <div className="floating-upgrade">
      <Button onPress={() => upgrade.send({ type: "upgrade.open", lite: false })}>{t("billing.upgradeButton")}</Button>
    </div>
  )
}

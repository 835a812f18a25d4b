// /pricing and /plan-pro (§2): the upgrade page; /plan-pro sends a user whose subscription is
// already enabled to /.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Redirect } from "wouter"
import { isProPlan } from "../../domain/plans.ts"
import { useAppServices } from "../app-services.tsx"
import { UpgradeContent } from "../components/UpgradeContent.tsx"
import { usePageTitle } from "../page-hooks.ts"

export const PricingPage = ({ redirectSubscribed }: { readonly redirectSubscribed: boolean }) => {
  const { t } = useTranslation("user")
  usePageTitle(t("billing.pricingTitle"))
  const { session } = useAppServices()
  const subscribed = useSelector(session, (s) => isProPlan(s.context.user?.user_subscription.plan_id))
  if (redirectSubscribed && subscribed) return <Redirect to="/" replace />
  return (
    <section className="panel pricing">
      <UpgradeContent lite={false} headingLevel={1} />
    </section>
  )
}

// /pricing and /plan-pro (§2): the upgrade page; /plan-pro sends a user whose subscription is
// already enabled to /, and /pricing shows a subscribed user their plan and the way to My
// membership instead of a checkout they cannot start.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link, Redirect } from "wouter"
import { isProPlan } from "../../domain/billing/plans.ts"
import { useAppServices } from "../app-services.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { UpgradeContent } from "./UpgradeContent.tsx"

const SubscribedView = ({ planName }: { readonly planName: string }) => {
  const { t } = useTranslation("billing")
  usePageTitle(t("billing:subscribedTitle"))
  return (
    <section className="panel pricing">
      <h1>{t("billing:subscribedTitle")}</h1>
      <dl className="facts">
        <dt>{t("billing:plan")}</dt>
        <dd>{planName}</dd>
      </dl>
      <p className="lead">{t("billing:subscribedText")}</p>
      <Link href="/account-settings/my-membership" className="button">
        {t("billing:membershipTitle")}
      </Link>
    </section>
  )
}

export const PricingPage = ({ redirectSubscribed }: { readonly redirectSubscribed: boolean }) => {
  const { t } = useTranslation("billing")
  const { session } = useAppServices()
  const subscription = useSelector(session, (s) => s.context.user?.user_subscription ?? null)
  const subscribed = isProPlan(subscription?.plan_id)
  if (redirectSubscribed && subscribed) return <Redirect to="/" replace />
  if (subscribed) return <SubscribedView planName={subscription?.plan_name || "Pro"} />
  return <PricingView title={t("billing:pricingTitle")} />
}

const PricingView = ({ title }: { readonly title: string }) => {
  usePageTitle(title)
  return (
    <section className="panel pricing">
      <UpgradeContent lite={false} headingLevel={1} />
    </section>
  )
}

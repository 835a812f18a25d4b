// /account-settings/my-membership (§2, §4): plan, status, trial end or renewal date, price, and
// cancellation for those who may cancel (card: here, with access to the period end; stores: there).
// When the subscription cannot be loaded, the page says so and offers to try again.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import {
  type BillingState,
  billingStateOf,
  formatPrice,
  isProPlan,
  isStorePlatform,
} from "../../domain/billing/plans.ts"
import { keyDate, membershipState } from "../../domain/billing/subscription.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

/** The page waits for the dashboard: the migrated and cancelled flags decide whether Cancel shows. */
export const MembershipPage = () => {
  const { t } = useTranslation(["billing", "common"])
  usePageTitle(t("billing:membershipTitle"))
  const { session } = useAppServices()
  const billing = useSelector(session, (s) =>
    s.context.user && s.context.dashboard ? billingStateOf(s.context.user, s.context.dashboard) : null,
  )
  useEffect(() => {
    if (billing === null) session.send({ type: "session.refresh" })
  }, [billing, session])
  if (billing === null) {
    return (
      <section className="panel membership">
        <h1>{t("billing:membershipTitle")}</h1>
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      </section>
    )
  }
  return <Membership billing={billing} />
}

const Membership = ({ billing }: { readonly billing: BillingState }) => {
  const { t, i18n } = useTranslation(["billing", "common"])
  const { machines, upgrade } = useAppServices()
  const actor = useActorRef(machines.membership, { input: { billing } })
  const subscription = useSelector(actor, (s) => s.context.subscription)
  const formError = useSelector(actor, (s) => s.context.formError)
  const notice = useSelector(actor, (s) => s.context.notice)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const confirming = useSelector(actor, (s) => s.matches("confirming"))
  const cancelling = useSelector(actor, (s) => s.matches("cancelling"))
  const mayCancel = useSelector(actor, (s) => s.can({ type: "cancel.request" }))
  const isStore = isStorePlatform(subscription?.payment_platform)
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso)) : "—"

  return (
    <section className="panel membership">
      <h1>{t("billing:membershipTitle")}</h1>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      <FormMessage kind="error">{formError ? t(`common:${formError}`) : null}</FormMessage>
      <FormMessage kind="notice">{notice ? t(notice) : null}</FormMessage>
      {failed ? (
        <div className="button-row">
          <Button variant="secondary" onPress={() => actor.send({ type: "membership.reload" })}>
            {t("billing:tryAgain")}
          </Button>
        </div>
      ) : null}
      {!loading && !failed && (subscription === null || !isProPlan(subscription.plan_id)) ? (
        <div>
          <dl className="facts">
            <dt>{t("billing:plan")}</dt>
            <dd>Standard</dd>
            {subscription ? (
              <>
                <dt>{t("billing:status")}</dt>
                <dd>{t(`billing:states.${membershipState(subscription)}`)}</dd>
              </>
            ) : null}
          </dl>
          <p>{t("billing:standardText")}</p>
          <Button onPress={() => upgrade.send({ type: "upgrade.open", lite: false })}>
            {t("common:upgrade.button")}
          </Button>
        </div>
      ) : null}
      {subscription && isProPlan(subscription.plan_id) ? (
        <div>
          <dl className="facts">
            <dt>{t("billing:plan")}</dt>
            <dd>Pro</dd>
            <dt>{t("billing:status")}</dt>
            <dd>{t(`billing:states.${membershipState(subscription)}`)}</dd>
            <dt>
              {membershipState(subscription) === "trialing"
                ? t("billing:trialEnds")
                : subscription.cancel_at_period_end
                  ? t("billing:accessUntil")
                  : t("billing:renews")}
            </dt>
            <dd>{date(keyDate(subscription))}</dd>
            <dt>{t("billing:price")}</dt>
            <dd>
              {subscription.price
                ? `${formatPrice(subscription.price, i18n.language)} / ${t(`billing:interval.${subscription.price.interval}`)}`
                : "—"}
            </dd>
            <dt>{t("billing:paidWith")}</dt>
            <dd>{t(`billing:platforms.${subscription.payment_platform}`)}</dd>
          </dl>
          {confirming ? (
            <ConfirmDialog
              question={t("billing:cancelQuestion", { date: date(keyDate(subscription)) })}
              confirmLabel={t("billing:cancelConfirm")}
              cancelLabel={t("billing:keepSubscription")}
              onConfirm={() => actor.send({ type: "cancel.confirm" })}
              onCancel={() => actor.send({ type: "cancel.dismiss" })}
              destructive
            />
          ) : mayCancel ? (
            <div className="button-row">
              <Button
                id="membership-cancel"
                variant="secondary"
                isPending={cancelling}
                onPress={() => actor.send({ type: "cancel.request" })}
              >
                {isStore ? t("billing:cancelInStore") : t("billing:cancel")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <p className="membership-more">
        <Link href="/pricing">{t("billing:comparePlans")}</Link>
      </p>
    </section>
  )
}

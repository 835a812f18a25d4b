// /payment-success and /payment-failure (§2). Success waits until the server confirms Pro (the page
// grants nothing), then Pro content opens without a reload; it welcomes the user only then, and when
// no subscription shows within the machine's wait it says no payment was found and links to pricing.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { isConfirmationSlow } from "../../machines/billing/payment-outcome-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

export const PaymentSuccessPage = () => {
  const { t } = useTranslation("plans")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.paymentOutcome)
  const confirmed = useSelector(actor, (s) => s.hasTag("confirmed"))
  const notFound = useSelector(actor, (s) => s.hasTag("notFound"))
  const slow = useSelector(actor, isConfirmationSlow)
  const title = confirmed ? t("plans:successTitle") : notFound ? t("plans:notFoundTitle") : t("plans:confirmingTitle")
  usePageTitle(title)
  return (
    <section className="panel prose">
      <h1>{title}</h1>
      <div role="status" aria-live="polite">
        {confirmed ? (
          <p>{t("plans:successText")}</p>
        ) : notFound ? (
          <p>{t("plans:notFoundText")}</p>
        ) : (
          <p>
            <span className="spinner" aria-hidden="true" /> {slow ? t("plans:stillConfirming") : t("plans:confirming")}
          </p>
        )}
      </div>
      {notFound ? (
        <div className="button-row">
          <Link href="/pricing" className="button">
            {t("plans:seePlans")}
          </Link>
          <Button variant="secondary" onPress={() => actor.send({ type: "outcome.retry" })}>
            {t("plans:checkAgain")}
          </Button>
        </div>
      ) : null}
      {confirmed ? (
        <div className="button-row">
          <Link href="/" className="button">
            {t("plans:startStudying")}
          </Link>
          <Link href="/account-settings/my-membership" className="button secondary">
            {t("plans:membershipTitle")}
          </Link>
        </div>
      ) : null}
    </section>
  )
}

export const PaymentFailurePage = () => {
  const { t } = useTranslation("plans")
  usePageTitle(t("plans:failureTitle"))
  return (
    <section className="panel prose">
      <h1>{t("plans:failureTitle")}</h1>
      <p>{t("plans:failureText")}</p>
      <div className="button-row">
        <Link href="/pricing" className="button">
          {t("plans:tryAgain")}
        </Link>
        <Link href="/" className="button secondary">
          {t("plans:backHome")}
        </Link>
      </div>
    </section>
  )
}

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
  const { t } = useTranslation("billing")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.paymentOutcome)
  const confirmed = useSelector(actor, (s) => s.hasTag("confirmed"))
  const notFound = useSelector(actor, (s) => s.hasTag("notFound"))
  const slow = useSelector(actor, isConfirmationSlow)
  const title = confirmed
    ? t("billing:successTitle")
    : notFound
      ? t("billing:notFoundTitle")
      : t("billing:confirmingTitle")
  usePageTitle(title)
  return (
    <section className="panel prose">
      <h1>{title}</h1>
      <div role="status" aria-live="polite">
        {confirmed ? (
          <p>{t("billing:successText")}</p>
        ) : notFound ? (
          <p>{t("billing:notFoundText")}</p>
        ) : (
          <p>
            <span className="spinner" aria-hidden="true" />{" "}
            {slow ? t("billing:stillConfirming") : t("billing:confirming")}
          </p>
        )}
      </div>
      {notFound ? (
        <div className="button-row">
          <Link href="/pricing" className="button">
            {t("billing:seePlans")}
          </Link>
          <Button variant="secondary" onPress={() => actor.send({ type: "outcome.retry" })}>
            {t("billing:checkAgain")}
          </Button>
        </div>
      ) : null}
      {confirmed ? (
        <div className="button-row">
          <Link href="/" className="button">
            {t("billing:startStudying")}
          </Link>
          <Link href="/account-settings/my-membership" className="button secondary">
            {t("billing:membershipTitle")}
          </Link>
        </div>
      ) : null}
    </section>
  )
}

export const PaymentFailurePage = () => {
  const { t } = useTranslation("billing")
  usePageTitle(t("billing:failureTitle"))
  return (
    <section className="panel prose">
      <h1>{t("billing:failureTitle")}</h1>
      <p>{t("billing:failureText")}</p>
      <div className="button-row">
        <Link href="/pricing" className="button">
          {t("billing:tryAgain")}
        </Link>
        <Link href="/" className="button secondary">
          {t("billing:backHome")}
        </Link>
      </div>
    </section>
  )
}

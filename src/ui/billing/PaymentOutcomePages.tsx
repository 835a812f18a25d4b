// /payment-success and /payment-failure (§2). Success waits until the server confirms Pro (the page
// grants nothing), then Pro content opens without a reload.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

export const PaymentSuccessPage = () => {
  const { t } = useTranslation("user")
  usePageTitle(t("billing.successTitle"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.paymentOutcome)
  const confirmed = useSelector(actor, (s) => s.matches("confirmed"))
  const pending = useSelector(actor, (s) => s.matches("pending"))
  return (
    <section className="panel prose">
      <h1>{confirmed ? t("billing.successTitle") : t("billing.confirmingTitle")}</h1>
      <div role="status" aria-live="polite">
        {confirmed ? (
          <p>{t("billing.successText")}</p>
        ) : pending ? (
          <p>{t("billing.stillConfirming")}</p>
        ) : (
          <p>
            <span className="spinner" aria-hidden="true" /> {t("billing.confirming")}
          </p>
        )}
      </div>
      {pending ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "outcome.retry" })}>
          {t("billing.checkAgain")}
        </Button>
      ) : null}
      {confirmed ? (
        <div className="button-row">
          <Link href="/" className="button">
            {t("billing.startStudying")}
          </Link>
          <Link href="/account-settings/my-membership" className="button secondary">
            {t("billing.membershipTitle")}
          </Link>
        </div>
      ) : null}
    </section>
  )
}

export const PaymentFailurePage = () => {
  const { t } = useTranslation("user")
  usePageTitle(t("billing.failureTitle"))
  return (
    <section className="panel prose">
      <h1>{t("billing.failureTitle")}</h1>
      <p>{t("billing.failureText")}</p>
      <div className="button-row">
        <Link href="/pricing" className="button">
          {t("billing.tryAgain")}
        </Link>
        <Link href="/" className="button secondary">
          {t("billing.backHome")}
        </Link>
      </div>
    </section>
  )
}

// The two plan cards (§2): yearly first, each labelled Pro with its price written the way the interface
// language writes money, and a radio; a best-value badge on yearly; Continue starts checkout; Sign out asks first.
// When the server takes no money (its built-in checkout), a notice above the cards says so.
import { useSelector } from "@xstate/react"
import { Label, Radio, RadioGroup } from "react-aria-components/RadioGroup"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { formatAmount, formatPrice, isBestValue, monthlyEquivalent } from "../../domain/billing/plans.ts"
import type { checkoutMachine } from "../../machines/billing/checkout-machine.ts"
import { Button } from "../shared/components/Button.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"

export const PlanChooser = ({ actor }: { readonly actor: ActorRefFrom<typeof checkoutMachine> }) => {
  const { t, i18n } = useTranslation(["billing", "common"])
  const prices = useSelector(actor, (s) => s.context.prices)
  const selected = useSelector(actor, (s) => s.context.selectedPriceId)
  const formError = useSelector(actor, (s) => s.context.formError)
  const signedIn = useSelector(actor, (s) => s.context.signedIn)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const creating = useSelector(actor, (s) => s.matches("creating") || s.matches("leaving"))
  const confirmingSignOut = useSelector(actor, (s) => s.matches("confirmingSignOut"))
  const testMode = useSelector(actor, (s) => s.context.testMode)

  if (loading) {
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t("billing:loadingPlans")}
      </p>
    )
  }
  if (failed) {
    return (
      <div>
        <FormMessage kind="error">{formError ? t(`common:${formError}`) : t("billing:plansUnavailable")}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "plans.retry" })}>
          {t("common:footer.retry")}
        </Button>
      </div>
    )
  }

  return (
    <div className="plan-chooser">
      {testMode ? (
        <p className="test-mode-notice" role="note">
          <strong>{t("billing:testModeTitle")}</strong> {t("billing:testModeText")}
        </p>
      ) : null}
      <RadioGroup
        className="plan-cards"
        value={selected}
        onChange={(priceId) => actor.send({ type: "plan.select", priceId })}
        aria-label={t("billing:choosePlan")}
      >
        <Label className="visually-hidden">{t("billing:choosePlan")}</Label>
        {prices.map((price) => (
          <Radio key={price.price_id} value={price.price_id} className="plan-card">
            {({ isSelected }) => (
              <>
                <span className="plan-radio" aria-hidden="true" data-selected={isSelected || undefined} />
                <span className="plan-body">
                  <span className="plan-top">
                    <span className="plan-label">Pro</span>
                    {isBestValue(price) ? <span className="badge best-value">{t("billing:bestValue")}</span> : null}
                  </span>
                  <span className="plan-interval">{t(`billing:interval.${price.interval}`)}</span>
                  <span className="plan-price">{formatPrice(price, i18n.language)}</span>
                  <span className="plan-note">
                    {price.interval === "year"
                      ? t("billing:perMonthEquivalent", {
                          amount: formatAmount(Math.round(monthlyEquivalent(price)), price.currency, i18n.language),
                        })
                      : t("billing:billedMonthly")}
                  </span>
                </span>
              </>
            )}
          </Radio>
        ))}
      </RadioGroup>
      <FormMessage kind="error">
        {formError ? t(formError.includes(":") ? formError : `common:${formError}`) : null}
      </FormMessage>
      {confirmingSignOut ? (
        <ConfirmDialog
          question={t("billing:signOutQuestion")}
          confirmLabel={t("common:logout.confirm")}
          cancelLabel={t("common:logout.cancel")}
          onConfirm={() => actor.send({ type: "signOut.confirm" })}
          onCancel={() => actor.send({ type: "signOut.cancel" })}
        />
      ) : (
        <div className="button-row">
          <Button
            isPending={creating}
            isDisabled={selected === null}
            onPress={() => actor.send({ type: "checkout.start" })}
          >
            {signedIn ? t("billing:continue") : t("billing:continueSignIn")}
          </Button>
          {signedIn ? (
            <Button variant="quiet" onPress={() => actor.send({ type: "signOut.request" })}>
              {t("billing:signOut")}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  )
}

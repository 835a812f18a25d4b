// The payment modal of §2, opened by the floating upgrade button or by a locked item (lite).
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useLocation } from "wouter"
import { billingStateOf } from "../../domain/billing/plans.ts"
import { canShowPaymentModal } from "../../domain/billing/upgrade-pages.ts"
import { useAppServices } from "../app-services.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { UpgradeContent } from "../shell-parts.tsx"

export const UpgradeModal = () => {
  const { t } = useTranslation("common")
  const { upgrade, session } = useAppServices()
  const [path] = useLocation()
  // §2: never for Pro or purchased subscriptions, never on the payment pages; visitors see it for locked items.
  const allowed = useSelector(
    session,
    (s) => s.context.user === null || canShowPaymentModal(billingStateOf(s.context.user, s.context.dashboard), path),
  )
  const open = useSelector(upgrade, (s) => s.matches("open")) && allowed
  const lite = useSelector(upgrade, (s) => s.context.lite)
  return (
    <Modal
      isOpen={open}
      onOpenChange={(next) => {
        if (!next) upgrade.send({ type: "upgrade.close" })
      }}
      title={lite ? t("upgrade.liteTitle") : t("upgrade.modalTitle")}
      size="lg"
    >
      {open ? <UpgradeContent lite={lite} /> : null}
    </Modal>
  )
}

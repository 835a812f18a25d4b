// /account-settings/delete-account (§4): what deleting means, a confirmation, then the account is
// gone and the app goes to /login after 500 ms.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

export const DeleteAccountPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:delete.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.deleteAccount)
  const confirming = useSelector(actor, (s) => s.matches("confirming"))
  const deleting = useSelector(actor, (s) => s.matches("deleting"))
  const deleted = useSelector(actor, (s) => s.matches("deleted") || s.matches("done"))
  const formError = useSelector(actor, (s) => s.context.formError)
  return (
    <section className="panel">
      <h1>{t("account:delete.title")}</h1>
      <p>{t("account:delete.text")}</p>
      <FormMessage kind="error">{formError ? t(`common:${formError}`) : null}</FormMessage>
      <FormMessage kind="notice">{deleted ? t("account:delete.deleted") : null}</FormMessage>
      {confirming ? (
        <ConfirmDialog
          question={t("account:delete.question")}
          confirmLabel={t("account:delete.confirm")}
          cancelLabel={t("account:delete.cancel")}
          onConfirm={() => actor.send({ type: "delete.confirm" })}
          onCancel={() => actor.send({ type: "delete.dismiss" })}
          destructive
        />
      ) : deleted ? null : (
        <div className="button-row">
          <Button variant="danger" isPending={deleting} onPress={() => actor.send({ type: "delete.request" })}>
            {t("account:delete.button")}
          </Button>
        </div>
      )}
    </section>
  )
}

// /account-settings/delete-account (§4): what deleting means, then a confirmation that asks for the
// current password (or a code mailed to the account's address), then the account is gone and the
// app goes to /login after 500 ms.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { reauthMethodOf } from "../../domain/account/reauthentication.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ReauthDialog } from "./ReauthDialog.tsx"

export const DeleteAccountPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:delete.title"))
  const { session } = useAppServices()
  const profile = useSelector(session, (s) => s.context.dashboard?.user_profile ?? null)
  // How the account proves itself is in the dashboard: load it when the session has none yet.
  useEffect(() => {
    if (profile === null) session.send({ type: "session.refresh" })
  }, [profile, session])
  return (
    <section className="panel">
      <h1>{t("account:delete.title")}</h1>
      <p>{t("account:delete.text")}</p>
      {profile === null ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : (
        <DeleteAccount passwordAvailable={profile.password_available} email={profile.email} />
      )}
    </section>
  )
}

const DeleteAccount = ({
  passwordAvailable,
  email,
}: {
  readonly passwordAvailable: boolean
  readonly email: string
}) => {
  const { t } = useTranslation(["account", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.deleteAccount, {
    input: { method: reauthMethodOf(passwordAvailable), email },
  })
  const reauth = useSelector(actor, (s) => s.children.reauth)
  const deleted = useSelector(actor, (s) => s.hasTag("deleted"))
  const formError = useSelector(actor, (s) => s.context.formError)
  return (
    <>
      <FormMessage kind="error">{formError ? t(`common:${formError}`) : null}</FormMessage>
      <FormMessage kind="notice">{deleted ? t("account:delete.deleted") : null}</FormMessage>
      {deleted ? null : (
        <div className="button-row">
          <Button variant="danger" onPress={() => actor.send({ type: "delete.request" })}>
            {t("account:delete.button")}
          </Button>
        </div>
      )}
      {reauth ? (
        <ReauthDialog
          actor={reauth}
          title={t("account:delete.question")}
          text={t(passwordAvailable ? "account:delete.passwordText" : "account:delete.codeText")}
          confirmLabel={t("account:delete.confirm")}
          cancelLabel={t("account:delete.cancel")}
          destructive
        />
      ) : null}
    </>
  )
}

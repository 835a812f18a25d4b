// /account-settings/change-my-password (§5, §8): the new password twice, the current one only when
// the account has a password; success says so in a toast and empties the form.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { PASSWORD_MIN_LENGTH } from "../../domain/account/password-rules.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowForm, FlowTextField, FORM_SUBMIT } from "../shared/components/FlowForm.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

export const ChangePasswordPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:password.title"))
  const { session } = useAppServices()
  const passwordAvailable = useSelector(session, (s) => s.context.dashboard?.user_profile.password_available ?? null)
  // Whether the account has a password is in the dashboard: load it when the session has none yet.
  useEffect(() => {
    if (passwordAvailable === null) session.send({ type: "session.refresh" })
  }, [passwordAvailable, session])
  return (
    <section className="panel">
      <h1>{t("account:password.title")}</h1>
      {passwordAvailable === null ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : (
        <PasswordForm passwordAvailable={passwordAvailable} />
      )}
    </section>
  )
}

const PasswordForm = ({ passwordAvailable }: { readonly passwordAvailable: boolean }) => {
  const { t } = useTranslation(["account", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.passwordChange, { input: { passwordAvailable } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const needsOld = useSelector(actor, (s) => s.context.passwordAvailable)
  return (
    <FlowForm actor={actor} submit={FORM_SUBMIT}>
      {needsOld ? (
        <FlowTextField
          actor={actor}
          field="old_password"
          type="password"
          label={t("account:password.old")}
          autoComplete="current-password"
          validateOnBlur={false}
          isRequired
        />
      ) : (
        <p>{t("account:password.firstPassword")}</p>
      )}
      <FlowTextField
        actor={actor}
        field="password"
        type="password"
        label={t("account:password.new")}
        description={t("account:password.rules", { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        isRequired
      />
      <FlowTextField
        actor={actor}
        field="password_confirmation"
        type="password"
        label={t("account:password.confirm")}
        autoComplete="new-password"
        isRequired
      />
      <div className="button-row">
        <Button type="submit" isPending={busy}>
          {t("account:password.save")}
        </Button>
      </div>
    </FlowForm>
  )
}

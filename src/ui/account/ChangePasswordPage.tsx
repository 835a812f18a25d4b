// /account-settings/change-my-password (§5, §8): the new password twice, the current one when the
// account has a password; an account without one confirms with a code mailed to its address, in a
// dialog once the form is valid. Success says so in a toast and empties the form.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { PASSWORD_MIN_LENGTH } from "../../domain/account/password-limits.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowForm, FlowTextField, FORM_SUBMIT } from "../shared/components/FlowForm.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ReauthDialog } from "./ReauthDialog.tsx"

export const ChangePasswordPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:password.title"))
  const { session } = useAppServices()
  const profile = useSelector(session, (s) => s.context.dashboard?.user_profile ?? null)
  // Whether the account has a password is in the dashboard: load it when the session has none yet.
  useEffect(() => {
    if (profile === null) session.send({ type: "session.refresh" })
  }, [profile, session])
  return (
    <section className="panel">
      <h1>{t("account:password.title")}</h1>
      {profile === null ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : (
        <PasswordForm passwordAvailable={profile.password_available} email={profile.email} />
      )}
    </section>
  )
}

const PasswordForm = ({
  passwordAvailable,
  email,
}: {
  readonly passwordAvailable: boolean
  readonly email: string
}) => {
  const { t } = useTranslation(["account", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.passwordChange, { input: { passwordAvailable, email } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const needsOld = useSelector(actor, (s) => s.context.passwordAvailable)
  const reauth = useSelector(actor, (s) => s.children.reauth)
  return (
    <>
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
      {reauth ? (
        <ReauthDialog
          actor={reauth}
          title={t("account:password.reauthTitle")}
          text={t("account:password.reauthText")}
          confirmLabel={t("account:password.save")}
        />
      ) : null}
    </>
  )
}

// /login: sign in with e-mail and password; an unverified account can have its mail sent again.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../domain/account/return-path.ts"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowForm, FlowTextField, FORM_SUBMIT } from "../shared/components/FlowForm.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"
import { SocialButtons } from "./SocialButtons.tsx"

export const LoginPage = () => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:login.title"))
  const { machines } = useAppServices()
  const returnTo = safeReturnPath(useQueryParam(RETURN_PARAM))
  const actor = useActorRef(machines.login, { input: { email: useQueryParam("email") ?? "", returnTo } })
  const notice = useSelector(actor, (s) => s.context.notice)
  const busy = useSelector(actor, (s) => s.matches("submitting"))
  const resending = useSelector(actor, (s) => s.matches("resending"))
  const unverified = useSelector(actor, (s) => s.matches("unverified") || s.matches("resending"))

  return (
    <div className="auth-layout">
      <section className="panel">
        <h1>{t("user:login.title")}</h1>
        <FlowForm actor={actor} submit={FORM_SUBMIT} rules={signInRules}>
          <FlowTextField
            actor={actor}
            field="email"
            label={t("user:fields.email")}
            type="email"
            autoComplete="email"
            isRequired
          />
          <FlowTextField
            actor={actor}
            field="password"
            label={t("user:fields.password")}
            type="password"
            autoComplete="current-password"
            validateOnBlur={false}
            isRequired
          />
          {unverified ? (
            <div className="form-message notice" role="status">
              <p>{t("user:login.unverified")}</p>
              <Button
                variant="secondary"
                isPending={resending}
                onPress={() => actor.send({ type: "verification.resend" })}
              >
                {t("user:login.resend")}
              </Button>
            </div>
          ) : null}
          <FormMessage kind="notice">{notice ? t(`common:${notice}`) : null}</FormMessage>
          <div className="button-row">
            <Button type="submit" isPending={busy}>
              {t("user:login.submit")}
            </Button>
            <Link href={withReturnPath("/resetpassword", returnTo)}>{t("user:login.forgot")}</Link>
          </div>
        </FlowForm>
        <SocialButtons returnTo={returnTo} />
      </section>
      <aside className="aside">
        <h2>{t("user:login.newHere")}</h2>
        <p>{t("user:login.newHereText")}</p>
        <Link href={withReturnPath("/register", returnTo)} className="button secondary">
          {t("user:login.createAccount")}
        </Link>
      </aside>
    </div>
  )
}

// /login: sign in with e-mail and password; an unverified account can have its mail sent again.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../domain/account/return-path.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { useFocusFirstInvalid, usePageTitle, useQueryParam, validateOnBlur } from "../shared/page-hooks.ts"

export const LoginPage = () => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:login.title"))
  const { machines } = useAppServices()
  const returnTo = safeReturnPath(useQueryParam(RETURN_PARAM))
  const actor = useActorRef(machines.login, { input: { email: useQueryParam("email") ?? "", returnTo } })
  const form = useSelector(actor, (s) => s.context.form)
  const errors = useSelector(actor, (s) => s.context.errors)
  const formError = useSelector(actor, (s) => s.context.formError)
  const notice = useSelector(actor, (s) => s.context.notice)
  const busy = useSelector(actor, (s) => s.matches("submitting"))
  const resending = useSelector(actor, (s) => s.matches("resending"))
  const unverified = useSelector(actor, (s) => s.matches("unverified") || s.matches("resending"))
  const formRef = useFocusFirstInvalid(useSelector(actor, (s) => s.context.rejectedSubmits))
  const fieldError = (field: string) => (errors[field] ? t(`common:${errors[field]}`) : undefined)

  return (
    <div className="auth-layout">
      <section className="panel">
        <h1>{t("user:login.title")}</h1>
        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: "form.submit" })
          }}
        >
          <FormMessage kind="error">{formError ? t(`common:${formError}`) : null}</FormMessage>
          <TextField
            label={t("user:fields.email")}
            type="email"
            name="email"
            autoComplete="email"
            value={form.email}
            onChange={(value) => actor.send({ type: "field.change", field: "email", value })}
            onBlur={validateOnBlur(() => actor.send({ type: "field.blur", field: "email" }))}
            errorMessage={fieldError("email")}
            isRequired
          />
          <TextField
            label={t("user:fields.password")}
            type="password"
            name="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(value) => actor.send({ type: "field.change", field: "password", value })}
            errorMessage={fieldError("password")}
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
            <Link href="/resetpassword">{t("user:login.forgot")}</Link>
          </div>
        </form>
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

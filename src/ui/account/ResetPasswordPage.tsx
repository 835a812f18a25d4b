// /resetpassword: request a code by e-mail, then set a new password with it (§3); from the mail's
// link (?token=…) only the new password is asked for.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { RETURN_PARAM, withReturnPath } from "../../domain/account/return-path.ts"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowForm, FlowTextField, FORM_SUBMIT, NewPasswordFields } from "../shared/components/FlowForm.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"

export const ResetPasswordPage = () => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:reset.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.passwordReset, {
    input: { email: useQueryParam("email") ?? "", token: useQueryParam("token") },
  })
  const context = useSelector(actor, (s) => s.context)
  // Signing in afterwards still leads where the sign-in page was to lead.
  const loginHref = withReturnPath("/login", useQueryParam(RETURN_PARAM))
  const requesting = useSelector(actor, (s) => s.matches("requesting") || s.matches("sendingCode"))
  const sending = useSelector(actor, (s) => s.matches("sendingCode"))
  const resending = useSelector(actor, (s) => s.matches("resendingCode"))
  const resetting = useSelector(actor, (s) => s.matches("resetting") || s.matches("resettingWithLink"))
  const viaLink = useSelector(actor, (s) => s.matches("linkStep") || s.matches("resettingWithLink"))
  const done = useSelector(actor, (s) => s.matches("done") || s.matches("redirected"))
  const stepHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!requesting && !viaLink) stepHeading.current?.focus()
  }, [requesting, viaLink])

  if (done) {
    return (
      <section className="panel prose">
        <h1>{t("user:reset.doneTitle")}</h1>
        <p role="status">{t("user:reset.doneText")}</p>
        <Link href={loginHref} className="button">
          {t("user:reset.signIn")}
        </Link>
      </section>
    )
  }

  return (
    <section className="panel">
      <h1>{t("user:reset.title")}</h1>
      <FlowForm actor={actor} submit={FORM_SUBMIT} rules={signInRules}>
        {viaLink ? (
          <>
            <h2>{t("user:reset.linkStep")}</h2>
            <p className="lead">{t("user:reset.linkText")}</p>
            <NewPasswordFields actor={actor} label={t("user:fields.newPassword")} />
            <div className="button-row">
              <Button type="submit" isPending={resetting}>
                {t("user:reset.submit")}
              </Button>
            </div>
          </>
        ) : requesting ? (
          <>
            <p className="lead">{t("user:reset.requestText")}</p>
            <FlowTextField
              actor={actor}
              field="email"
              label={t("user:fields.email")}
              type="email"
              autoComplete="email"
              isRequired
            />
            <div className="button-row">
              <Button type="submit" isPending={sending}>
                {t("user:reset.sendCode")}
              </Button>
              <Link href={loginHref}>{t("user:reset.backToLogin")}</Link>
            </div>
          </>
        ) : (
          <>
            <h2 ref={stepHeading} tabIndex={-1}>
              {t("user:reset.codeStep")}
            </h2>
            <FormMessage kind="notice">{context.notice ? t(`common:${context.notice}`) : null}</FormMessage>
            <p>
              {t("user:reset.codeFor", { email: context.form.email })}{" "}
              <Button variant="quiet" onPress={() => actor.send({ type: "email.edit" })}>
                {t("user:reset.changeEmail")}
              </Button>
            </p>
            <FlowTextField
              actor={actor}
              field="code"
              className="code-input"
              label={t("user:fields.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              isRequired
            />
            <NewPasswordFields actor={actor} label={t("user:fields.newPassword")} />
            <div className="button-row">
              <Button type="submit" isPending={resetting}>
                {t("user:reset.submit")}
              </Button>
              <Button variant="quiet" isPending={resending} onPress={() => actor.send({ type: "code.resend" })}>
                {t("user:reset.resend")}
              </Button>
            </div>
          </>
        )}
      </FlowForm>
    </section>
  )
}

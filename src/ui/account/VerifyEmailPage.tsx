// /verify-email: the link from the verification mail (account and token) verifies at once; the
// four-digit code can also be typed in, and the mail sent again. Away from the browser that
// registered, a right link or code leads to the password step: the person chooses the password
// they will sign in with (its first field takes focus, the step is announced), and is signed in.
// A link that names no account in a valid form offers only a new mail; a used or expired one also
// offers signing in.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { ActorRefFrom } from "xstate"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../domain/account/return-path.ts"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import { type emailVerificationMachine, offersSignIn } from "../../machines/account/email-verification-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowForm, FORM_SUBMIT, NewPasswordFields } from "../shared/components/FlowForm.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { useFocusFirstInvalid, usePageTitle, useQueryParam } from "../shared/page-hooks.ts"

const CODE_SUBMIT = { type: "code.submit" } as const
const RESEND = { type: "verification.resend" } as const

type VerificationActor = ActorRefFrom<typeof emailVerificationMachine>

/** A finished verification: its heading takes focus so the change is heard. */
const Finished = ({ title, text, href, action }: Record<"title" | "text" | "href" | "action", string>) => {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section className="panel prose">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p role="status">{text}</p>
      <Link href={href} className="button">
        {action}
      </Link>
    </section>
  )
}

/** The password step: a new password and its confirmation; the first field takes focus. */
const PasswordStep = ({ actor }: { readonly actor: VerificationActor }) => {
  const { t } = useTranslation(["user", "common"])
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const formRef = useRef<HTMLDivElement>(null)
  useEffect(() => formRef.current?.querySelector("input")?.focus(), [])
  return (
    <div ref={formRef}>
      <FlowForm actor={actor} submit={FORM_SUBMIT} rules={signInRules}>
        <h2>{t("user:verify.passwordTitle")}</h2>
        <p className="lead">{t("user:verify.passwordText")}</p>
        <NewPasswordFields actor={actor} label={t("user:fields.password")} />
        <div className="button-row">
          <Button type="submit" isPending={busy}>
            {t("user:verify.passwordSubmit")}
          </Button>
        </div>
      </FlowForm>
    </div>
  )
}

/**
 * The code and the address to resend to are two forms of one flow: its form-level messages stand
 * above both, and a turned-back submit focuses the first invalid field of either.
 */
export const VerifyEmailPage = () => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:verify.title"))
  const { machines } = useAppServices()
  const uuid = useQueryParam("user")
  const code = useQueryParam("code")
  const token = useQueryParam("token")
  const email = useQueryParam("email")
  const returnTo = useQueryParam(RETURN_PARAM)
  const actor = useActorRef(machines.emailVerification, { input: { uuid, code, token, email } })
  const context = useSelector(actor, (s) => s.context)
  const verifying = useSelector(actor, (s) => s.hasTag("verifying"))
  const resending = useSelector(actor, (s) => s.hasTag("resending"))
  const verified = useSelector(actor, (s) => s.hasTag("verified"))
  const signedIn = useSelector(actor, (s) => s.hasTag("signedIn"))
  const passwordStep = useSelector(actor, (s) => s.hasTag("passwordStep"))
  const withAccount = context.uuid !== null
  const sectionRef = useFocusFirstInvalid<HTMLElement>(context.rejectedSubmits)

  const loginHref = withReturnPath(
    context.email ? `/login?email=${encodeURIComponent(context.email)}` : "/login",
    returnTo,
  )

  if (signedIn) {
    return (
      <Finished
        title={t("user:verify.doneSignedInTitle")}
        text={t("user:verify.doneSignedInText")}
        href={safeReturnPath(returnTo) ?? "/"}
        action={t("user:verify.continue")}
      />
    )
  }
  if (verified) {
    return (
      <Finished
        title={t("user:verify.doneTitle")}
        text={t("user:verify.doneText")}
        href={loginHref}
        action={t("user:verify.signIn")}
      />
    )
  }

  return (
    <section className="panel" ref={sectionRef}>
      <h1>{t("user:verify.title")}</h1>
      {/* One live region for the page's progress: verifying, then the password step. */}
      <p role="status">
        {verifying ? (
          <>
            <span className="spinner" aria-hidden="true" /> {t("user:verify.verifying")}
          </>
        ) : passwordStep ? (
          t("user:verify.passwordTitle")
        ) : null}
      </p>
      {passwordStep ? (
        <PasswordStep actor={actor} />
      ) : (
        <>
          <FormMessage kind="error">{context.formError ? t(`common:${context.formError}`) : null}</FormMessage>
          {offersSignIn(context) ? (
            <p>
              <Link href={loginHref} className="button">
                {t("user:verify.signIn")}
              </Link>
            </p>
          ) : null}
          <FormMessage kind="notice">{context.notice ? t(`common:${context.notice}`) : null}</FormMessage>
          {withAccount ? (
            <FlowForm actor={actor} submit={CODE_SUBMIT} showFormError={false} focusFirstInvalid={false}>
              <p className="lead">
                {context.email ? t("user:verify.sentTo", { email: context.email }) : t("user:verify.checkInbox")}
              </p>
              <TextField
                className="code-input"
                label={t("user:fields.code")}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={context.code}
                onChange={(value) => actor.send({ type: "code.change", value })}
                description={t("user:verify.codeHelp")}
                errorMessage={context.codeError ? t(`common:${context.codeError}`) : undefined}
              />
              <div className="button-row">
                <Button type="submit" isPending={verifying} isDisabled={context.code.length !== 4}>
                  {t("user:verify.submit")}
                </Button>
              </div>
            </FlowForm>
          ) : (
            <p className="lead">{t("user:verify.noLink")}</p>
          )}
          <FlowForm actor={actor} submit={RESEND} showFormError={false} focusFirstInvalid={false}>
            <h2>{t("user:verify.resendTitle")}</h2>
            <TextField
              label={t("user:fields.email")}
              type="email"
              name="email"
              autoComplete="email"
              value={context.email}
              onChange={(value) => actor.send({ type: "email.change", value })}
              errorMessage={context.emailError ? t(`common:${context.emailError}`) : undefined}
            />
            <div className="button-row">
              <Button type="submit" variant="secondary" isPending={resending}>
                {t("user:verify.resend")}
              </Button>
            </div>
          </FlowForm>
        </>
      )}
    </section>
  )
}

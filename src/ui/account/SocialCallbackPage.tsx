// /social/callback: where the provider's answer lands. It completes the sign-in (announced while it
// runs), then signs in and goes back, or shows the social registration form or the prove-to-link
// step, or says — translated — why it did not work, with a way back to the sign-in page.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../domain/account/return-path.ts"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import type { SocialLinkNeeded, SocialRegistrationNeeded } from "../../domain/account/social-sign-in.ts"
import type { SocialCallbackProblem } from "../../machines/account/social-callback-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowCheckbox, FlowForm, FlowTextField, FORM_SUBMIT } from "../shared/components/FlowForm.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"

const problemText = (problem: SocialCallbackProblem | null, t: (key: string) => string) =>
  problem === null
    ? t("social:refused.state")
    : problem._tag === "Refused"
      ? t(`social:refused.${problem.reason}`)
      : t(`common:${problem.key}`)

/** The page's heading takes focus when what the page shows changes, so the change is heard. */
const FocusedHeading = ({ children }: { readonly children: string }) => {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  )
}

export const SocialRefusal = ({
  message,
  returnTo,
}: {
  readonly message: string
  readonly returnTo: string | null
}) => {
  const { t } = useTranslation(["social"])
  return (
    <>
      <FocusedHeading>{t("social:refused.title")}</FocusedHeading>
      <div className="form-message error" role="alert">
        {message}
      </div>
      <p>
        <Link href={withReturnPath("/login", returnTo)} className="button">
          {t("social:callback.backToLogin")}
        </Link>
      </p>
    </>
  )
}

const SocialRegistrationForm = ({
  next,
  returnTo,
}: {
  readonly next: SocialRegistrationNeeded
  readonly returnTo: string | null
}) => {
  const { t } = useTranslation(["social", "user", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.social.registration, {
    input: { ticket: next.ticket, email: next.email, firstName: next.firstName, lastName: next.lastName, returnTo },
  })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const refusal = useSelector(actor, (s) => (s.matches("refused") ? s.context.refusal : null))
  if (refusal) return <SocialRefusal message={t(`social:refused.${refusal}`)} returnTo={returnTo} />
  return (
    <>
      <FocusedHeading>{t("social:register.title")}</FocusedHeading>
      <p>{t("social:register.intro", { provider: next.provider })}</p>
      <FlowForm actor={actor} submit={FORM_SUBMIT} className="form form-wide" rules={signInRules}>
        <FlowTextField
          actor={actor}
          field="email"
          label={t("user:fields.email")}
          type="email"
          autoComplete="email"
          description={t("social:register.emailDescription", { provider: next.provider })}
          isReadOnly
          isRequired
        />
        <div className="form-row">
          <FlowTextField
            actor={actor}
            field="firstName"
            label={t("user:fields.firstName")}
            autoComplete="given-name"
            isRequired
          />
          <FlowTextField
            actor={actor}
            field="lastName"
            label={t("user:fields.lastName")}
            autoComplete="family-name"
            isRequired
          />
        </div>
        <FlowCheckbox actor={actor} field="termsChecked" errorId="social-terms-error">
          {t("user:register.terms")}
        </FlowCheckbox>
        <FlowCheckbox actor={actor} field="promotional">
          {t("user:register.promotional")}
        </FlowCheckbox>
        <div className="button-row">
          <Button type="submit" isPending={busy}>
            {t("social:register.submit")}
          </Button>
        </div>
      </FlowForm>
    </>
  )
}

const SocialLinkForm = ({ next, returnTo }: { readonly next: SocialLinkNeeded; readonly returnTo: string | null }) => {
  const { t } = useTranslation(["social", "user", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.social.link, { input: { ticket: next.ticket, email: next.email, returnTo } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const refusal = useSelector(actor, (s) => (s.matches("refused") ? s.context.refusal : null))
  if (refusal) return <SocialRefusal message={t(`social:refused.${refusal}`)} returnTo={returnTo} />
  return (
    <>
      <FocusedHeading>{t("social:link.title")}</FocusedHeading>
      <p>{t("social:link.intro", { provider: next.provider, email: next.email })}</p>
      <FlowForm actor={actor} submit={FORM_SUBMIT} rules={signInRules}>
        {/* The account's e-mail, for password managers; it cannot be changed here. */}
        <input type="hidden" name="username" autoComplete="username" value={next.email} />
        <FlowTextField
          actor={actor}
          field="password"
          label={t("social:link.password")}
          type="password"
          autoComplete="current-password"
          validateOnBlur={false}
          isRequired
        />
        <div className="button-row">
          <Button type="submit" isPending={busy}>
            {t("social:link.submit")}
          </Button>
          <Link href="/resetpassword">{t("user:login.forgot")}</Link>
        </div>
      </FlowForm>
    </>
  )
}

export const SocialCallbackPage = () => {
  const { t } = useTranslation(["social", "common"])
  usePageTitle(t("social:callback.title"))
  const { machines } = useAppServices()
  const returnTo = safeReturnPath(useQueryParam(RETURN_PARAM))
  const input = {
    code: useQueryParam("code"),
    state: useQueryParam("state"),
    iss: useQueryParam("iss"),
    error: useQueryParam("error"),
    returnTo,
  }
  const actor = useActorRef(machines.social.callback, { input })
  const busy = useSelector(actor, (s) => s.matches("completing") || s.matches("signedIn"))
  const next = useSelector(actor, (s) => s.context.next)
  const problem = useSelector(actor, (s) => (s.matches("refused") ? s.context.problem : null))
  const refused = useSelector(actor, (s) => s.matches("refused"))

  return (
    <div className="auth-layout">
      <section className="panel">
        {busy ? (
          <>
            <h1>{t("social:callback.title")}</h1>
            <div className="page-loader" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{t("social:callback.loading")}</span>
            </div>
          </>
        ) : refused ? (
          <SocialRefusal message={problemText(problem, t)} returnTo={returnTo} />
        ) : next?.step === "register" ? (
          <SocialRegistrationForm next={next} returnTo={returnTo} />
        ) : next?.step === "link" ? (
          <SocialLinkForm next={next} returnTo={returnTo} />
        ) : null}
      </section>
    </div>
  )
}

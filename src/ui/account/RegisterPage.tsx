// /register: create an account (§3, §5). The terms can be read in a modal and accepted from it.
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { PASSWORD_MIN_LENGTH } from "../../domain/account/password-rules.ts"
import type { RegisterForm } from "../../domain/account/registration.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { Checkbox } from "../shared/components/Checkbox.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { useFocusFirstInvalid, usePageTitle, validateOnBlur } from "../shared/page-hooks.ts"

export const RegisterPage = () => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:register.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.registration)
  const form = useSelector(actor, (s) => s.context.form)
  const errors = useSelector(actor, (s) => s.context.errors)
  const formError = useSelector(actor, (s) => s.context.formError)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const formRef = useFocusFirstInvalid(useSelector(actor, (s) => s.context.rejectedSubmits))
  const [termsOpen, setTermsOpen] = useState(false)
  const fieldError = (field: keyof RegisterForm) => (errors[field] ? t(`common:${errors[field]}`) : undefined)
  const change = (field: keyof RegisterForm) => (value: string | boolean) =>
    actor.send({ type: "field.change", field, value })
  const blur = (field: keyof RegisterForm) => validateOnBlur(() => actor.send({ type: "field.blur", field }))

  return (
    <div className="auth-layout">
      <section className="panel">
        <h1>{t("user:register.title")}</h1>
        <form
          ref={formRef}
          className="form form-wide"
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
            onChange={change("email")}
            onBlur={blur("email")}
            errorMessage={fieldError("email")}
            isRequired
          />
          <div className="form-row">
            <TextField
              label={t("user:fields.firstName")}
              name="firstName"
              autoComplete="given-name"
              value={form.firstName}
              onChange={change("firstName")}
              onBlur={blur("firstName")}
              errorMessage={fieldError("firstName")}
              isRequired
            />
            <TextField
              label={t("user:fields.lastName")}
              name="lastName"
              autoComplete="family-name"
              value={form.lastName}
              onChange={change("lastName")}
              onBlur={blur("lastName")}
              errorMessage={fieldError("lastName")}
              isRequired
            />
          </div>
          <TextField
            label={t("user:fields.password")}
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={change("password")}
            onBlur={blur("password")}
            description={t("user:register.passwordRules", { min: PASSWORD_MIN_LENGTH })}
            errorMessage={fieldError("password")}
            isRequired
          />
          <TextField
            label={t("user:fields.confirmPassword")}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={change("confirmPassword")}
            onBlur={blur("confirmPassword")}
            errorMessage={fieldError("confirmPassword")}
            isRequired
          />
          <Checkbox
            isSelected={form.termsChecked}
            onChange={change("termsChecked")}
            errorMessage={fieldError("termsChecked")}
            errorId="terms-error"
            name="termsChecked"
          >
            {t("user:register.terms")}
          </Checkbox>
          <div>
            <Button variant="quiet" onPress={() => setTermsOpen(true)}>
              {t("user:register.readTerms")}
            </Button>
          </div>
          <Checkbox isSelected={form.promotional} onChange={change("promotional")} name="promotional">
            {t("user:register.promotional")}
          </Checkbox>
          <div className="button-row">
            <Button type="submit" isPending={busy}>
              {t("user:register.submit")}
            </Button>
          </div>
        </form>
        <Modal
          isOpen={termsOpen}
          onOpenChange={setTermsOpen}
          title={t("user:terms.title")}
          size="lg"
          footer={{
            verifyLabel: t("user:terms.accept"),
            verifyDisabled: false,
            onVerify: () => {
              change("termsChecked")(true)
              setTermsOpen(false)
            },
          }}
        >
          <div className="prose">
            {(t("user:terms.paragraphs", { returnObjects: true }) as Array<string>).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </Modal>
      </section>
      <aside className="aside">
        <h2>{t("user:register.whyTitle")}</h2>
        <ul>
          {(t("user:register.why", { returnObjects: true }) as Array<string>).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          {t("user:register.haveAccount")} <Link href="/login">{t("user:register.signIn")}</Link>
        </p>
      </aside>
    </div>
  )
}

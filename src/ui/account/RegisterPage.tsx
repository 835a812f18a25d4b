// /register: create an account (§3, §5). The terms can be read in a modal and accepted from it.
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../domain/account/return-path.ts"
import { signInRules } from "../../domain/account/sign-in-forms.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import {
  FlowCheckbox,
  FlowForm,
  FlowTextField,
  FORM_SUBMIT,
  NewPasswordFields,
} from "../shared/components/FlowForm.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"
import { SocialButtons } from "./SocialButtons.tsx"

export const RegisterPage = () => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:register.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.registration)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const [termsOpen, setTermsOpen] = useState(false)
  const returnTo = safeReturnPath(useQueryParam(RETURN_PARAM))

  return (
    <div className="auth-layout">
      <section className="panel">
        <h1>{t("user:register.title")}</h1>
        <FlowForm actor={actor} submit={FORM_SUBMIT} className="form form-wide" rules={signInRules}>
          <FlowTextField
            actor={actor}
            field="email"
            label={t("user:fields.email")}
            type="email"
            autoComplete="email"
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
          <NewPasswordFields actor={actor} label={t("user:fields.password")} />
          <FlowCheckbox actor={actor} field="termsChecked" errorId="terms-error">
            {t("user:register.terms")}
          </FlowCheckbox>
          <div>
            <Button variant="quiet" onPress={() => setTermsOpen(true)}>
              {t("user:register.readTerms")}
            </Button>
          </div>
          <FlowCheckbox actor={actor} field="promotional">
            {t("user:register.promotional")}
          </FlowCheckbox>
          <div className="button-row">
            <Button type="submit" isPending={busy}>
              {t("user:register.submit")}
            </Button>
          </div>
        </FlowForm>
        <SocialButtons returnTo={returnTo} />
        <Modal
          isOpen={termsOpen}
          onOpenChange={setTermsOpen}
          title={t("user:terms.title")}
          size="lg"
          footer={{
            verifyLabel: t("user:terms.accept"),
            verifyDisabled: false,
            onVerify: () => {
              actor.send({ type: "field.change", field: "termsChecked", value: true })
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
          {t("user:register.haveAccount")}{" "}
          <Link href={withReturnPath("/login", returnTo)}>{t("user:register.signIn")}</Link>
        </p>
      </aside>
    </div>
  )
}

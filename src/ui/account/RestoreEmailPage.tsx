// /restore-email: the undo link of an e-mail change, opened from the mail to the replaced address.
// It says what restoring does and restores only when its button is pressed; then it says that every
// device was signed out and offers the password reset for the restored address.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"

export const RestoreEmailPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:restore.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.emailRestore, { input: { token: useQueryParam("token") } })
  const email = useSelector(actor, (s) => s.context.email)
  const formError = useSelector(actor, (s) => s.context.formError)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const restored = useSelector(actor, (s) => s.hasTag("restored"))
  const linkRefused = useSelector(actor, (s) => s.hasTag("linkRefused"))
  const addressTaken = useSelector(actor, (s) => s.hasTag("addressTaken"))
  const canRestore = useSelector(actor, (s) => s.can({ type: "restore.confirm" }) || s.hasTag("busy"))
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The outcome replaces the page's text: the cursor goes to its heading, which names it.
  useEffect(() => {
    if (restored || linkRefused || addressTaken) headingRef.current?.focus()
  }, [restored, linkRefused, addressTaken])

  if (restored && email !== null) {
    return (
      <section className="panel prose">
        <h1 ref={headingRef} tabIndex={-1}>
          {t("account:restore.doneTitle")}
        </h1>
        <p role="status">{t("account:restore.doneText", { email })}</p>
        <Link href={`/resetpassword?email=${encodeURIComponent(email)}`} className="button">
          {t("account:restore.setPassword")}
        </Link>
      </section>
    )
  }
  return (
    <section className="panel prose">
      <h1 ref={headingRef} tabIndex={-1}>
        {t("account:restore.title")}
      </h1>
      {linkRefused || addressTaken ? (
        <p role="alert" className="form-message error">
          {t(linkRefused ? "account:restore.linkRefused" : "account:restore.addressTaken")}
        </p>
      ) : null}
      {canRestore ? (
        <>
          <p>{t("account:restore.text")}</p>
          <FormMessage kind="error">{formError ? t(`common:${formError}`) : null}</FormMessage>
          <div className="button-row">
            <Button isPending={busy} onPress={() => actor.send({ type: "restore.confirm" })}>
              {t("account:restore.button")}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  )
}

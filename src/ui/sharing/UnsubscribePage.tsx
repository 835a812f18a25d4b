// /patient/unsubscribe?key=…: what the unsubscribe line of a patient mail opens. Opening it does
// nothing (mail scanners follow links); the one button stops further mails, then says so. A key the
// server refuses (or none) says the link is not valid.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"
import { EnglishOnly } from "./EnglishOnly.tsx"
import "./sharing.css"

const Unsubscribe = () => {
  const { t } = useTranslation(["sharing", "common"])
  const { machines } = useAppServices()
  const key = useQueryParam("key")
  const actor = useActorRef(machines.sharing.unsubscribe, { input: { key } })
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const done = useSelector(actor, (s) => s.hasTag("done"))
  const invalid = useSelector(actor, (s) => s.hasTag("invalid"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const error = useSelector(actor, (s) => s.context.error)
  const outcome = useRef<HTMLParagraphElement>(null)
  usePageTitle(t("sharing:unsubscribe.title"))

  // The button goes away with the answer: the cursor moves to what it says.
  useEffect(() => {
    if (done || invalid) outcome.current?.focus()
  }, [done, invalid])

  return (
    <section className="panel patient-notice" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t("sharing:unsubscribe.title")}</h1>
      {done ? (
        <p ref={outcome} tabIndex={-1} role="status" className="form-message notice">
          {t("sharing:unsubscribe.done")}
        </p>
      ) : invalid ? (
        <div>
          <p ref={outcome} tabIndex={-1} role="alert" className="form-message error">
            {t("sharing:unsubscribe.invalid")}
          </p>
          <p>{t("sharing:unsubscribe.invalidHelp")}</p>
        </div>
      ) : (
        <>
          <p>{t("sharing:unsubscribe.text")}</p>
          <FormMessage kind="error">
            {failed ? `${t("sharing:unsubscribe.failed")} ${t(`common:${error ?? "errors.generic"}`)}` : null}
          </FormMessage>
          <Button isPending={busy} onPress={() => actor.send({ type: "unsubscribe.confirm" })}>
            {t("sharing:unsubscribe.button")}
          </Button>
        </>
      )}
    </section>
  )
}

export const UnsubscribePage = () => (
  <EnglishOnly>
    <Unsubscribe />
  </EnglishOnly>
)

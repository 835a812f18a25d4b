// The logout confirmation bar (§2, §4): confirm or cancel; once confirmed it says the user is being
// signed out until the app moves to /login.
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { logoutMachine } from "../../machines/account/logout-machine.ts"
import { Button } from "../shared/components/Button.tsx"

export const LogoutBar = ({ actor }: { readonly actor: ActorRefFrom<typeof logoutMachine> }) => {
  const { t } = useTranslation("common")
  const confirming = useSelector(actor, (s) => s.matches("confirming"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const signedOut = useSelector(actor, (s) => s.matches("signedOut"))
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  if (!confirming && !busy && !signedOut) return null
  return (
    <section className="bar logout-bar" aria-label={t("logout.label")}>
      <div className="bar-inner" role={signedOut ? "status" : undefined}>
        {signedOut ? (
          <p style={{ margin: 0 }}>{t("logout.done")}</p>
        ) : (
          <>
            <p style={{ margin: 0 }}>{t("logout.question")}</p>
            <div className="button-row" style={{ marginTop: 0 }}>
              <Button ref={confirmRef} isPending={busy} onPress={() => actor.send({ type: "logout.confirm" })}>
                {t("logout.confirm")}
              </Button>
              <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: "logout.cancel" })}>
                {t("logout.cancel")}
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  )
}

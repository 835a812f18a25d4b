// The cookie banner (§2), shown until cookies are accepted; the choice is kept for 10 years.
// Accepting says so in a toast and hands the cursor to the page's main content, as the banner goes.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { EXTERNAL_LINKS } from "../../../domain/shared/links.ts"
import { useAppServices } from "../../app-services.tsx"
import { Button } from "../components/Button.tsx"

export const CookieBanner = () => {
  const { t } = useTranslation("common")
  const { machines, cookiesAccepted } = useAppServices()
  const actor = useActorRef(machines.cookieConsent, { input: { accepted: cookiesAccepted } })
  const pending = useSelector(actor, (s) => s.matches("pending"))
  if (!pending) return null
  return (
    <section className="bar" aria-label={t("cookies.label")}>
      <div className="bar-inner">
        <p style={{ margin: 0 }}>
          {t("cookies.text")}{" "}
          <a href={EXTERNAL_LINKS.privacyPolicy} target="_blank" rel="noopener noreferrer">
            {t("cookies.more")}
            <span className="visually-hidden"> {t("nav.newTab")}</span>
          </a>
        </p>
        <Button
          onPress={() => {
            actor.send({ type: "cookies.accept" })
            // The banner goes: the cursor moves on to the page's content instead of the body.
            document.getElementById("main")?.focus({ preventScroll: true })
          }}
        >
          {t("cookies.accept")}
        </Button>
      </div>
    </section>
  )
}

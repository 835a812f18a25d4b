// /acupressure-videos (§2, §5, §6): a Pro member shares acupressure videos with a patient and sees
// what they shared. In English whatever the interface's language (only the English account menu
// links here). A member without Pro sees the locked page with the upgrade offer, never the form.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { prefersReducedMotion } from "../shared/reduced-motion.ts"
import { EnglishOnly } from "./EnglishOnly.tsx"
import { SharedList } from "./SharedList.tsx"
import { ShareForm } from "./ShareForm.tsx"
import "./sharing.css"

/** The list of shares: loaded once the page is known not to be locked, again after each share sent. */
const SharedListSection = ({ sentCount }: { readonly sentCount: number }) => {
  const { machines } = useAppServices()
  const list = useActorRef(machines.sharing.list)
  useEffect(() => {
    if (sentCount > 0) list.send({ type: "shares.refresh" })
  }, [sentCount, list])
  return <SharedList actor={list} />
}

const SharingPage = () => {
  const { t } = useTranslation(["sharing", "common"])
  const { machines, upgrade } = useAppServices()
  const form = useActorRef(machines.sharing.form, { input: { reducedMotion: prefersReducedMotion() } })
  const loading = useSelector(form, (s) => s.hasTag("loading"))
  const locked = useSelector(form, (s) => s.hasTag("locked"))
  const loadFailed = useSelector(form, (s) => s.hasTag("loadFailed"))
  const loadError = useSelector(form, (s) => s.context.loadError)
  const sentCount = useSelector(form, (s) => s.context.sentCount)
  usePageTitle(t("sharing:title"))

  if (locked) {
    return (
      <section className="panel locked" aria-labelledby="sharing-title">
        <h1 id="sharing-title">{t("sharing:locked.title")}</h1>
        <p className="locked-intro">
          <ProBadge /> {t("sharing:locked.text")}
        </p>
        <Button onPress={() => upgrade.send({ type: "upgrade.open", lite: true })}>
          {t("sharing:locked.seePlans")}
        </Button>
      </section>
    )
  }
  return (
    <div className="sharing-page">
      <h1>{t("sharing:title")}</h1>
      <p className="lead">{t("sharing:intro")}</p>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("sharing:form.loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <section className="panel" aria-labelledby="share-form-failed">
          <h2 id="share-form-failed">{t("sharing:form.heading")}</h2>
          <FormMessage kind="error">{`${t("sharing:form.loadFailed")} ${t(`common:${loadError ?? "errors.generic"}`)}`}</FormMessage>
          <Button variant="secondary" onPress={() => form.send({ type: "videos.retry" })}>
            {t("sharing:form.retry")}
          </Button>
        </section>
      ) : null}
      {!loading && !loadFailed ? <ShareForm actor={form} /> : null}
      {!loading ? <SharedListSection sentCount={sentCount} /> : null}
    </div>
  )
}

export const AcupressureVideosPage = () => (
  <EnglishOnly>
    <SharingPage />
  </EnglishOnly>
)

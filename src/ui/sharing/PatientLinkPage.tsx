// /patient/{token}: what a patient's link opens, without an account and without anything else of
// the app — who sent the videos, the player (English captions on, the transcript) with the videos
// listed to choose from, and until when the link works; or plainly that the link has ended (expired,
// or ended by the practitioner) or is not valid, and what to do about it.
import { useActorRef, useSelector } from "@xstate/react"
import { Button as AriaButton } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"
import { formatTime } from "../../domain/videos/video-playback.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { prefersReducedMotion } from "../shared/reduced-motion.ts"
import { EnglishOnly, englishDate } from "./EnglishOnly.tsx"
import { PlayerFor } from "./PlayerFor.tsx"
import "./sharing.css"

const Notice = ({ title, children }: { readonly title: string; readonly children: React.ReactNode }) => {
  usePageTitle(title)
  return (
    <section className="panel patient-notice" aria-labelledby="patient-title">
      <h1 id="patient-title">{title}</h1>
      {children}
    </section>
  )
}

const PatientLink = ({ token }: { readonly token: string }) => {
  const { t } = useTranslation(["sharing", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.sharing.patientPage, {
    input: { token, reducedMotion: prefersReducedMotion() },
  })
  const page = useSelector(actor, (s) => s.context.page)
  const current = useSelector(actor, (s) => s.context.current)
  const preferences = useSelector(actor, (s) => s.context.preferences)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const notFound = useSelector(actor, (s) => s.hasTag("notFound"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))

  if (loading) {
    return (
      <Notice title={t("sharing:patient.loading")}>
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("sharing:patient.loading")}
        </p>
      </Notice>
    )
  }
  if (notFound) {
    return (
      <Notice title={t("sharing:patient.notFoundTitle")}>
        <p>{t("sharing:patient.notFoundText")}</p>
      </Notice>
    )
  }
  if (failed || page === null) {
    return (
      <Notice title={t("sharing:patient.failedTitle")}>
        <FormMessage kind="error">{t(`common:${error ?? "errors.generic"}`)}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "page.retry" })}>
          {t("sharing:patient.retry")}
        </Button>
      </Notice>
    )
  }
  if (page._tag === "Ended") {
    return (
      <Notice title={page.reason === "expired" ? t("sharing:patient.expiredTitle") : t("sharing:patient.revokedTitle")}>
        {page.reason === "revoked" ? <p>{t("sharing:patient.revokedText")}</p> : null}
        <p>{t("sharing:patient.askAgain")}</p>
      </Notice>
    )
  }
  const video = page.videos[current]
  return (
    <Notice title={t("sharing:patient.title", { sender: page.sender })}>
      <p className="lead">{t("sharing:patient.intro", { sender: page.sender })}</p>
      <p>{t("sharing:patient.until", { date: englishDate(page.expiresAt) })}</p>
      <div className="video-layout with-queue">
        {video ? <PlayerFor video={video} preferences={preferences} send={actor.send} /> : null}
        {page.videos.length > 1 ? (
          <nav className="video-queue" aria-labelledby="patient-videos-title">
            <h2 id="patient-videos-title">{t("sharing:patient.videos", { count: page.videos.length })}</h2>
            <ol>
              {page.videos.map((item, index) => (
                <li key={item.id} aria-current={index === current ? "true" : undefined}>
                  <AriaButton className="video-queue-item" onPress={() => actor.send({ type: "video.select", index })}>
                    <span className="video-queue-code">{item.title}</span>{" "}
                    <span className="video-queue-length">{formatTime(item.duration)}</span>
                  </AriaButton>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
      </div>
    </Notice>
  )
}

export const PatientLinkPage = ({ token }: { readonly token: string }) => (
  <EnglishOnly>
    <PatientLink token={token} />
  </EnglishOnly>
)

// The offline banner at the top of every page: while the connection is lost (the browser says so,
// or a call could not reach the server) it says that pages opened before still work and what waits
// for the connection, and it goes when the connection is back. Its live region is always there,
// empty while online, so a screen reader announces the words when they appear (the words themselves
// are a status). It shows only once the app has taken the page over: the server draws every page online.
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../../app-services.tsx"

export const OfflineBanner = () => {
  const { t } = useTranslation("common")
  const { connection } = useAppServices()
  const offline = useSelector(connection, (s) => s.hasTag("offline"))
  const [started, setStarted] = useState(false)
  useEffect(() => setStarted(true), [])
  return (
    <div className="offline-banner" aria-live="polite">
      {started && offline ? (
        <p className="offline-banner-text" role="status">
          <strong>{t("offline.title")}</strong> {t("offline.text")}
        </p>
      ) : null}
    </div>
  )
}

// How far the learner's part is kept on this device, in words: the account menu's line ("Available
// offline: 12 of 31 points", which opens the setting) and the settings page's status; and, once a
// download that fetched something completes, a polite announcement — no pop-up. The region is
// always there (empty until then), so a screen reader hears the words when they appear.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../../app-services.tsx"

/** The page with the setting: this device's part of the account settings. */
export const OFFLINE_SETTING_HREF = "/account-settings/registered-devices"

/** The download's state in words, for the menu and the setting. */
export const useOfflineProgress = () => {
  const { t } = useTranslation("common")
  const { offlineDownload } = useAppServices()
  const state = useSelector(offlineDownload, (s) => s.value)
  const done = useSelector(offlineDownload, (s) => s.context.done)
  const total = useSelector(offlineDownload, (s) => s.context.total)
  const counts = { done, count: total }
  switch (state) {
    case "off":
      return t("offline.progress.off")
    case "counting":
      return t("offline.progress.counting")
    case "paused":
      return t("offline.progress.paused", counts)
    case "failed":
      return t("offline.progress.failed", counts)
    case "downloading":
    case "done":
      return t("offline.progress.kept", counts)
    default:
      return null
  }
}

export const OfflineReadyAnnouncement = () => {
  const { t } = useTranslation("common")
  const { offlineDownload } = useAppServices()
  const ready = useSelector(offlineDownload, (s) => s.matches("done") && s.context.fetched > 0)
  const total = useSelector(offlineDownload, (s) => s.context.total)
  return (
    <div className="visually-hidden" aria-live="polite">
      {ready ? <p>{t("offline.progress.ready", { count: total })}</p> : null}
    </div>
  )
}

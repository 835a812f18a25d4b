// The registered-devices page's part about this device (issue 33): the switch "Keep the learning
// content on this device" (on unless turned off here; kept in this browser, not in the account),
// how far the download is, and how much the site's storage uses here. Turning it off stops the
// download and deletes the copies; turning it on starts it again.
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { Switch } from "../shared/components/Switch.tsx"
import { useOfflineProgress } from "../shared/layout/OfflineProgress.tsx"

/** Bytes as the language writes them: "850 kB", "12.4 MB", "12,4 MB". */
export const formatBytes = (bytes: number, language: string) => {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, "kilobyte"] : [bytes / 1_000_000, "megabyte"]
  return new Intl.NumberFormat(language, { style: "unit", unit, maximumFractionDigits: 1 }).format(value)
}

export const OfflineSetting = () => {
  const { t } = useTranslation(["account", "common"])
  const { offlineDownload, storageUsed, language } = useAppServices()
  const enabled = useSelector(offlineDownload, (s) => s.context.enabled)
  const state = useSelector(offlineDownload, (s) => String(s.value))
  const progress = useOfflineProgress()
  const [used, setUsed] = useState<number | null>(null)
  // The figure follows the download and the switch: measured again whenever the state changes.
  useEffect(() => {
    let current = true
    let last: unknown = null
    const measure = () => void storageUsed().then((bytes) => current && setUsed(bytes))
    const subscription = offlineDownload.subscribe((snapshot) => {
      if (snapshot.value === last) return
      last = snapshot.value
      measure()
    })
    measure()
    return () => {
      current = false
      subscription.unsubscribe()
    }
  }, [storageUsed, offlineDownload])
  return (
    <section className="panel" aria-labelledby="offline-setting-title">
      <h2 id="offline-setting-title">{t("account:offline.title")}</h2>
      <Switch
        isSelected={enabled}
        onChange={(on) => offlineDownload.send({ type: on ? "offline.turnOn" : "offline.turnOff" })}
        description={t("account:offline.description")}
      >
        {t("account:offline.switch")}
      </Switch>
      {progress && enabled ? <p>{progress}</p> : null}
      {state === "failed" ? (
        <Button variant="secondary" onPress={() => offlineDownload.send({ type: "offline.retry" })}>
          {t("account:offline.retry")}
        </Button>
      ) : null}
      {used !== null ? (
        <p className="muted">{t("account:offline.used", { size: formatBytes(used, language) })}</p>
      ) : null}
    </section>
  )
}

// /account-settings/registered-devices (§3, §6, §9): the account's sign-ins with browser, system and
// last use; this one marked; the first three until "show all"; sign one out or all, each after asking.
// Once a device is signed out (or refused), the cursor goes to the list instead of the page's body.
// Below, this device's own setting: keeping the learning content here for offline use.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { DEVICES_SHOWN, LOCAL_NETWORK, type RegisteredDevice, visibleDevices } from "../../domain/account/devices.ts"
import { relativeTimeOf } from "../../domain/shared/relative-time.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { useFocusWhenReady, usePageTitle } from "../shared/page-hooks.ts"
import { OfflineSetting } from "./OfflineSetting.tsx"

/** When a device was last used ("Last used 3 minutes ago", the exact time as its title) and where it signed in. */
const DeviceFacts = ({ device }: { readonly device: RegisteredDevice }) => {
  const { t, i18n } = useTranslation("account")
  const exact = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(device.last_used_at),
  )
  const { value, unit } = relativeTimeOf(Date.parse(device.last_used_at), Date.now())
  const ago = new Intl.RelativeTimeFormat(i18n.language, { numeric: "auto" }).format(value, unit)
  const place =
    device.place === null
      ? null
      : device.place === LOCAL_NETWORK
        ? t("devices.localNetwork")
        : (new Intl.DisplayNames([i18n.language], { type: "region", fallback: "none" }).of(device.place) ?? null)
  return (
    <span className="muted">
      <time dateTime={device.last_used_at} title={exact}>
        {t("devices.lastUsed", { date: ago })}
        <span className="visually-hidden"> ({exact})</span>
      </time>
      {place ? (
        <>
          <br />
          {t("devices.place", { place })}
        </>
      ) : null}
    </span>
  )
}

export const DevicesPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:devices.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.devices)
  const devices = useSelector(actor, (s) => s.context.devices)
  const showAll = useSelector(actor, (s) => s.context.showAll)
  const loading = useSelector(actor, (s) => s.matches("loading") && s.context.devices.length === 0)
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const confirming = useSelector(actor, (s) => s.matches("confirmingLogoutAll"))
  const confirmingRemove = useSelector(actor, (s) => s.matches("confirmingRemove"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const removing = useSelector(actor, (s) => s.context.removing)
  const removed = useFocusWhenReady<HTMLUListElement>(!busy && !confirmingRemove)
  return (
    <>
      <section className="panel">
        <h1>{t("account:devices.title")}</h1>
        <p>{t("account:devices.intro")}</p>
        {loading ? (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t("common:loading")}
          </p>
        ) : null}
        {loadFailed ? (
          <div>
            <p className="form-message error" role="alert">
              {t("account:devices.loadFailed")} {loadError ? t(`common:${loadError}`) : null}
            </p>
            <Button variant="secondary" onPress={() => actor.send({ type: "devices.retry" })}>
              {t("account:profile.retry")}
            </Button>
          </div>
        ) : null}
        {devices.length > 0 ? (
          <ul ref={removed.ref} tabIndex={-1} className="device-list" aria-label={t("account:devices.title")}>
            {visibleDevices(devices, showAll).map((device) => (
              <li key={device.id} className="device">
                <div>
                  <strong>{device.device_name}</strong>
                  {device.status === "current" ? <span className="badge">{t("account:devices.current")}</span> : null}
                  <br />
                  <DeviceFacts device={device} />
                </div>
                {device.status === "current" ? null : confirmingRemove && removing === device.id ? (
                  <ConfirmDialog
                    question={t("account:devices.removeQuestion", { name: device.device_name })}
                    confirmLabel={t("account:devices.removeConfirm")}
                    cancelLabel={t("account:devices.cancel")}
                    onConfirm={() => {
                      removed.arm()
                      actor.send({ type: "remove.confirm" })
                    }}
                    onCancel={() => actor.send({ type: "remove.dismiss" })}
                    destructive
                  />
                ) : (
                  <Button
                    id={`device-remove-${device.id}`}
                    variant="secondary"
                    isPending={busy && removing === device.id}
                    isDisabled={(busy || confirmingRemove) && removing !== device.id}
                    onPress={() => actor.send({ type: "device.remove", id: device.id })}
                  >
                    {t("account:devices.remove", { name: device.device_name })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {devices.length > DEVICES_SHOWN ? (
          <Button variant="quiet" onPress={() => actor.send({ type: "devices.toggleAll" })}>
            {showAll ? t("account:devices.showFewer") : t("account:devices.showAll", { count: devices.length })}
          </Button>
        ) : null}
        {confirming ? (
          <ConfirmDialog
            question={t("account:devices.logoutAllQuestion")}
            confirmLabel={t("account:devices.logoutAllConfirm")}
            cancelLabel={t("account:devices.cancel")}
            onConfirm={() => actor.send({ type: "logoutAll.confirm" })}
            onCancel={() => actor.send({ type: "logoutAll.dismiss" })}
            destructive
          />
        ) : devices.length > 0 ? (
          <div className="button-row">
            <Button
              id="devices-logout-all"
              variant="secondary"
              isDisabled={confirmingRemove}
              onPress={() => actor.send({ type: "logoutAll.request" })}
            >
              {t("account:devices.logoutAll")}
            </Button>
          </div>
        ) : null}
      </section>
      <OfflineSetting />
    </>
  )
}

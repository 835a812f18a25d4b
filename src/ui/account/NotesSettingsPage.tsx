// /account-settings/notes (§2 "notes (show-notes toggle)", §4, §8): the show-notes toggle saves at
// once with a success toast; a load failure says so inline, a save failure says so and the toggle
// goes back.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { Checkbox } from "../shared/components/Checkbox.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

export const NotesSettingsPage = () => {
  const { t } = useTranslation(["account", "common"])
  usePageTitle(t("account:toggles.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.toggles)
  const settings = useSelector(actor, (s) => s.context.settings)
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const saveError = useSelector(actor, (s) => s.context.saveError)
  const saving = useSelector(actor, (s) => s.matches("saving"))
  return (
    <section className="panel">
      <h1>{t("account:toggles.title")}</h1>
      {settings === null && !loadFailed ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <div>
          <p className="form-message error" role="alert">
            {t("account:toggles.loadFailed")} {loadError ? t(`common:${loadError}`) : null}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: "settings.retry" })}>
            {t("account:profile.retry")}
          </Button>
        </div>
      ) : null}
      {settings ? (
        <div className="form">
          <Checkbox
            isSelected={settings.showNotes}
            isDisabled={saving}
            errorMessage={saveError ? t("account:toggles.saveFailed") : null}
            errorId="show-notes-error"
            onChange={(value) => actor.send({ type: "toggle.change", field: "showNotes", value })}
          >
            {t("account:toggles.showNotes")}
          </Checkbox>
          <p className="description muted">{t("account:toggles.showNotesHelp")}</p>
          <FormMessage kind="error">{saveError ? t(`common:${saveError}`) : null}</FormMessage>
        </div>
      ) : null}
    </section>
  )
}

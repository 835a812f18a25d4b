// /account-settings/video-settings (§2 account settings, §3): continuous play and captions as
// switches, the captions' language, the playback speed and reduced motion as radio groups — saved
// together on the Save button, as the page says; the saved notice is announced politely, a failure
// says why and keeps every choice. The player reads the saved settings.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import {
  VIDEO_CAPTION_LANGUAGES,
  VIDEO_REDUCED_MOTION,
  VIDEO_SPEEDS,
  type VideoCaptionLanguage,
  type VideoSetting,
} from "../../domain/videos/video-settings.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { ChoiceGroup } from "../shared/components/ChoiceGroup.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Switch } from "../shared/components/Switch.tsx"
import { useFocusFirstInvalid, usePageTitle } from "../shared/page-hooks.ts"

/** The speed's choice value: the number as text ("0.75"), as the radio group carries it. */
const speedChoice = (speed: number) => String(speed)

export const VideoSettingsPage = () => {
  const { t, i18n } = useTranslation(["account", "common"])
  usePageTitle(t("account:video.title"))
  const { machines, language } = useAppServices()
  const actor = useActorRef(machines.accountSettings.video)
  const form = useSelector(actor, (s) => s.context.form)
  const errors = useSelector(actor, (s) => s.context.errors)
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const saveError = useSelector(actor, (s) => s.context.saveError)
  const saved = useSelector(actor, (s) => s.context.saved)
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const loadFailed = useSelector(actor, (s) => s.hasTag("loadFailed"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const formRef = useFocusFirstInvalid(rejected)
  // The machine takes a value only when the setting's Schema does.
  const change = (field: VideoSetting, value: unknown) => actor.send({ type: "field.change", field, value })
  const message = (field: VideoSetting) => (errors[field] ? t(`common:${errors[field]}`) : null)
  const numbers = new Intl.NumberFormat(i18n.language)
  const languageName = (code: Exclude<VideoCaptionLanguage, "interface">) => (
    <span lang={code}>{t(`common:language.names.${code}`)}</span>
  )

  return (
    <section className="panel video-settings">
      <h1>{t("account:video.title")}</h1>
      <p className="muted">{t("account:video.intro")}</p>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <div>
          <p className="form-message error" role="alert">
            {t("account:video.loadFailed")} {loadError ? t(`common:${loadError}`) : null}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: "settings.retry" })}>
            {t("common:footer.retry")}
          </Button>
        </div>
      ) : null}
      {form ? (
        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: "settings.save" })
          }}
        >
          <Switch
            isSelected={form.continousPlay}
            isReadOnly={saving}
            description={t("account:video.continousPlayHelp")}
            onChange={(on) => change("continousPlay", on)}
          >
            {t("account:video.continousPlay")}
          </Switch>
          <Switch
            isSelected={form.videoCaptions}
            isReadOnly={saving}
            description={t("account:video.captionsHelp")}
            onChange={(on) => change("videoCaptions", on)}
          >
            {t("account:video.captions")}
          </Switch>
          <ChoiceGroup
            label={t("account:video.captionLanguage")}
            value={form.videoCaptionLanguage}
            isReadOnly={saving}
            errorMessage={message("videoCaptionLanguage")}
            onChange={(value) => change("videoCaptionLanguage", value)}
            choices={VIDEO_CAPTION_LANGUAGES.map((code) => ({
              value: code,
              label:
                code === "interface" ? (
                  <>
                    {t("account:video.captionLanguageInterface")} ({languageName(language)})
                  </>
                ) : (
                  languageName(code)
                ),
            }))}
          />
          <ChoiceGroup
            label={t("account:video.speed")}
            orientation="horizontal"
            value={speedChoice(form.videoSpeed)}
            isReadOnly={saving}
            errorMessage={message("videoSpeed")}
            onChange={(value) => change("videoSpeed", Number(value))}
            choices={VIDEO_SPEEDS.map((speed) => ({
              value: speedChoice(speed),
              label: t(speed === 1 ? "account:video.speedNormal" : "account:video.speedValue", {
                speed: numbers.format(speed),
              }),
            }))}
          />
          <ChoiceGroup
            label={t("account:video.reducedMotion")}
            description={t("account:video.reducedMotionHelp")}
            value={form.videoReducedMotion}
            isReadOnly={saving}
            errorMessage={message("videoReducedMotion")}
            onChange={(value) => change("videoReducedMotion", value)}
            choices={VIDEO_REDUCED_MOTION.map((choice) => ({
              value: choice,
              label: t(`account:video.reducedMotionChoice.${choice}`),
            }))}
          />
          <FormMessage kind="error">
            {saveError ? `${t("account:video.saveFailed")} ${t(`common:${saveError}`)}` : null}
          </FormMessage>
          {/* Always there, so the notice that appears in it is announced. */}
          <div role="status">{saved ? <p className="form-message notice">{t("account:video.saved")}</p> : null}</div>
          <div className="button-row">
            <Button type="submit" isPending={saving}>
              {t("account:video.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}

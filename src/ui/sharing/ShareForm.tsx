// "Share with a patient" (§5): the patient's address, the videos as a group of checkboxes (a poster,
// the label cut to 30 characters and the full title as its name, the length, a Preview that plays it
// in a dialog), the box saying the patient agreed, and Share — which cannot be pressed, and says why,
// until a video is chosen. Unticked, a question asks first; Cancel puts the cursor back on the box.
// Sent: announced, the form cleared, the cursor in the address field again.
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { CheckboxGroup } from "react-aria-components/CheckboxGroup"
import { FieldError, Label, Text } from "react-aria-components/TextField"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { shareLabel } from "../../domain/acupressure/patient-sharing.ts"
import { formatTime } from "../../domain/videos/video-playback.ts"
import type { shareFormMachine } from "../../machines/sharing/share-form-machine.ts"
import { canRetryShare } from "../../machines/sharing/share-form-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { Checkbox } from "../shared/components/Checkbox.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { useFocusFirstInvalid, validateOnBlur } from "../shared/page-hooks.ts"
import { ENGLISH_TIME, englishDate } from "./EnglishOnly.tsx"
import { previewButtonId, VideoPreview } from "./VideoPreview.tsx"

type ShareFormActor = ActorRefFrom<typeof shareFormMachine>

const VideoChoices = ({ actor }: { readonly actor: ShareFormActor }) => {
  const { t } = useTranslation(["sharing", "common"])
  const videos = useSelector(actor, (s) => s.context.videoList)
  const chosen = useSelector(actor, (s) => s.context.form.videos)
  const error = useSelector(actor, (s) => s.context.errors.videos)
  return (
    <CheckboxGroup
      className="field video-choices"
      value={[...chosen]}
      onChange={(ids) => actor.send({ type: "videos.change", ids })}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label>{t("sharing:form.videos")}</Label>
      <Text slot="description" className="description">
        {t("sharing:form.videosHelp")}
      </Text>
      {videos.length === 0 ? <p className="muted">{t("sharing:form.noVideos")}</p> : null}
      <ul className="video-choice-list">
        {videos.map((video) => {
          const label = shareLabel(video.title)
          return (
            <li key={video.id} className="video-choice">
              <Checkbox value={video.id} aria-label={label === video.title ? undefined : video.title}>
                {video.media ? <img className="video-choice-poster" src={video.media.poster} alt="" /> : null}
                <span className="video-choice-title">{label}</span>
              </Checkbox>
              <span className="video-choice-length">
                {t("sharing:form.duration", { time: formatTime(video.duration) })}
              </span>
              <Button
                id={previewButtonId(video.id)}
                variant="secondary"
                aria-label={t("sharing:form.previewOf", { title: video.title })}
                onPress={() => actor.send({ type: "preview.open", id: video.id })}
              >
                {t("sharing:form.preview")}
              </Button>
            </li>
          )
        })}
      </ul>
      <FieldError className="error">{error ? t(`common:${error}`) : null}</FieldError>
    </CheckboxGroup>
  )
}

export const ShareForm = ({ actor }: { readonly actor: ShareFormActor }) => {
  const { t } = useTranslation(["sharing", "common"])
  const { now } = useAppServices()
  const email = useSelector(actor, (s) => s.context.form.email)
  const consent = useSelector(actor, (s) => s.context.form.consent)
  const emailError = useSelector(actor, (s) => s.context.errors.email)
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits)
  const formError = useSelector(actor, (s) => s.context.formError)
  const retry = useSelector(actor, (s) => canRetryShare(s.context))
  const limitedFor = useSelector(actor, (s) => s.context.limitedFor)
  const sent = useSelector(actor, (s) => s.context.sent)
  const sentCount = useSelector(actor, (s) => s.context.sentCount)
  const asking = useSelector(actor, (s) => s.hasTag("askingConsent"))
  const sending = useSelector(actor, (s) => s.hasTag("busy"))
  const canShare = useSelector(actor, (s) => s.can({ type: "form.submit" }))
  const formRef = useFocusFirstInvalid(rejected)
  const consentRef = useRef<HTMLInputElement>(null)

  // Each share sent puts the cursor back in the cleared address field, for the next patient.
  useEffect(() => {
    if (sentCount > 0) formRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus()
  }, [sentCount, formRef])

  const limitedUntil = limitedFor === null ? null : ENGLISH_TIME.format(new Date(now() + limitedFor * 1000))
  return (
    <section className="panel share-form" aria-labelledby="share-form-heading">
      <h2 id="share-form-heading">{t("sharing:form.heading")}</h2>
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "form.submit" })
        }}
      >
        <TextField
          label={t("sharing:form.email")}
          description={t("sharing:form.emailHelp")}
          type="email"
          autoComplete="off"
          value={email}
          errorMessage={emailError ? t(`common:${emailError}`) : null}
          onChange={(value) => actor.send({ type: "email.change", value })}
          onBlur={validateOnBlur(() => actor.send({ type: "email.blur" }))}
        />
        <VideoChoices actor={actor} />
        <Checkbox
          inputRef={consentRef}
          isSelected={consent}
          onChange={(value) => actor.send({ type: "consent.change", value })}
        >
          {t("sharing:form.consent")}
        </Checkbox>
        {limitedUntil ? (
          <FormMessage kind="error">{t("sharing:form.limited", { time: limitedUntil })}</FormMessage>
        ) : null}
        <FormMessage kind="error">
          {formError ? `${t("sharing:form.sendFailed")} ${t(formError, { ns: ["sharing", "common"] })}` : null}
        </FormMessage>
        {asking ? (
          <ConfirmDialog
            question={t("sharing:form.consentQuestion")}
            confirmLabel={t("sharing:form.consentYes")}
            cancelLabel={t("sharing:form.consentCancel")}
            onConfirm={() => actor.send({ type: "consent.agree" })}
            onCancel={() => {
              consentRef.current?.focus()
              actor.send({ type: "consent.cancel" })
            }}
          />
        ) : (
          <div className="button-row">
            <Button
              type="submit"
              isPending={sending}
              isDisabled={!canShare && !sending}
              aria-describedby={!canShare && !sending ? "share-why-disabled" : undefined}
            >
              {retry ? t("sharing:form.retry") : t("sharing:form.share")}
            </Button>
            {!canShare && !sending ? (
              <span id="share-why-disabled" className="muted">
                {t("sharing:form.chooseFirst")}
              </span>
            ) : null}
          </div>
        )}
        {/* Always there, so each new share is announced; shown once there is one. */}
        <p className={sent ? "form-message notice" : "visually-hidden"} role="status">
          {sent ? t("sharing:form.sent", { patient: sent.patient, date: englishDate(sent.expiresAt) }) : ""}
        </p>
      </form>
      <VideoPreview actor={actor} />
    </section>
  )
}

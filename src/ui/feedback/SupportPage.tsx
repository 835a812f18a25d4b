// /account-settings/support (§2 support, §7 app review): the learner rates the app from 1 to 5 stars
// (a radio group, keyboard operable, each star labelled "n of 5"), adds an optional comment and, for
// a low rating, what we should improve; the stored review is shown and can be changed. Help links
// to the support site sit above it.
import { useActorRef, useSelector } from "@xstate/react"
import { Label, Radio, RadioGroup } from "react-aria-components/RadioGroup"
import { useTranslation } from "react-i18next"
import { isLowRating, RATINGS, REVIEW_COMMENT_MAX_LENGTH } from "../../domain/feedback/app-review.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { TextAreaField } from "../shared/components/TextAreaField.tsx"
import { useFocusFirstInvalid, usePageTitle } from "../shared/page-hooks.ts"
import "./feedback.css"

export const SupportPage = () => {
  const { t, i18n } = useTranslation(["feedback", "common"])
  usePageTitle(t("feedback:title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.feedback.review)
  const form = useSelector(actor, (s) => s.context.form)
  const stored = useSelector(actor, (s) => s.context.stored)
  const errors = useSelector(actor, (s) => s.context.errors)
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const saveError = useSelector(actor, (s) => s.context.saveError)
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const formRef = useFocusFirstInvalid(rejected)
  const limits = { reviewCommentMax: REVIEW_COMMENT_MAX_LENGTH.toLocaleString() }
  const message = (field: string) => (errors[field] ? t(`common:${errors[field]}`, limits) : null)
  const low = form.rating !== null && isLowRating(form.rating)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" })

  return (
    <section className="panel support-page">
      <h1>{t("feedback:title")}</h1>
      <p>{t("feedback:intro")}</p>
      <h2>{t("feedback:reviewHeading")}</h2>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <div>
          <p className="form-message error" role="alert">
            {t("feedback:loadFailed")} {loadError ? t(`common:${loadError}`) : null}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: "review.retry" })}>
            {t("feedback:retry")}
          </Button>
        </div>
      ) : null}
      {!loading && !loadFailed ? (
        <form
          ref={formRef}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            actor.send({ type: "review.save" })
          }}
        >
          {stored ? (
            <p className="muted">
              {t("feedback:stored", { rating: stored.rating, date: date.format(new Date(stored.updatedAt)) })}
            </p>
          ) : null}
          <RadioGroup
            className="field star-rating"
            orientation="horizontal"
            value={form.rating === null ? null : String(form.rating)}
            onChange={(value) => actor.send({ type: "rating.select", rating: Number(value) })}
            isInvalid={Boolean(errors.rating)}
            validationBehavior="aria"
            aria-describedby={errors.rating ? "rating-error" : undefined}
          >
            <Label>{t("feedback:rating")}</Label>
            <div className="stars">
              {RATINGS.map((rating) => (
                <Radio
                  key={rating}
                  value={String(rating)}
                  className="star"
                  aria-label={t("feedback:ratingOf", { rating, max: RATINGS.length })}
                >
                  <span aria-hidden="true">{form.rating !== null && rating <= form.rating ? "★" : "☆"}</span>
                </Radio>
              ))}
            </div>
            {errors.rating ? (
              <span id="rating-error" className="error">
                {message("rating")}
              </span>
            ) : null}
          </RadioGroup>
          <TextAreaField
            label={t("feedback:comment")}
            description={t("feedback:optional")}
            value={form.comment}
            errorMessage={message("comment")}
            onChange={(value) => actor.send({ type: "field.change", field: "comment", value })}
          />
          {low ? (
            <TextAreaField
              label={t("feedback:improve")}
              description={t("feedback:improveHelp")}
              value={form.improve}
              errorMessage={message("improve")}
              onChange={(value) => actor.send({ type: "field.change", field: "improve", value })}
            />
          ) : null}
          <FormMessage kind="error">{saveError ? t(`common:${saveError}`) : null}</FormMessage>
          <div className="button-row">
            <Button type="submit" isPending={saving}>
              {stored ? t("feedback:update") : t("feedback:save")}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}

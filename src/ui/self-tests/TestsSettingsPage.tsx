// /account-settings/tests-settings (§3, §4): test time, maximum points, "include all points" (which
// hides the maximum and keeps the stored one), difficulty, the time limit on or off (practice) and
// the minutes "more time" adds, and whether points contraindicated in pregnancy are left out — saved
// on the button only, with a message at each field.
import { useActorRef, useSelector } from "@xstate/react"
import { Label, Radio, RadioGroup } from "react-aria-components/RadioGroup"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import {
  TEST_DIFFICULTY_BEGINNER,
  TEST_DIFFICULTY_EXPERT,
  TEST_SETTING_BOUNDS,
} from "../../domain/self-tests/test-settings.ts"
import { isTestDifficulty, type NumberField } from "../../domain/self-tests/test-settings-form.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { Checkbox } from "../shared/components/Checkbox.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { useFocusFirstInvalid, usePageTitle, validateOnBlur } from "../shared/page-hooks.ts"
import "./tests.css"

export const TestsSettingsPage = () => {
  const { t } = useTranslation(["self-tests", "common"])
  usePageTitle(t("self-tests:settings.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.tests.settings)
  const form = useSelector(actor, (s) => s.context.form)
  const errors = useSelector(actor, (s) => s.context.errors)
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const saveError = useSelector(actor, (s) => s.context.saveError)
  const saved = useSelector(actor, (s) => s.context.saved)
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const formRef = useFocusFirstInvalid(rejected)
  const message = (field: NumberField) => (errors[field] ? t(`common:${errors[field]}`, TEST_SETTING_BOUNDS) : null)
  const number = (field: NumberField, label: string, description: string) =>
    form ? (
      <TextField
        name={field}
        label={label}
        description={description}
        inputMode="numeric"
        value={form[field]}
        errorMessage={message(field)}
        onChange={(value) => actor.send({ type: "field.change", field, value })}
        onBlur={validateOnBlur(() => actor.send({ type: "field.blur", field }))}
      />
    ) : null

  return (
    <section className="panel tests-settings">
      <p className="breadcrumb">
        <Link href="/test/">{t("self-tests:title")}</Link>
      </p>
      <h1>{t("self-tests:settings.title")}</h1>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <div>
          <p className="form-message error" role="alert">
            {t("self-tests:settings.loadFailed")} {loadError ? t(`common:${loadError}`) : null}
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
          {number(
            "testDuration",
            t("self-tests:settings.duration"),
            t("self-tests:settings.durationHelp", TEST_SETTING_BOUNDS),
          )}
          <Checkbox
            isSelected={form.testTimed}
            onChange={(value) => actor.send({ type: "field.change", field: "testTimed", value })}
          >
            {t("self-tests:settings.timed")}
          </Checkbox>
          <p className="description muted">{t("self-tests:settings.timedHelp")}</p>
          {number(
            "testExtraTime",
            t("self-tests:settings.extraTime"),
            t("self-tests:settings.extraTimeHelp", TEST_SETTING_BOUNDS),
          )}
          <Checkbox
            isSelected={form.testAllPoints}
            onChange={(value) => actor.send({ type: "field.change", field: "testAllPoints", value })}
          >
            {t("self-tests:settings.allPoints")}
          </Checkbox>
          {form.testAllPoints
            ? null
            : number(
                "testLimit",
                t("self-tests:settings.limit"),
                t("self-tests:settings.limitHelp", TEST_SETTING_BOUNDS),
              )}
          <RadioGroup
            className="field difficulty"
            value={String(form.testDifficulty)}
            onChange={(value) => {
              const level = Number(value)
              if (isTestDifficulty(level)) actor.send({ type: "field.change", field: "testDifficulty", value: level })
            }}
          >
            <Label>{t("self-tests:settings.difficulty")}</Label>
            {[TEST_DIFFICULTY_BEGINNER, TEST_DIFFICULTY_EXPERT].map((level) => (
              <Radio key={level} value={String(level)} className="question-option">
                <span className="question-radio" aria-hidden="true" />
                <span>
                  {t(`self-tests:difficulty.${level}`)}{" "}
                  <span className="muted">{t(`self-tests:settings.difficultyHelp.${level}`)}</span>
                </span>
              </Radio>
            ))}
          </RadioGroup>
          <Checkbox
            isSelected={form.testLeaveOutPregnancy}
            onChange={(value) => actor.send({ type: "field.change", field: "testLeaveOutPregnancy", value })}
          >
            {t("self-tests:settings.leaveOutPregnancy")}
          </Checkbox>
          <p className="description muted">{t("self-tests:settings.leaveOutPregnancyHelp")}</p>
          <FormMessage kind="error">{saveError ? t(`common:${saveError}`) : null}</FormMessage>
          <FormMessage kind="notice">{saved ? t("self-tests:settings.saved") : null}</FormMessage>
          <div className="button-row">
            <Button type="submit" isPending={saving}>
              {t("self-tests:settings.save")}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}

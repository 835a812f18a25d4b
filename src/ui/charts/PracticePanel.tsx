// "Find the point" on the explorer's view: where is ST-36? The learner answers on the chart with
// the answer component — by pointer, or by moving the marker with the arrow keys — checks, sees
// the right position, and goes on; the score is kept for the session.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { ServedChart } from "../../domain/charts/chart-views.ts"
import { pointHref } from "../../domain/content/content-links.ts"
import { practiceMachine } from "../../machines/charts/practice-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ChartAnswer } from "./ChartAnswer.tsx"
import type { ChartActor } from "./ChartPanel.tsx"

const PracticeRound = ({ chart, code }: { readonly chart: ServedChart; readonly code: string | null }) => {
  const { t } = useTranslation("charts")
  const { now } = useAppServices()
  const practice = useActorRef(practiceMachine, { input: { chart, code, seed: now() % 2 ** 32 } })
  const question = useSelector(practice, (s) => s.context.question)
  const chosen = useSelector(practice, (s) => s.context.chosen)
  const asked = useSelector(practice, (s) => s.context.asked)
  const right = useSelector(practice, (s) => s.context.right)
  const result = useSelector(practice, (s) => (s.hasTag("right") ? "right" : s.hasTag("wrong") ? "wrong" : null))
  const empty = useSelector(practice, (s) => s.matches("empty"))
  const [hint, setHint] = useState(false)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const next = useRef<HTMLButtonElement>(null)
  const askedBefore = useRef(question?.code)

  // After checking, the next step is one key away; a new question is read out from its heading.
  useEffect(() => {
    if (result) next.current?.focus()
  }, [result])
  useEffect(() => {
    if (question?.code !== askedBefore.current) heading.current?.focus()
    askedBefore.current = question?.code
  }, [question?.code])

  if (empty || !question) return <FormMessage kind="notice">{t("practice.empty")}</FormMessage>
  const point = chart.points.find((p) => p.code === question.code)!
  const name = `${point.code} ${point.pinyin}`
  const chosenLetter = chosen ?? ""
  const feedback =
    result === "right"
      ? t("practice.right", { point: point.code, letter: question.answer })
      : result === "wrong"
        ? t("practice.wrong", { point: point.code, chosen: chosenLetter, letter: question.answer })
        : hint
          ? t("practice.chooseFirst")
          : ""
  return (
    <section className="practice" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="practice-question">
        {t("practice.question", { point: name })}
      </h2>
      <p className="lead practice-name">{point.name}</p>
      <div className="practice-layout">
        <ChartAnswer
          drawing={chart}
          candidates={question.candidates}
          value={chosen}
          onChange={(id) => {
            setHint(false)
            practice.send({ type: "answer.choose", id })
          }}
          label={t("practice.question", { point: name })}
          answer={result ? question.answer : null}
        />
        <div className="practice-side">
          <p className={`practice-feedback${result ? ` is-${result}` : ""}`} role="status">
            {feedback}
          </p>
          {result ? (
            <>
              <p className="muted" lang={point.locationLanguage}>
                {point.location}
              </p>
              <p>
                <Link href={pointHref(point.slug)}>{t("openPoint")}</Link>
              </p>
              <Button ref={next} onPress={() => practice.send({ type: "question.next" })}>
                {t("practice.next")}
              </Button>
            </>
          ) : (
            <Button
              onPress={() => {
                if (chosen === null) setHint(true)
                practice.send({ type: "answer.check" })
              }}
            >
              {t("practice.check")}
            </Button>
          )}
          {asked > 0 ? <p className="muted practice-score">{t("practice.score", { right, asked })}</p> : null}
        </div>
      </div>
    </section>
  )
}

/** Practice on the explorer's current view, once it is loaded. */
export const PracticePanel = ({ actor, code }: { readonly actor: ChartActor; readonly code: string | null }) => {
  const { t } = useTranslation("charts")
  const chart = useSelector(actor, (s) => (s.context.view ? s.context.charts[s.context.view] : undefined))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const failure = useSelector(actor, (s) => (s.matches("failed") ? s.context.failure : null))
  if (failure) {
    return (
      <div className="part-failed">
        <FormMessage kind="error">{`${t("failed")} ${t(failure.key)}`}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "chart.retry" })}>
          {t("retry")}
        </Button>
      </div>
    )
  }
  if (busy || !chart) {
    return (
      <div className="chart-placeholder" role="status">
        <span className="spinner" aria-hidden="true" /> {t("loading")}
      </div>
    )
  }
  return <PracticeRound key={chart.id} chart={chart} code={code} />
}

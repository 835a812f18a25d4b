// The result of a finished test: score, percentage, time used, whether the time ran out or it was
// practice, and each question with the learner's and the right answer and links to the point
// pages, and why the right answer is right where the question has a reason (a safety flag's
// sentence). The heading takes focus when it appears, so the result is announced. A question answered
// on a chart shows the chart again with the right position and the chosen one marked.
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { type GivenAnswer, type PresentedQuestion, positionLetter } from "../../domain/self-tests/question.ts"
import type { ReviewItemView, TestResultView } from "../../domain/self-tests/test-views.ts"
import { LazyChartQuestion } from "../charts/LazyCharts.tsx"
import { chartCandidates } from "./chart-candidates.ts"
import { clockText, givenText, optionText, promptText } from "./question-text.ts"

const rightText = (item: ReviewItemView, names: TestResultView["names"]) => {
  if (item.answer._tag === "Typed") return item.answer.accepted.join(" / ")
  const option = item.question.options[item.answer.index]
  return option ? optionText(option, names, item.answer.index) : ""
}

/** The chart of a question answered on it, read-only, with the right and the chosen position. */
const ReviewChart = ({ item }: { readonly item: ReviewItemView }) => {
  const { t } = useTranslation("self-tests")
  const candidates = chartCandidates(item.question)
  const view = item.question.prompt.view
  if (!candidates || view === undefined || item.answer._tag !== "Choice") return null
  const point = item.question.prompt.point
  return (
    <div className="review-chart">
      <LazyChartQuestion
        view={view}
        candidates={candidates}
        value={item.given?._tag === "Choice" ? positionLetter(item.given.index) : null}
        onChange={() => {}}
        label={t("self-tests:result.chartLabel", { point: point ? `${point.code ?? ""} ${point.name}`.trim() : "" })}
        instructions={t("self-tests:result.onChart")}
        answer={positionLetter(item.answer.index)}
      />
    </div>
  )
}

const Given = ({
  question,
  given,
  names,
}: {
  readonly question: PresentedQuestion
  readonly given: GivenAnswer | null
  readonly names: TestResultView["names"]
}) => {
  const { t } = useTranslation("self-tests")
  return given === null ? <em>{t("self-tests:result.notAnswered")}</em> : givenText(question, given, names)
}

export const ResultView = ({
  result,
  headingLevel = 2,
  autoFocus = true,
}: {
  readonly result: TestResultView
  readonly headingLevel?: 1 | 2
  readonly autoFocus?: boolean
}) => {
  const { t, i18n } = useTranslation(["self-tests", "common"])
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (autoFocus) heading.current?.focus()
  }, [autoFocus])
  const Heading = headingLevel === 1 ? "h1" : "h2"
  const Sub = headingLevel === 1 ? "h2" : "h3"
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(result.finishedAt),
  )
  return (
    <section className="test-result" aria-labelledby="result-heading">
      <Heading id="result-heading" ref={heading} tabIndex={-1}>
        {t("self-tests:result.title", { name: t(`self-tests:types.${result.type}.name`) })}
      </Heading>
      <p className="result-score">
        {t("self-tests:result.score", { score: result.score, total: result.total, percent: result.percent })}
      </p>
      <dl className="facts">
        <dt>{t("self-tests:result.timeUsed")}</dt>
        <dd>{clockText(result.timeUsedMs)}</dd>
        <dt>{t("self-tests:result.answered")}</dt>
        <dd>{t("self-tests:result.answeredValue", { answered: result.answered, total: result.total })}</dd>
        <dt>{t("self-tests:result.finishedAt")}</dt>
        <dd>{date}</dd>
      </dl>
      {result.expired ? <p className="form-message notice">{t("self-tests:result.expired")}</p> : null}
      {result.practice ? <p className="muted">{t("self-tests:result.practice")}</p> : null}
      {result.reviewQueued > 0 ? <p>{t("self-tests:result.queued", { count: result.reviewQueued })}</p> : null}
      <Sub>{t("self-tests:result.reviewTitle")}</Sub>
      <ol className="review-list">
        {result.review.map((item, index) => {
          const lang = item.textLanguage === i18n.language ? undefined : item.textLanguage
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions keep their order
            <li key={index} className={`review-item ${item.right ? "right" : "wrong"}`}>
              <p className="review-prompt">
                <span className="review-mark">
                  {item.right ? t("self-tests:result.right") : t("self-tests:result.wrong")}
                </span>{" "}
                {promptText(t, item.question, result.names)}
              </p>
              {item.question.prompt.text ? (
                <blockquote className="question-text" lang={lang}>
                  {item.question.prompt.text}
                </blockquote>
              ) : null}
              <dl className="review-answers">
                <dt>{t("self-tests:result.yourAnswer")}</dt>
                <dd lang={lang}>
                  <Given question={item.question} given={item.given} names={result.names} />
                </dd>
                {item.right ? null : (
                  <>
                    <dt>{t("self-tests:result.rightAnswer")}</dt>
                    <dd lang={lang}>{rightText(item, result.names)}</dd>
                  </>
                )}
              </dl>
              {item.reason ? (
                <p className="review-reason">
                  {t("self-tests:result.why")} <span lang={lang}>{item.reason}</span>
                </p>
              ) : null}
              <ReviewChart item={item} />
              {item.points.length > 0 ? (
                <p className="review-links">
                  {t("self-tests:result.readAbout")}{" "}
                  {item.points.map((point, i) => (
                    <span key={point.code}>
                      {i > 0 ? ", " : null}
                      <Link href={`/point/${point.slug}`}>{`${point.code} ${point.name}`}</Link>
                    </span>
                  ))}
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

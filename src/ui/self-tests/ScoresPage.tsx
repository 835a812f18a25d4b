// /test/scores: the history per test type — timed tests and practice apart, each with the number
// of tests, the best and the last percentage — and every finished test with a link to its result,
// marked when it was practice, ran out of time or repeated a finished test.
import { useActorRef, useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { resultHref } from "../../domain/self-tests/test-links.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { clockText } from "./question-text.ts"
import "./tests.css"

const percent = (value: number | null) => (value === null ? "—" : `${value} %`)

export const ScoresPage = () => {
  const { t, i18n } = useTranslation(["self-tests", "common"])
  usePageTitle(t("self-tests:scores.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.tests.scores, { input: { slug: "all" } })
  const data = useSelector(actor, (s) => s.context.data)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" })
  const summaries = data?.summaries.filter((s) => s.timed.tests + s.practice.tests > 0) ?? []
  const historyId = useId()

  return (
    <section className="panel scores-page">
      <p className="breadcrumb">
        <Link href="/test/">{t("self-tests:title")}</Link>
      </p>
      <h1>{t("self-tests:scores.title")}</h1>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
      {error ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "page.reload" })}>
          {t("common:footer.retry")}
        </Button>
      ) : null}
      {data && data.entries.length === 0 ? (
        <p>
          {t("self-tests:scores.empty")} <Link href="/test/">{t("self-tests:scores.takeOne")}</Link>
        </p>
      ) : null}
      {summaries.length > 0 ? (
        <div className="table-scroll">
          <table className="scores-table">
            <caption>{t("self-tests:scores.summaryCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("self-tests:scores.type")}</th>
                <th scope="col">{t("self-tests:scores.timedTests")}</th>
                <th scope="col">{t("self-tests:scores.best")}</th>
                <th scope="col">{t("self-tests:scores.last")}</th>
                <th scope="col">{t("self-tests:scores.practiceTests")}</th>
                <th scope="col">{t("self-tests:scores.practiceBest")}</th>
              </tr>
            </thead>
            <tbody>
              {summaries.map((summary) => (
                <tr key={summary.type}>
                  <th scope="row">{t(`self-tests:types.${summary.type}.name`)}</th>
                  <td>{summary.timed.tests}</td>
                  <td>{percent(summary.timed.bestPercent)}</td>
                  <td>{percent(summary.timed.lastPercent)}</td>
                  <td>{summary.practice.tests}</td>
                  <td>{percent(summary.practice.bestPercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.entries.length > 0 ? (
        <>
          <h2 id={historyId}>{t("self-tests:scores.history")}</h2>
          <ol className="score-history" aria-labelledby={historyId}>
            {data.entries.map((entry) => (
              <li key={entry.id}>
                <Link href={resultHref(entry.id)}>
                  {t(`self-tests:types.${entry.type}.name`)}: {entry.score}/{entry.total} ({entry.percent} %)
                </Link>{" "}
                <span className="muted">
                  {date.format(new Date(entry.finishedAt))} · {clockText(entry.timeUsedMs)}
                  {entry.practice ? ` · ${t("self-tests:scores.practice")}` : ""}
                  {entry.expired ? ` · ${t("self-tests:scores.expired")}` : ""}
                  {entry.repeat ? ` · ${t("self-tests:scores.repeat")}` : ""}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}

// /get/results?test={id}: the result of one finished test — where a test lands when it ends, and
// what the score history links to: the score, the time used and each question with the learner's
// and the right answer, and the test again or a new one. Without an id, the history is where
// results are chosen. The heading takes focus when the result shows, unless the learner has moved
// focus somewhere meanwhile.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link, Redirect } from "wouter"
import { newTestHref, RESULT_PARAM, repeatTestHref } from "../../domain/self-tests/test-links.ts"
import type { TestResultView } from "../../domain/self-tests/test-views.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"
import { ResultView } from "./ResultView.tsx"
import "./tests.css"

/** The same questions again, when they can be had (not for a point-group test whose group is gone). */
const RepeatLink = ({ result }: { readonly result: TestResultView }) => {
  const { t } = useTranslation("self-tests")
  const href = repeatTestHref(result)
  return href === null ? null : (
    <Link href={href} className="button">
      {t("self-tests:result.repeat")}
    </Link>
  )
}

/** Focus is on nothing in particular: the page itself (after a navigation) or nowhere. */
const focusIsFree = () => {
  const active = document.activeElement
  return active === null || active === document.body || active.id === "main"
}

export const ResultsPage = () => {
  const id = useQueryParam(RESULT_PARAM)
  return id ? <Result key={id} id={id} /> : <Redirect to="/test/scores" replace />
}

const Result = ({ id }: { readonly id: string }) => {
  const { t } = useTranslation(["self-tests", "common"])
  usePageTitle(t("self-tests:result.pageTitle"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.tests.result, { input: { slug: id } })
  const result = useSelector(actor, (s) => s.context.data)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <section className="panel result-page">
      <p className="breadcrumb">
        <Link href="/test/scores">{t("self-tests:scores.title")}</Link>
      </p>
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
      {result ? (
        <>
          <ResultView result={result} headingLevel={1} autoFocus={focusIsFree()} />
          <div className="button-row">
            <RepeatLink result={result} />
            <Link href={newTestHref(result)}>{t("self-tests:result.newTest")}</Link>
          </div>
        </>
      ) : null}
    </section>
  )
}

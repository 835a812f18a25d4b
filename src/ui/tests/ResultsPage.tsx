// /get/results?test={id}: the result of one finished test (from the score history): the score,
// the time used and each question with the learner's and the right answer. Without an id, the
// history is where results are chosen.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link, Redirect } from "wouter"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle, useQueryParam } from "../shared/page-hooks.ts"
import { ResultView } from "./ResultView.tsx"
import "./tests.css"

export const ResultsPage = () => {
  const id = useQueryParam("test")
  return id ? <Result key={id} id={id} /> : <Redirect to="/test/scores" replace />
}

const Result = ({ id }: { readonly id: string }) => {
  const { t } = useTranslation(["user", "common"])
  usePageTitle(t("user:tests.result.pageTitle"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.tests.result, { input: { slug: id } })
  const result = useSelector(actor, (s) => s.context.data)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <section className="panel result-page">
      <p className="breadcrumb">
        <Link href="/test/scores">{t("user:tests.scores.title")}</Link>
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
          <ResultView result={result} headingLevel={1} autoFocus={false} />
          <div className="button-row">
            <Link href={`/test/new/${result.type}?repeat=${result.id}`} className="button">
              {t("user:tests.result.repeat")}
            </Link>
            <Link href={`/test/new/${result.type}`}>{t("user:tests.result.newTest")}</Link>
          </div>
        </>
      ) : null}
    </section>
  )
}

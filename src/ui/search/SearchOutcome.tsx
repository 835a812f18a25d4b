// What a text search shows under its form: a polite status that announces "Searching…", the
// number of points found or 'noDataFound'; a failure with a retry; the results with their pages.
// Paging moves focus to the results' heading, scrolled into view, once the new page is shown, and
// the status then names the page too.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { SEARCH_PAGE_SIZE } from "../../domain/search/search-fields.ts"
import type { searchMachine } from "../../machines/search/search-machine.ts"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { useFocusWhenReady } from "../shared/page-hooks.ts"
import { ProLeftOutNote } from "./SafetyFilterBoxes.tsx"
import { SearchResults } from "./SearchResults.tsx"

type Outcome = "idle" | "searching" | "results" | "empty" | "failed" | "invalid"

export const useOutcome = (actor: ActorRefFrom<typeof searchMachine>): Outcome =>
  useSelector(actor, (s) =>
    s.matches("searching")
      ? "searching"
      : s.matches("results")
        ? "results"
        : s.matches("empty")
          ? "empty"
          : s.matches("failed")
            ? "failed"
            : s.matches("invalid")
              ? "invalid"
              : "idle",
  )

export const SearchOutcome = ({
  actor,
  headingId,
}: {
  readonly actor: ActorRefFrom<typeof searchMachine>
  readonly headingId: string
}) => {
  const { t } = useTranslation("common")
  const outcome = useOutcome(actor)
  const results = useSelector(actor, (s) => s.context.results)
  const total = useSelector(actor, (s) => s.context.total)
  const locked = useSelector(actor, (s) => s.context.locked)
  const proLeftOut = useSelector(actor, (s) => s.context.proLeftOut)
  const page = useSelector(actor, (s) => s.context.page)
  const error = useSelector(actor, (s) => s.context.error)
  const paged = useFocusWhenReady<HTMLHeadingElement>(outcome === "results")
  const status =
    outcome === "searching"
      ? t("search.searching")
      : outcome === "results"
        ? page > 1
          ? `${t("search.results", { count: total })}. ${t("search.page", { page, pages: Math.ceil(total / SEARCH_PAGE_SIZE) })}`
          : t("search.results", { count: total })
        : outcome === "empty"
          ? t("noDataFound")
          : ""
  return (
    <section className="search-outcome" aria-labelledby={headingId}>
      <h2
        ref={paged.ref}
        tabIndex={-1}
        id={headingId}
        className={results.length > 0 || outcome !== "idle" ? "" : "visually-hidden"}
      >
        {t("search.resultsTitle")}
      </h2>
      <p role="status" className="search-status">
        {status}
      </p>
      {error && outcome !== "searching" ? (
        <div className="search-error">
          <FormMessage kind="error">{t(error)}</FormMessage>
          {outcome === "failed" ? (
            <Button variant="secondary" onPress={() => actor.send({ type: "search.retry" })}>
              {t("search.retry")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {proLeftOut && (outcome === "results" || outcome === "empty") ? <ProLeftOutNote /> : null}
      {results.length > 0 ? (
        <SearchResults
          busy={outcome === "searching"}
          results={results}
          total={total}
          locked={locked}
          page={page}
          pageSize={SEARCH_PAGE_SIZE}
          onPage={(next) => {
            paged.arm()
            actor.send({ type: "page.go", page: next })
          }}
        />
      ) : null}
    </section>
  )
}

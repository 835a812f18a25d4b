// /full-text (§2): the full texts of every point searched for the words typed, paged, each
// result with snippets of about 70 words, 30 of them before the match (§9).
import { useActorRef } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearch } from "wouter"
import { readSearchParams, type SearchRequest } from "../../domain/search/search-links.ts"
import { useAppServices } from "../app-services.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { KeywordForm } from "./KeywordForm.tsx"
import { SearchOutcome } from "./SearchOutcome.tsx"
import "./search.css"

const withoutFilters = (request: SearchRequest): SearchRequest => ({
  ...request,
  channel: "",
  point: "",
  field: "",
  notInPregnancy: false,
  noOrgansBeneath: false,
})

export const FullTextPage = () => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const address = useSearch()
  // The full text has no filters: only the keyword and the page are read from the address.
  const [initial] = useState(() => withoutFilters(readSearchParams(address)))
  const actor = useActorRef(machines.search.fullText, { input: { request: initial } })
  usePageTitle(t("search.fullText.title"))
  useEffect(() => {
    const request = readSearchParams(address)
    actor.send({ type: "search.load", request: withoutFilters(request) })
  }, [actor, address])
  return (
    <div className="search-page">
      <h1>{t("search.fullText.title")}</h1>
      <p className="lead">{t("search.fullText.intro")}</p>
      <section className="panel search-panel" aria-label={t("search.fullText.title")}>
        <KeywordForm actor={actor} label={t("search.fullText.keyword")} />
        <SearchOutcome actor={actor} headingId="full-text-results-heading" />
      </section>
    </div>
  )
}

// /search (§2 "Search panels"): the all-points search by name or number, and the main search —
// keyword, channel select (locked channels disabled and prefixed Pro, no extraordinary vessels),
// point select (the points of the chosen channel), field select, clear and search — with its
// results. The address holds the search, so it can be shared, reloaded and reached from the header.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearch } from "wouter"
import { isSearchField } from "../../domain/search/search-fields.ts"
import { readSearchParams } from "../../domain/search/search-links.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { AllPointsSearch } from "./AllPointsSearch.tsx"
import { KeywordForm } from "./KeywordForm.tsx"
import { SafetyFilterBoxes } from "./SafetyFilterBoxes.tsx"
import { SearchOutcome } from "./SearchOutcome.tsx"
import { SelectField, type SelectOption } from "./SelectField.tsx"
import "./search.css"

/** "All" in a select: React Aria keys cannot be empty. */
const ALL = "*"
const fromKey = (key: string) => (key === ALL ? "" : key)
const toKey = (value: string) => (value === "" ? ALL : value)

export const SearchPage = () => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const address = useSearch()
  const [initial] = useState(() => readSearchParams(address))
  const actor = useActorRef(machines.search.main, { input: { request: initial } })
  const options = useActorRef(machines.search.options, { input: { channel: initial.channel } })
  usePageTitle(t("search.main.title"))

  // A search asked for by the address (the header's "show all", Back, a shared link).
  useEffect(() => {
    actor.send({ type: "search.load", request: readSearchParams(address) })
  }, [actor, address])

  const filters = useSelector(actor, (s) => s.context.filters)
  const channels = useSelector(options, (s) => s.context.channels)
  const fields = useSelector(options, (s) => s.context.fields)
  const points = useSelector(options, (s) => s.context.points)
  const optionsFailed = useSelector(options, (s) => s.matches("failed") || s.matches({ ready: "pointsFailed" }))
  const optionsError = useSelector(options, (s) => s.context.error)

  const pro = t("search.main.pro")
  const channelOptions: ReadonlyArray<SelectOption> = [
    { id: ALL, label: t("search.main.allChannels") },
    ...channels.map((c) => ({
      id: c.slug,
      label: c.permission ? c.title : `${pro} · ${c.title}`,
      disabled: !c.permission,
    })),
  ]
  const pointOptions: ReadonlyArray<SelectOption> = [
    { id: ALL, label: t("search.main.allPoints") },
    ...points.map((p) => ({
      id: p.slug,
      label: p.permission ? p.title : `${pro} · ${p.title}`,
      disabled: !p.permission,
    })),
  ]
  const fieldOptions: ReadonlyArray<SelectOption> = [
    { id: ALL, label: t("search.main.allFields") },
    ...fields.filter((f) => isSearchField(f.slug)).map((f) => ({ id: f.slug, label: f.title })),
  ]

  return (
    <div className="search-page">
      <h1>{t("search.main.title")}</h1>
      <p className="lead">{t("search.main.intro")}</p>
      <AllPointsSearch />
      <section className="panel search-panel" aria-labelledby="main-search-heading">
        <h2 id="main-search-heading">{t("search.main.sectionTitle")}</h2>
        <KeywordForm actor={actor} label={t("search.main.keyword")}>
          <div className="search-filters">
            <SelectField
              label={t("search.main.channel")}
              options={channelOptions}
              value={toKey(filters.channel)}
              onChange={(key) => {
                actor.send({ type: "filters.change", filters: { channel: fromKey(key), point: "" } })
                options.send({ type: "channel.change", channel: fromKey(key) })
              }}
            />
            <SelectField
              label={t("search.main.point")}
              options={pointOptions}
              value={toKey(filters.point)}
              isDisabled={filters.channel === ""}
              description={filters.channel === "" ? t("search.main.choosePointHint") : undefined}
              onChange={(key) => actor.send({ type: "filters.change", filters: { point: fromKey(key) } })}
            />
            <SelectField
              label={t("search.main.field")}
              options={fieldOptions}
              value={toKey(filters.field)}
              onChange={(key) => {
                const field = fromKey(key)
                actor.send({ type: "filters.change", filters: { field: isSearchField(field) ? field : "" } })
              }}
            />
          </div>
          <SafetyFilterBoxes
            value={filters}
            onChange={(change) => actor.send({ type: "filters.change", filters: change })}
          />
          {optionsFailed ? (
            <div className="search-error">
              <FormMessage kind="error">{`${t("search.main.optionsFailed")} ${t(optionsError ?? "errors.generic")}`}</FormMessage>
              <Button variant="secondary" onPress={() => options.send({ type: "options.retry" })}>
                {t("search.retry")}
              </Button>
            </div>
          ) : null}
        </KeywordForm>
        <SearchOutcome actor={actor} headingId="main-results-heading" />
      </section>
    </div>
  )
}

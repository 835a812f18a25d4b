// The header's search (§2): the search submenu (and the search modal on narrow screens) with a
// field whose dropdown lists the first results and their highlighted snippets as the user types
// (500 ms after the last key, §9), a search-help text, "show all results" and the other searches.
// React Aria's autocomplete pattern: arrows move through the results, Enter opens one (or, with
// none chosen, shows all results at /search), Escape clears the field and, when it is empty,
// closes the submenu. The number of results is announced politely.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { Autocomplete } from "react-aria-components/Autocomplete"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { Button, Input, Label, SearchField, Text } from "react-aria-components/SearchField"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { KeywordHit } from "../../domain/api/search-api.ts"
import { pointHref } from "../../domain/content/content-links.ts"
import { isSearchableKeyword, normalizeKeyword } from "../../domain/search/search-keyword.ts"
import { EMPTY_REQUEST, SEARCH_HREF, searchHref } from "../../domain/search/search-links.ts"
import { useAppServices } from "../app-services.tsx"
import { Button as AppButton } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { ClientLinks } from "./ClientLinks.tsx"
import { Highlighted, SnippetText } from "./Highlighted.tsx"
import { SearchLinks } from "./SearchLinks.tsx"
import { typedSearch } from "./typed-search.ts"
import "./search.css"
import { Hanzi } from "../shared/components/Hanzi.tsx"

const Suggestion = ({ hit }: { readonly hit: KeywordHit }) => {
  const { t } = useTranslation("common")
  const name = hit.content.find((c) => c.field === "point_name")
  const text = hit.content.find((c) => c.field !== "point_name")
  return (
    <>
      <span className="suggestion-title">
        <span className="point-code">{hit.point}</span>{" "}
        {name ? (
          <Highlighted segments={name.segments} />
        ) : (
          <>
            {hit.pinyin} · <Hanzi text={hit.hanzi} /> · {hit.name}
          </>
        )}
        {hit.permission ? null : (
          <>
            {" "}
            <ProBadge />
          </>
        )}
      </span>
      {text ? (
        <span className="suggestion-snippet">
          <span className="suggestion-field">{t(`search.fields.${text.field}`)}:</span> <SnippetText snippet={text} />
        </span>
      ) : null}
    </>
  )
}

export const HeaderSearch = ({
  onDismiss,
  onNavigate,
}: {
  /** Escape in an empty field: the submenu closes and focus returns to its button. */
  readonly onDismiss: () => void
  /** A result or link was followed. */
  readonly onNavigate: () => void
}) => {
  const { t } = useTranslation("common")
  const { machines, navigation } = useAppServices()
  const actor = useActorRef(machines.search.header, { input: { live: true } })
  // What was typed while this search's script was on its way (HeaderSearchPlaceholder.tsx).
  useEffect(() => {
    const typed = typedSearch.take()
    if (typed !== "") actor.send({ type: "keyword.change", keyword: typed })
  }, [actor])
  const keyword = useSelector(actor, (s) => s.context.keyword)
  const results = useSelector(actor, (s) => s.context.results)
  const total = useSelector(actor, (s) => s.context.total)
  const error = useSelector(actor, (s) => s.context.error ?? s.context.keywordError)
  const outcome = useSelector(actor, (s) =>
    s.matches("searching")
      ? "searching"
      : s.matches("results")
        ? "results"
        : s.matches("empty")
          ? "empty"
          : s.matches("failed")
            ? "failed"
            : "other",
  )
  const status =
    outcome === "searching"
      ? t("search.searching")
      : outcome === "results"
        ? t("search.results", { count: total })
        : outcome === "empty"
          ? t("noDataFound")
          : ""
  const allResults = searchHref(SEARCH_HREF, { ...EMPTY_REQUEST, keyword: normalizeKeyword(keyword) })

  return (
    <ClientLinks>
      <div className="header-search">
        <Autocomplete
          disableAutoFocusFirst
          inputValue={keyword}
          onInputChange={(value) => actor.send({ type: "keyword.change", keyword: value })}
        >
          <SearchField
            className="field search-field"
            autoFocus
            // Escape clears the field first (React Aria); in an empty field it closes the search.
            onKeyDown={(event) => {
              if (event.key === "Escape" && keyword === "") onDismiss()
            }}
            onSubmit={() => {
              // Enter on a highlighted result opens that result; Enter in the field shows them all.
              const input = document.activeElement
              if (input instanceof HTMLInputElement && input.getAttribute("aria-activedescendant")) return
              if (!isSearchableKeyword(keyword)) return
              onNavigate()
              navigation.go(allResults)
            }}
          >
            <Label>{t("search.label")}</Label>
            <div className="search-input">
              <Input name="header-search" />
              {keyword !== "" ? (
                <Button className="search-clear" aria-label={t("search.main.clear")}>
                  ✕
                </Button>
              ) : null}
            </div>
            <Text slot="description" className="description">
              {t("search.help")}
            </Text>
          </SearchField>
          <ListBox className="search-options" aria-label={t("search.suggestionsLabel")} items={results}>
            {(hit) => (
              <ListBoxItem
                id={hit.slug}
                href={pointHref(hit.slug)}
                className="search-option"
                textValue={`${hit.point} ${hit.pinyin} ${hit.name}`}
                onAction={onNavigate}
              >
                <Suggestion hit={hit} />
              </ListBoxItem>
            )}
          </ListBox>
        </Autocomplete>
        <p role="status" className="search-status">
          {status}
        </p>
        {error && (outcome === "other" || outcome === "failed") ? (
          <div className="search-error">
            <FormMessage kind="error">{t(error)}</FormMessage>
            {outcome === "failed" ? (
              <AppButton variant="secondary" onPress={() => actor.send({ type: "search.retry" })}>
                {t("search.retry")}
              </AppButton>
            ) : null}
          </div>
        ) : null}
        {isSearchableKeyword(keyword) ? (
          <p>
            <Link href={allResults} onClick={onNavigate}>
              {t("search.showAll", { keyword: normalizeKeyword(keyword) })}
            </Link>
          </p>
        ) : null}
        <SearchLinks onNavigate={onNavigate} />
      </div>
    </ClientLinks>
  )
}

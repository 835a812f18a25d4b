// The results of a text search: each point with its code, names and the snippets of the fields
// that matched. The points the caller may not open come last and are summed up in one line with the
// Pro badge that opens the upgrade modal; only an exact hit is listed locked, by code and name. Pages
// of results below. The count is announced by the page's status.
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { KeywordHit } from "../../domain/api/search-api.ts"
import { pointHref } from "../../domain/content/content-links.ts"
import { isListed, listedPageCount } from "../../domain/search/locked-matches.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { Hanzi } from "../shared/components/Hanzi.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { Highlighted, SnippetText } from "./Highlighted.tsx"

/** The point's name line, with the matching part marked when its name matched. */
const NameLine = ({ hit }: { readonly hit: KeywordHit }) => {
  const name = hit.content.find((c) => c.field === "point_name")
  return (
    <>
      <span className="point-code">{hit.point}</span>{" "}
      {name ? (
        <span className="result-names">
          <Highlighted segments={name.segments} />
        </span>
      ) : (
        <span className="result-names">
          {hit.pinyin} · <Hanzi text={hit.hanzi} /> · {hit.name}
        </span>
      )}
    </>
  )
}

const Result = ({ hit }: { readonly hit: KeywordHit }) => {
  const { t } = useTranslation("common")
  const { upgrade } = useAppServices()
  const texts = hit.content.filter((c) => c.field !== "point_name")
  return (
    <li className="search-result">
      <h3 className="result-title">
        {hit.permission ? (
          <Link href={pointHref(hit.slug)}>
            <NameLine hit={hit} />
          </Link>
        ) : (
          <button
            type="button"
            className="point-link locked-link"
            onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
          >
            <NameLine hit={hit} /> <ProBadge />
          </button>
        )}
      </h3>
      {hit.permission ? (
        texts.length > 0 ? (
          <dl className="result-snippets">
            {texts.map((snippet, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a field may match more than once (two indications)
              <div key={`${snippet.field}-${i}`} className="result-snippet">
                <dt>{t(`search.fields.${snippet.field}`)}</dt>
                <dd>
                  <SnippetText snippet={snippet} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null
      ) : (
        <p className="muted">{t("search.locked")}</p>
      )}
    </li>
  )
}

/** The locked matches as one line: how many, and the upgrade modal on activation. */
const LockedMatches = ({ count }: { readonly count: number }) => {
  const { t } = useTranslation("common")
  const { upgrade } = useAppServices()
  return (
    <p className="locked-matches">
      <button type="button" className="link-button" onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}>
        {t("search.moreInPro", { count })}
      </button>{" "}
      <ProBadge />
    </p>
  )
}

export const SearchResults = ({
  results,
  total,
  locked,
  page,
  pageSize,
  onPage,
  busy,
}: {
  /** Another page or search is on its way: the list shown is the previous one. */
  readonly busy: boolean
  readonly results: ReadonlyArray<KeywordHit>
  readonly total: number
  /** Matches the caller may not open; the server lists them after every other result. */
  readonly locked: number
  readonly page: number
  readonly pageSize: number
  readonly onPage: (page: number) => void
}) => {
  const { t } = useTranslation("common")
  const pages = listedPageCount(total, locked, pageSize)
  const listed = results.filter(isListed)
  return (
    <>
      {listed.length > 0 ? (
        <ol className="search-results" aria-busy={busy || undefined}>
          {listed.map((hit) => (
            <Result key={hit.slug} hit={hit} />
          ))}
        </ol>
      ) : null}
      {locked > 0 && page >= pages ? <LockedMatches count={locked} /> : null}
      {pages > 1 ? (
        <nav className="pager" aria-label={t("search.pagination")}>
          <Button variant="secondary" isDisabled={busy || page <= 1} onPress={() => onPage(page - 1)}>
            {t("search.previous")}
          </Button>
          <span>{t("search.page", { page, pages })}</span>
          <Button variant="secondary" isDisabled={busy || page >= pages} onPress={() => onPage(page + 1)}>
            {t("search.next")}
          </Button>
        </nav>
      ) : null}
    </>
  )
}

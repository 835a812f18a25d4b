// Languages of §1 and §9: en, de and es are selectable; ru is shown as under construction.
import { type PageGroup, pageTextsOf } from "./page-groups.ts"

export const LANGUAGES = ["en", "de", "es", "ru"] as const
export type Language = (typeof LANGUAGES)[number]
export const SELECTABLE_LANGUAGES = ["en", "de", "es"] as const
export type SelectableLanguage = (typeof SELECTABLE_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: SelectableLanguage = "en"
export const IN_PROGRESS_LANGUAGES: ReadonlyArray<Language> = ["ru"]

/** Translation namespaces read first: common everywhere, user, billing and self-tests on their groups' pages, home on /, about on /about. */
export const NAMESPACES = ["common", "user", "billing", "self-tests", "home", "about"] as const
/**
 * Namespaces written in English only: patient sharing is offered in English alone (§6 "Acupressure
 * video sharing only when language is English"), its mails and videos are English, so its pages
 * show English whatever the interface's language and have no German or Spanish texts to keep.
 */
export const ENGLISH_ONLY_NAMESPACES = ["sharing"] as const

/** The namespaces the page at `path` reads first: common, its groups' texts (PAGE_GROUP_TEXTS), home or about. */
export const namespacesForPath = (path: string): ReadonlyArray<string> => [
  "common",
  ...pageTextsOf(path),
  ...(path === "/" ? ["home"] : path === "/about" ? ["about"] : []),
]

export const isSelectableLanguage = (value: unknown): value is SelectableLanguage =>
  typeof value === "string" && (SELECTABLE_LANGUAGES as ReadonlyArray<string>).includes(value)

/** One range of a language list (`de-CH;q=0.8`): its primary language and its weight (1 without one). */
const weighted = (range: string, index: number) => {
  const [tag = "", ...parameters] = range.split(";").map((part) => part.trim())
  const q = parameters.find((parameter) => /^q\s*=/i.test(parameter))
  const weight = q === undefined ? 1 : Number(q.slice(q.indexOf("=") + 1))
  return { language: tag.split("-")[0]!.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index }
}

/**
 * The language for a request or a cookie value: a language code (`de`, `de-DE`), or a browser's
 * `Accept-Language` list, read by its weights — the selectable language the list prefers most (the
 * first of equal weights; a weight of 0 refuses), else the default. `ru-RU,ru;q=0.9,de;q=0.8` is German.
 */
export const resolveLanguage = (value: string | null | undefined): SelectableLanguage => {
  const preferred = (value ?? "")
    .split(",")
    .map(weighted)
    .filter(({ language, weight }) => weight > 0 && isSelectableLanguage(language))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)[0]
  return preferred !== undefined && isSelectableLanguage(preferred.language) ? preferred.language : DEFAULT_LANGUAGE
}

/** The request header that carries the app's language on every API call (§7). */
export const LOCALE_HEADER = "locale"

/**
 * The built page of each interface language: index.html with that `lang` and its first texts
 * preloaded (written by scripts/language-pages.ts, sent by the server by the language cookie); with
 * page groups, their pages' scripts and styles preloaded too (src/domain/shared/page-groups.ts). A
 * page of several groups joins their names with "+" in pageGroupsOf's order
 * (`index.en.account+billing.html`): group names are words joined by hyphens, so the name stays one file name.
 */
export const languagePageName = (language: SelectableLanguage, groups: ReadonlyArray<PageGroup> = []) =>
  groups.length === 0 ? `index.${language}.html` : `index.${language}.${groups.join("+")}.html`

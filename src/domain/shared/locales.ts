// Languages of §1 and §9: en, de and es are selectable; ru is shown as under construction.
import type { PageGroup } from "./page-groups.ts"

export const LANGUAGES = ["en", "de", "es", "ru"] as const
export type Language = (typeof LANGUAGES)[number]
export const SELECTABLE_LANGUAGES = ["en", "de", "es"] as const
export type SelectableLanguage = (typeof SELECTABLE_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: SelectableLanguage = "en"
export const IN_PROGRESS_LANGUAGES: ReadonlyArray<Language> = ["ru"]

/** Translation namespaces: common and user everywhere, home on /, about on /about. */
export const NAMESPACES = ["common", "user", "home", "about"] as const
/**
 * Namespaces written in English only: patient sharing is offered in English alone (§6 "Acupressure
 * video sharing only when language is English"), its mails and videos are English, so its pages
 * show English whatever the interface's language and have no German or Spanish texts to keep.
 */
export const ENGLISH_ONLY_NAMESPACES = ["sharing"] as const

export const namespacesForPath = (path: string): ReadonlyArray<(typeof NAMESPACES)[number]> =>
  path === "/" ? ["common", "user", "home"] : path === "/about" ? ["common", "user", "about"] : ["common", "user"]

export const isSelectableLanguage = (value: unknown): value is SelectableLanguage =>
  typeof value === "string" && (SELECTABLE_LANGUAGES as ReadonlyArray<string>).includes(value)

/** The language for a request or a cookie value: a selectable one, else the default. */
export const resolveLanguage = (value: string | null | undefined): SelectableLanguage => {
  const code = (value ?? "").trim().slice(0, 2).toLowerCase()
  return isSelectableLanguage(code) ? code : DEFAULT_LANGUAGE
}

/** The request header that carries the app's language on every API call (§7). */
export const LOCALE_HEADER = "locale"

/**
 * The built page of each interface language: index.html with that `lang` and its first texts
 * preloaded (written by scripts/language-pages.ts, sent by the server by the language cookie); with
 * page groups, their pages' scripts and styles preloaded too (src/domain/shared/page-groups.ts). A
 * page of several groups joins their names with "+" in pageGroupsOf's order
 * (`index.en.account+billing.html`): group names are plain words, so the name stays one file name.
 */
export const languagePageName = (language: SelectableLanguage, groups: ReadonlyArray<PageGroup> = []) =>
  groups.length === 0 ? `index.${language}.html` : `index.${language}.${groups.join("+")}.html`

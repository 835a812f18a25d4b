// One index.html per interface language and set of page groups: `index.{en,de,es}.html`, each with
// `<html lang>` set to its language and the scripts of that language's first texts (the `common`
// namespace, src/ui/i18n.ts, and the English one i18next falls back to) preloaded beside
// the app's own, so the browser fetches them with the app instead of after it has run; and
// `index.{language}.{groups}.html` for each set of groups an address can need (PAGE_GROUP_SETS in
// src/domain/shared/page-groups.ts: each group alone, and the account group with the group of a
// page inside its settings layout, `index.en.account+billing.html`), which also preloads those
// groups' scripts, the scripts wiring their flows (with the shared scripts they import that the
// app does not) and their texts (PAGE_GROUP_TEXTS), and links their
// styles, so the first page's code downloads beside the app's instead of after it. The server
// sends the page of the language cookie and the address (server/platform/http/static-app.ts);
// index.html stays the default language's.
import type { OutputAsset, OutputBundle, OutputChunk } from "rolldown"
import type { Plugin } from "vite"
import {
  DEFAULT_LANGUAGE,
  languagePageName,
  SELECTABLE_LANGUAGES,
  type SelectableLanguage,
} from "../src/domain/shared/locales.ts"
import {
  PAGE_GROUP_FLOWS,
  PAGE_GROUP_SETS,
  PAGE_GROUP_TEXTS,
  PAGE_GROUPS,
  type PageGroup,
} from "../src/domain/shared/page-groups.ts"

/** The namespaces the app loads before its first render on every page (src/ui/i18n.ts `ns`). */
export const FIRST_NAMESPACES = ["common"] as const

/** What a page preloads beyond the app's own entry: module scripts, and stylesheets it links. */
export interface Preloads {
  readonly scripts: ReadonlyArray<string>
  readonly styles?: ReadonlyArray<string>
}

/** The page of one language: its `lang`, modulepreload links for its scripts, links for its styles. */
export const languagePage = (html: string, language: SelectableLanguage, { scripts, styles = [] }: Preloads) =>
  html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(
      /\s*<\/head>/,
      `${[
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ]
        .map((link) => `\n    ${link}`)
        .join("")}\n  </head>`,
    )

const chunks = (bundle: OutputBundle) =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk")

/** The built scripts of a language's namespaces (the chunks of `locales/{language}/{ns}.json`). */
const textScripts = (bundle: OutputBundle, language: SelectableLanguage, namespaces: ReadonlyArray<string>) =>
  namespaces.map((namespace) => {
    const chunk = chunks(bundle).find(
      (output) => output.facadeModuleId?.endsWith(`/locales/${language}/${namespace}.json`) === true,
    )
    if (!chunk) throw new Error(`language-pages: no chunk for locales/${language}/${namespace}.json`)
    return chunk.fileName
  })

/** A chunk's file and the files of every chunk it imports statically, at any depth. */
const staticClosure = (bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()) => {
  if (into.has(chunk.fileName)) return into
  into.add(chunk.fileName)
  for (const file of chunk.imports) {
    const imported = bundle[file]
    if (imported?.type === "chunk") staticClosure(bundle, imported, into)
  }
  return into
}

/** The chunk whose module is `path` (from the project's root). */
const chunkOf = (bundle: OutputBundle, path: string) => {
  const chunk = chunks(bundle).find((output) => output.facadeModuleId?.endsWith(`/${path}`) === true)
  if (!chunk) throw new Error(`language-pages: no chunk for ${path}`)
  return chunk
}

/** A group's pages: `src/ui/{group}/pages.ts`, but for the sign-in and sign-up pages, which are the account feature's. */
const pagesScript = (group: PageGroup) =>
  group === "sign-in" || group === "sign-up" ? `src/ui/account/${group}-pages.ts` : `src/ui/${group}/pages.ts`

/**
 * A page group's script and the scripts wiring its flows (PAGE_GROUP_FLOWS), with what they import
 * that the entry (`loaded`) does not, and the styles of those.
 */
const groupPreloads = (bundle: OutputBundle, group: PageGroup, loaded: ReadonlySet<string>): Required<Preloads> => {
  const roots = [
    chunkOf(bundle, pagesScript(group)),
    ...PAGE_GROUP_FLOWS[group].map((flows) => chunkOf(bundle, `src/wiring/${flows}.ts`)),
  ]
  const closure = new Set<string>()
  for (const root of roots) staticClosure(bundle, root, closure)
  const scripts = [...closure].filter((file) => !loaded.has(file))
  const styles = scripts.flatMap((file) => {
    const chunk = bundle[file]
    return chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : []
  })
  return { scripts, styles }
}

export const languagePages = (): Plugin => ({
  name: "jingluo:language-pages",
  apply: "build",
  enforce: "post",
  generateBundle(_, bundle) {
    const index = bundle["index.html"] as OutputAsset | undefined
    if (index === undefined) return
    const html = String(index.source)
    const entry = chunks(bundle).find((chunk) => chunk.isEntry)
    if (!entry) throw new Error("language-pages: no entry chunk")
    const loaded = staticClosure(bundle, entry)
    const groups = Object.keys(PAGE_GROUPS) as Array<PageGroup>
    const preloads = new Map(groups.map((group) => [group, groupPreloads(bundle, group, loaded)]))
    // A set's page preloads what each of its groups needs, a script or style they share once.
    const sets = PAGE_GROUP_SETS.map((set) => ({
      set,
      scripts: [...new Set(set.flatMap((group) => preloads.get(group)!.scripts))],
      styles: [...new Set(set.flatMap((group) => preloads.get(group)!.styles))],
    }))
    for (const language of SELECTABLE_LANGUAGES) {
      // i18next loads the default language's texts too, as the fallback for a missing key.
      const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]
      const texts = languages.flatMap((texts) => textScripts(bundle, texts, FIRST_NAMESPACES))
      const page = languagePage(html, language, { scripts: texts })
      if (language === DEFAULT_LANGUAGE) index.source = page
      this.emitFile({ type: "asset", fileName: languagePageName(language), source: page })
      for (const { set, scripts, styles } of sets) {
        const namespaces = [...new Set(set.flatMap((group) => PAGE_GROUP_TEXTS[group]))]
        const groupTexts = languages.flatMap((texts) => textScripts(bundle, texts, namespaces))
        this.emitFile({
          type: "asset",
          fileName: languagePageName(language, set),
          source: languagePage(html, language, { scripts: [...texts, ...groupTexts, ...scripts], styles }),
        })
      }
    }
  },
})

// One index.html per interface language: `index.{en,de,es}.html`, each with `<html lang>` set to its
// language and the scripts of that language's first texts (the `common` and `user` namespaces,
// src/ui/i18n.ts, and the English ones i18next falls back to) preloaded beside the app's own, so the
// browser fetches them with the app instead of after it has run. The server sends the page of the
// language cookie (server/platform/http/static-app.ts); index.html stays the default language's.
import type { OutputAsset, OutputBundle } from "rolldown"
import type { Plugin } from "vite"
import {
  DEFAULT_LANGUAGE,
  languagePageName,
  SELECTABLE_LANGUAGES,
  type SelectableLanguage,
} from "../src/domain/shared/locales.ts"

/** The namespaces the app loads before its first render (src/ui/i18n.ts `ns`). */
export const FIRST_NAMESPACES = ["common", "user"] as const

/** The page of one language: its `lang`, and modulepreload links for its first texts' scripts. */
export const languagePage = (html: string, language: SelectableLanguage, scripts: ReadonlyArray<string>) =>
  html
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(
      /\s*<\/head>/,
      `${scripts.map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`).join("")}\n  </head>`,
    )

/** The built scripts of a language's first namespaces (the chunks of `locales/{language}/{ns}.json`). */
const firstTextScripts = (bundle: OutputBundle, language: SelectableLanguage) =>
  FIRST_NAMESPACES.map((namespace) => {
    const chunk = Object.values(bundle).find(
      (output) =>
        output.type === "chunk" && output.facadeModuleId?.endsWith(`/locales/${language}/${namespace}.json`) === true,
    )
    if (!chunk) throw new Error(`language-pages: no chunk for locales/${language}/${namespace}.json`)
    return chunk.fileName
  })

export const languagePages = (): Plugin => ({
  name: "jingluo:language-pages",
  apply: "build",
  enforce: "post",
  generateBundle(_, bundle) {
    const index = bundle["index.html"] as OutputAsset | undefined
    if (index === undefined) return
    const html = String(index.source)
    for (const language of SELECTABLE_LANGUAGES) {
      // i18next loads the default language's texts too, as the fallback for a missing key.
      const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]
      const page = languagePage(
        html,
        language,
        languages.flatMap((texts) => firstTextScripts(bundle, texts)),
      )
      if (language === DEFAULT_LANGUAGE) index.source = page
      this.emitFile({ type: "asset", fileName: languagePageName(language), source: page })
    }
  },
})

// The server's render entry: draws one page to HTML from the answers the server already has, with
// the same composition as the browser's (main.tsx), so the browser hydrates exactly what was drawn.
// Built with `vite build --ssr src/entry-server.tsx` into dist/server/; the server loads that built
// file and nothing of src/ui itself (server/pages/). Nothing here fetches: the pages start from the
// embedded answers, and every flow waits in its first state until the browser starts it.
import type { i18n as I18n } from "i18next"
import { prerender } from "react-dom/static"
import { contentAnswerKey, contentRouteOf } from "./domain/content/content-routes.ts"
import type { RenderRequest, RenderResult } from "./domain/shared/first-page.ts"
import type { SelectableLanguage } from "./domain/shared/locales.ts"
import { pageHead, pageHeadHtml } from "./domain/shared/page-head.ts"
import { wire } from "./main.tsx"
import { APP_NAMESPACES, createI18n } from "./ui/i18n.ts"

/**
 * The texts of each language, every namespace loaded once and kept: no page waits for a text while
 * it is drawn.
 */
const texts = new Map<SelectableLanguage, Promise<I18n>>()
const textsOf = (language: SelectableLanguage) => {
  const kept = texts.get(language)
  if (kept) return kept
  const made = createI18n(language, APP_NAMESPACES)
  texts.set(language, made)
  return made
}

/** A clone of `base` once it is ready (i18next readies a clone after a tick). */
const cloneOf = (base: I18n) =>
  new Promise<I18n>((resolve) => {
    const clone: I18n = base.cloneInstance({}, () => queueMicrotask(() => resolve(clone)))
  })

export const render = async ({ url, origin, language, cookies, answers }: RenderRequest): Promise<RenderResult> => {
  // A clone shares the loaded texts and keeps its own record of the namespaces this drawing uses,
  // which the browser loads before it hydrates.
  const i18n = await cloneOf(await textsOf(language))
  const { element, runtime } = await wire({
    i18n,
    // Never called: the server's drawing makes no calls (src/wiring/shared/runtime.ts).
    baseUrl: "http://127.0.0.1:9",
    server: { url, cookies },
    firstPage: { url, language, answers, namespaces: [] },
  })
  try {
    // The whole page at once, every part in place: its script and texts are in hand, so nothing
    // waits, and the server keeps the finished page for the next visitor.
    const { prelude } = await prerender(element, {
      // No part is sent apart from its place to be moved in by an inline script (the content
      // security policy refuses those): the page is sent whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error: unknown) => {
        console.error("Drawing a page failed:", error)
      },
    })
    const html = await new Response(prelude).text()
    const reported = (i18n as I18n & { reportNamespaces?: { getUsedNamespaces: () => Array<string> } }).reportNamespaces
    // The head names the page as its view will (the same title), for search engines and shared links.
    const path = url.split("?")[0] ?? "/"
    const route = contentRouteOf(path)
    const answer = route === undefined ? undefined : answers[contentAnswerKey(route)]
    const head = pageHeadHtml(
      pageHead({ path, origin, answer, t: (key, values) => i18n.t(key, values ?? {}) }),
      language,
    )
    return { html, namespaces: reported?.getUsedNamespaces() ?? [], head }
  } finally {
    await runtime.dispose()
  }
}

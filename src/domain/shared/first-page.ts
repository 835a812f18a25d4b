// The first page a browser gets: the server renders it to HTML through the app's built render entry
// (src/entry-server.tsx, built by `vite build --ssr`), with the answers its pages show already in
// hand, and embeds those answers once in the document; the app starts its pages from them instead of
// asking again, and hydrates what the server drew (src/main.tsx). This file is the contract between
// the two: what the server hands the entry, what the entry gives back, what travels in the page.
import { contentRouteOf } from "../content/content-routes.ts"
import type { SelectableLanguage } from "./locales.ts"

/** The id of the `<script type="application/json">` that carries the first page's data. */
export const FIRST_PAGE_DATA_ID = "first-page-data"

/** What travels in the page: the answers its pages were drawn from, and the texts they used. */
export interface FirstPageData {
  /** The address the page was drawn for (path and query). */
  readonly url: string
  /** The interface language the page was drawn in (from the language cookie, else Accept-Language). */
  readonly language: SelectableLanguage
  /** Answers of the content calls, by `contentAnswerKey` (src/domain/content/content-routes.ts), as the API encodes them. */
  readonly answers: Readonly<Record<string, unknown>>
  /** The translation namespaces the page used, loaded before the app hydrates it. */
  readonly namespaces: ReadonlyArray<string>
}

/** The answers of the first page, as its pages take them (src/infra/first-page.ts). */
export interface FirstPageAnswers {
  /** The answer the page of `key` was drawn from, until the page has started from it. */
  readonly answer: (key: string) => unknown
  /** The page of `key` has started from its answer: later pages ask the server. */
  readonly taken: (key: string) => void
}

/** What the server hands the render entry. */
export interface RenderRequest {
  /** Path and query. */
  readonly url: string
  /** The app's public origin (APP_ORIGIN), for the page's canonical address. */
  readonly origin: string
  readonly language: SelectableLanguage
  /** The cookies scripts may read (userdata, language, cookieAccepted): the app reads the same ones in the browser. */
  readonly cookies: Readonly<Record<string, string>>
  readonly answers: Readonly<Record<string, unknown>>
}

/** What the render entry gives back. */
export interface RenderResult {
  /** The markup of `#root`. */
  readonly html: string
  /** The namespaces the render used. */
  readonly namespaces: ReadonlyArray<string>
  /** The page's head: its title, description, canonical address and sharing tags. */
  readonly head: string
}

/** The built render entry's module (dist/server/entry-server.js). */
export interface RenderEntry {
  readonly render: (request: RenderRequest) => Promise<RenderResult>
}

/**
 * The data as a `<script type="application/json">` body: JSON with every `<` escaped, so no answer
 * can close the script element or open a comment, and U+2028/2029 kept out of the markup.
 */
export const serializeFirstPage = (data: FirstPageData): string =>
  JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

/**
 * The addresses the server draws. The others (the sign-in forms, a member's own pages, a test in
 * progress, the patient's page) still arrive as the app's shell and are drawn in the browser: what they show comes
 * from the member's storage and calls the server does not make for them.
 */
/**
 * The sign-in and sign-up pages stay the app's shell: a form drawn before the app runs could be
 * sent before the app has taken it over, and what was typed would be lost.
 */
const SERVER_DRAWN = [/^\/$/, /^\/(about|about-us|pricing)$/] as const

/** Whether the server draws the page of `path` (decoded, without query): the content pages and the public pages. */
export const isDrawnByServer = (path: string) =>
  contentRouteOf(path) !== undefined || SERVER_DRAWN.some((pattern) => pattern.test(path))

// The first page drawn by the server (src/domain/shared/first-page.ts): the static app asks this
// service for a page of an address the server draws, and sends the app's shell when it answers none.
// The drawing itself (the answers, the session, the render entry) is the pages feature's
// (server/pages/); without it — API-only tests, a build without the render entry — every page is
// the shell.
import { Context, Effect, Layer } from "effect"
import type { HttpServerRequest } from "effect/http"
import type { SelectableLanguage } from "../../../src/domain/shared/locales.ts"

/** One drawn document and its bytes as the client may take them. */
export interface DrawnPage {
  readonly identity: Uint8Array
  /** Names exactly this document: the same inputs draw the same bytes. */
  readonly etag: string
  /** The compressed copy, made once (off the main thread) the first time a client takes it. */
  readonly compressed: (coding: "br" | "gzip") => Effect.Effect<Uint8Array>
}

export interface DrawRequest {
  /** Decoded path, without query. */
  readonly path: string
  /** Path and query, as asked. */
  readonly url: string
  readonly language: SelectableLanguage
  /** The app's page for this language and address (index.{language}[.{groups}].html) and its tag. */
  readonly template: { readonly text: string; readonly etag: string }
}

export class FirstPages extends Context.Service<
  FirstPages,
  {
    /** The drawn page, or undefined when the address is not one the server draws (or its item is unknown). */
    readonly draw: (
      request: DrawRequest,
    ) => Effect.Effect<DrawnPage | undefined, never, HttpServerRequest.HttpServerRequest>
  }
>()("jingluo/server/FirstPages") {
  static readonly none = Layer.succeed(FirstPages, FirstPages.of({ draw: () => Effect.succeed(undefined) }))
}

// The pages the server draws (src/domain/shared/first-page.ts): for an address it draws, the answer
// its content page shows — made and kept by the content cache, exactly as the API answers it, for
// the caller's plan and language — handed with the readable cookies to the app's built render
// entry (dist/server/entry-server.js, built from src/entry-server.tsx; never src/ui itself), and
// the markup put into the app's page with the answers embedded once. A drawn document depends on
// nothing else, so it is kept, by everything it was drawn from, and the next visitor with the same
// plan, language and cookies gets it without drawing.
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { Effect, Layer, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { CATEGORIES_CHAPTER_SLUG } from "../../src/domain/content/content-links.ts"
import { type ContentRoute, contentAnswerKey, contentRouteOf } from "../../src/domain/content/content-routes.ts"
import { VISITOR, type Viewer } from "../../src/domain/content/permissions.ts"
import { COOKIE_ACCEPTED, COOKIE_LANGUAGE, COOKIE_TOKEN, COOKIE_USERDATA } from "../../src/domain/shared/cookies.ts"
import {
  FIRST_PAGE_DATA_ID,
  type FirstPageData,
  type RenderEntry,
  serializeFirstPage,
} from "../../src/domain/shared/first-page.ts"
import { Auth } from "../accounts/auth-service.ts"
import { type ContentAnswer, contentAnswers, lockedAnswer } from "../content/content-answers.ts"
import { ContentCache, planLevel } from "../content/content-cache.ts"
import { Content } from "../content/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { compressCached } from "../platform/http/compression.ts"
import { type DrawnPage, type DrawRequest, FirstPages } from "../platform/http/first-pages.ts"
import { RENDER_ENTRY_DIR } from "../platform/http/static-app.ts"

/** How many drawn documents are kept (the least recently sent goes first): ~50 kB each, with their copies. */
export const DRAWN_PAGES_KEPT = 600

/** The cookies a page's scripts read, and so the render entry: everything else stays out of the drawing. */
const READABLE_COOKIES = [COOKIE_USERDATA, COOKIE_LANGUAGE, COOKIE_ACCEPTED] as const

/** An address longer than this is drawn but not kept (a query can make endless addresses). */
const KEPT_URL_MAX = 300

/** The content answers a page shows: its own, and the categories listed in the book's chapter on them. */
const routesOf = (route: ContentRoute): ReadonlyArray<ContentRoute> =>
  route.page === "bookPage" && route.slug === CATEGORIES_CHAPTER_SLUG
    ? [route, { page: "categoryIndex", slug: "" }]
    : [route]

/** Where the build puts the render entry, next to the app it serves. */
export const renderEntryFile = (staticDir: string) => join(staticDir, RENDER_ENTRY_DIR, "entry-server.js")

export const FirstPagesLive = Layer.effect(
  FirstPages,
  Effect.gen(function* () {
    const { staticDir, appOrigin } = yield* ServerConfig
    const file = staticDir === undefined ? undefined : renderEntryFile(staticDir)
    if (file === undefined || !existsSync(file)) return FirstPages.of({ draw: () => Effect.succeed(undefined) })
    const loaded = yield* Effect.tryPromise(() => import(pathToFileURL(file).href) as Promise<RenderEntry>).pipe(
      // A broken build must not keep the server from starting: every page is then the app's shell.
      Effect.tapError((error) =>
        Effect.logError("The render entry could not be loaded; pages are drawn in the browser", error),
      ),
      Effect.option,
    )
    if (Option.isNone(loaded)) return FirstPages.of({ draw: () => Effect.succeed(undefined) })
    const entry = loaded.value
    const content = yield* Content
    const cache = yield* ContentCache
    const auth = yield* Auth
    const answers = contentAnswers(content)
    const kept = new Map<string, DrawnPage>()

    /** The answer of one content page for this caller, as the API would send it; undefined when there is no such item. */
    const answerOf = (route: ContentRoute, viewer: Viewer, language: DrawRequest["language"]) => {
      const spec: ContentAnswer = answers[route.page](route.slug)
      const made = cache.encoded({
        language,
        level: planLevel(viewer),
        key: spec.key,
        schema: spec.schema,
        make: Effect.suspend(() => spec.make({ viewer, language })),
      })
      return Effect.map(made, (json): unknown => JSON.parse(json)).pipe(
        Effect.catchTag("ProRequired", (failure) =>
          spec.lockable ? lockedAnswer(failure) : Effect.succeed(undefined),
        ),
        Effect.catchTag("NotFound", () => Effect.succeed(undefined)),
      )
    }

    // The drawn parts go in through functions: a replacement string would read $&, $` and $' in
    // them (an address's query, a text of an answer) as parts of the template, and break the page.
    const document = (template: string, html: string, head: string, data: FirstPageData) => {
      // The drawn head replaces the app's general title and description.
      const withHead = head.includes("<title>")
        ? template
            .replace(/\s*<title>[^<]*<\/title>/, "")
            .replace(/\s*<meta name="description"[^>]*>/, "")
            .replace("</head>", () => `    ${head.split("\n").join("\n    ")}\n  </head>`)
        : template
      return withHead.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${html}</div>\n    <script type="application/json" id="${FIRST_PAGE_DATA_ID}">${serializeFirstPage(data)}</script>`,
      )
    }

    const drawnPage = (html: string): DrawnPage => {
      const identity = new TextEncoder().encode(html)
      const copies: { br?: Uint8Array; gzip?: Uint8Array } = {}
      return {
        identity,
        etag: `"p-${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
        compressed: (coding) => {
          const copy = copies[coding]
          return copy !== undefined
            ? Effect.succeed(copy)
            : Effect.map(
                Effect.promise(() => compressCached[coding](identity)),
                (bytes) => (copies[coding] = bytes),
              )
        },
      }
    }

    const draw = ({ path, url, language, template }: DrawRequest) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const session = yield* auth.identify(request.cookies[COOKIE_TOKEN])
        const viewer: Viewer = Option.match(session, {
          onNone: () => VISITOR,
          onSome: ({ planId }) => ({ _tag: "Member", planId }),
        })
        const route = contentRouteOf(path)
        const pageAnswers: Record<string, unknown> = {}
        for (const shown of route ? routesOf(route) : []) {
          const answer = yield* answerOf(shown, viewer, language)
          // An unknown item: the app's shell, whose page asks and shows the catalogue's "not found".
          if (answer === undefined && shown === route) return undefined
          if (answer !== undefined) pageAnswers[contentAnswerKey(shown)] = answer
        }
        const cookies = Object.fromEntries(
          READABLE_COOKIES.flatMap((name) => {
            const value = request.cookies[name]
            return value === undefined ? [] : [[name, value] as const]
          }),
        )
        const version = yield* content.version
        const key = createHash("sha256")
          .update(JSON.stringify([version, url, language, planLevel(viewer), cookies, template.etag]))
          .digest("base64url")
        const found = kept.get(key)
        if (found) {
          // Most recently sent last: the first in the map is the one to forget.
          kept.delete(key)
          kept.set(key, found)
          return found
        }
        const rendered = yield* Effect.tryPromise(() =>
          entry.render({ url, origin: appOrigin, language, cookies, answers: pageAnswers }),
        ).pipe(
          // A page that cannot be drawn is still the app: the shell, whose scripts draw it in the browser.
          Effect.tapError((error) => Effect.logError("Drawing a page failed", error)),
          Effect.option,
        )
        if (Option.isNone(rendered)) return undefined
        const { html, head, namespaces } = rendered.value
        const page = drawnPage(document(template.text, html, head, { url, language, answers: pageAnswers, namespaces }))
        if (url.length <= KEPT_URL_MAX) {
          kept.set(key, page)
          if (kept.size > DRAWN_PAGES_KEPT) kept.delete(kept.keys().next().value!)
        }
        return page
      })

    return FirstPages.of({ draw })
  }),
)

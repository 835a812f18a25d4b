// Content answers from memory. The knowledge base changes only with its content version (the seed
// digest), so the JSON bytes of a content answer (and their brotli and gzip forms) are kept per
// (content version, language, plan level, endpoint and slug) and sent with an ETag; a matching
// If-None-Match answers 304. Only successful answers are kept: a locked or unknown item is asked
// of the Content service every time, so a Pro-only text never reaches a visitor or a Standard user
// from here (their level is part of the key, and of the ETag). Per-user data is never cached. A copy
// of the same bytes from an earlier content version is answered 304 too (`sameBytes`).
import { createHash } from "node:crypto"
import { Context, Effect, Layer, Schema } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { hasPro, type Viewer } from "../../src/domain/content/permissions.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { COMPRESS_MIN_BYTES, compressCached, matchesEtag, negotiateCoding } from "../platform/http/compression.ts"
import { Content } from "./service.ts"

/** What a content answer depends on besides the item: who asks decides `permission` and what opens. */
export type PlanLevel = "visitor" | "standard" | "pro"

export const planLevel = (viewer: Viewer): PlanLevel =>
  viewer._tag === "Visitor" ? "visitor" : hasPro(viewer) ? "pro" : "standard"

/**
 * The browser keeps a content answer but asks again each time (a plan or a sign-in may change it);
 * the answer differs by coding, by the bearer session's plan and by language.
 */
export const CONTENT_CACHE_CONTROL = "private, no-cache"
export const CONTENT_VARY = "Accept-Encoding, Authorization, Locale, Accept-Language"

interface Entry {
  readonly identity: Uint8Array
  readonly etag: string
  br: Uint8Array | undefined
  gzip: Uint8Array | undefined
}

export interface ContentRequest<A, E> {
  readonly language: SelectableLanguage
  readonly level: PlanLevel
  /** Endpoint and parameters, e.g. `point/lu-9-taiyuan`. */
  readonly key: string
  readonly schema: Schema.Encoder<unknown>
  /** Makes the answer when it is not kept yet; a failure (a locked item, 404) is never kept. */
  readonly make: Effect.Effect<A, E>
}

/** An ETag without the content version it was made from: language, plan level, the bytes' digest, the coding. */
const withoutVersion = (etag: string) => etag.trim().replace(/^(W\/)?"[^"]{8}-/, '"')

/**
 * Whether the copy a client names is of the same bytes, made from an earlier content version: a
 * new seed changes every answer's ETag, but a device that keeps the answers (the offline download)
 * is sent only those whose bytes changed; a 304 gives it the current ETag.
 */
export const sameBytes = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(",").some((tag) => withoutVersion(tag) === withoutVersion(etag)) === true

export class ContentCache extends Context.Service<
  ContentCache,
  {
    readonly answer: <A, E>(
      request: ContentRequest<A, E>,
    ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, HttpServerRequest.HttpServerRequest>
    /** The answer as the API encodes it (its JSON text), kept the same way: what a drawn page embeds. */
    readonly encoded: <A, E>(request: ContentRequest<A, E>) => Effect.Effect<string, E>
    /** How many answers are kept and their bytes (all forms), for the bench and tests. */
    readonly size: Effect.Effect<{ readonly answers: number; readonly bytes: number }>
  }
>()("jingluo/server/ContentCache") {
  static readonly layer = Layer.effect(
    ContentCache,
    Effect.gen(function* () {
      const content = yield* Content
      const entries = new Map<string, Entry>()
      let entriesVersion = ""

      const store = (
        key: string,
        version: string,
        language: string,
        level: PlanLevel,
        value: unknown,
        schema: Schema.Encoder<unknown>,
      ) =>
        Effect.map(Effect.orDie(Schema.encodeUnknownEffect(schema)(value)), (encoded) => {
          const identity = Buffer.from(JSON.stringify(encoded))
          const digest = createHash("sha256").update(identity).digest("base64url").slice(0, 16)
          const entry: Entry = {
            identity,
            etag: `${version.slice(0, 8)}-${language}-${level}-${digest}`,
            br: undefined,
            gzip: undefined,
          }
          entries.set(key, entry)
          return entry
        })

      /** The compressed form, made once off the main thread the first time a client takes it. */
      const compressed = (entry: Entry, coding: "br" | "gzip") =>
        entry[coding] !== undefined
          ? Effect.succeed(entry[coding])
          : Effect.map(
              Effect.promise(() => compressCached[coding](entry.identity)),
              (bytes) => (entry[coding] = bytes),
            )

      /** The kept answer, made when it is not kept yet (the cache starts afresh with each content version). */
      const entryOf = <A, E>(wanted: ContentRequest<A, E>) =>
        Effect.gen(function* () {
          const version = yield* content.version
          if (version !== entriesVersion) {
            entries.clear()
            entriesVersion = version
          }
          const key = `${wanted.language}|${wanted.level}|${wanted.key}`
          return (
            entries.get(key) ??
            (yield* Effect.flatMap(wanted.make, (value) =>
              store(key, version, wanted.language, wanted.level, value, wanted.schema),
            ))
          )
        })

      const decoder = new TextDecoder()
      const encoded = <A, E>(wanted: ContentRequest<A, E>) =>
        Effect.map(entryOf(wanted), (entry) => decoder.decode(entry.identity))

      const answer = <A, E>(wanted: ContentRequest<A, E>) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const entry = yield* entryOf(wanted)
          const coding =
            entry.identity.length >= COMPRESS_MIN_BYTES
              ? negotiateCoding(request.headers["accept-encoding"])
              : "identity"
          const etag = `"${entry.etag}${coding === "identity" ? "" : `-${coding === "br" ? "br" : "gz"}`}"`
          const headers: Record<string, string> = {
            ETag: etag,
            Vary: CONTENT_VARY,
            "Cache-Control": CONTENT_CACHE_CONTROL,
          }
          if (
            matchesEtag(request.headers["if-none-match"], [etag]) ||
            sameBytes(request.headers["if-none-match"], etag)
          )
            return HttpServerResponse.empty({ status: 304, headers })
          if (coding === "identity")
            return HttpServerResponse.uint8Array(entry.identity, { contentType: "application/json", headers })
          const body = yield* compressed(entry, coding)
          return HttpServerResponse.uint8Array(body, {
            contentType: "application/json",
            headers: { ...headers, "Content-Encoding": coding },
          })
        })

      const size = Effect.sync(() => {
        let bytes = 0
        for (const entry of entries.values())
          bytes += entry.identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0)
        return { answers: entries.size, bytes }
      })

      return ContentCache.of({ answer, encoded, size })
    }),
  )
}

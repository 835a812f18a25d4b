// The sitemap and robots.txt as the server sends them. The sitemap is made from the Content service
// as a visitor sees it, once per content version, and kept in memory with its entity tag and, the
// first time a client takes them, its brotli and gzip forms (made off the main thread).
import { createHash } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { VISITOR } from "../../src/domain/content/permissions.ts"
import { DEFAULT_LANGUAGE } from "../../src/domain/shared/locales.ts"
import { Content } from "../content/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { compressCached } from "../platform/http/compression.ts"
import { robotsTxt, sitemapXml, sitePaths } from "./site-map.ts"

/** A document the server keeps: its bytes, the tag that names them, and its compressed forms on demand. */
export interface SiteDocument {
  readonly body: Uint8Array
  readonly etag: string
  readonly encoded: (coding: "br" | "gzip") => Effect.Effect<Uint8Array>
}

const documentOf = (text: string): SiteDocument => {
  const body = Buffer.from(text)
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`
  const codings: { br?: Uint8Array; gzip?: Uint8Array } = {}
  return {
    body,
    etag,
    encoded: (coding) =>
      codings[coding] !== undefined
        ? Effect.succeed(codings[coding])
        : Effect.map(
            Effect.promise(() => compressCached[coding](body)),
            (bytes) => (codings[coding] = bytes),
          ),
  }
}

export class SiteDocuments extends Context.Service<
  SiteDocuments,
  {
    /** sitemap.xml for the current content version. */
    readonly sitemap: Effect.Effect<SiteDocument>
    readonly robots: SiteDocument
  }
>()("jingluo/server/SiteDocuments") {
  static readonly layer = Layer.effect(
    SiteDocuments,
    Effect.gen(function* () {
      const content = yield* Content
      const { appOrigin } = yield* ServerConfig
      // Addresses are the same in every language: the language comes from a cookie, not the path.
      const visitor = { viewer: VISITOR, language: DEFAULT_LANGUAGE }

      const make = Effect.gen(function* () {
        const [index, categories, bodyAreas, bookPages, snapshot] = yield* Effect.all([
          content.channelIndex(visitor),
          content.categoryList(visitor),
          content.bodyAreaList(visitor),
          content.staticMenus(visitor),
          content.snapshot,
        ])
        const paths = sitePaths({
          bookPages: bookPages.map((p) => p.slug),
          channels: index.channels.map((c) => c.slug),
          vessels: index.vessels.map((v) => v.slug),
          categories: categories.map((c) => c.slug),
          bodyAreas: bodyAreas.map((a) => a.slug),
          // A visitor's calls name a locked channel's points and the extra points by count only, yet
          // each has a page that names it; its address is as public as its code.
          points: snapshot.briefs.map((p) => p.slug),
        })
        return documentOf(sitemapXml(appOrigin, paths))
      })

      let kept: { readonly version: string; readonly document: SiteDocument } | undefined
      const sitemap = Effect.gen(function* () {
        const version = yield* content.version
        if (kept?.version === version) return kept.document
        const document = yield* make
        kept = { version, document }
        return document
      }).pipe(Effect.withSpan("SiteDocuments.sitemap"))

      return SiteDocuments.of({ sitemap, robots: documentOf(robotsTxt(appOrigin)) })
    }),
  )
}

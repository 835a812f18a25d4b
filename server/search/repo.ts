// Reads for search: the points' public facts (for the all-points index, once per content version)
// and the two full-text queries over `search_documents` — rank the points by the texts the caller
// may open and the names of the others, then mark the matches in the texts of the points on the
// page the caller may open. Also writes the index for the seed.
// SQL and decode failures are defects.
import { Context, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { Localized } from "../../src/domain/content/content-schema.ts"
import { PREGNANCY_LEVELS } from "../../src/domain/content/point-safety.ts"
import { MARK_END, MARK_START } from "../../src/domain/search/snippets.ts"
import type { SearchDocument } from "./documents.ts"

/** The public facts of a point: enough to name it and to know whether it is free. */
export const PointFacts = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  channel_code: Schema.NullOr(Schema.String),
  free: Schema.Boolean,
  pinyin: Schema.String,
  hanzi: Schema.Struct({ traditional: Schema.String, simplified: Schema.String }),
  name: Localized,
  altCodes: Schema.Array(Schema.String),
  /** What the safety filters read of its flags: its pregnancy level and how many organs lie beneath. */
  pregnancy: Schema.Literals(PREGNANCY_LEVELS),
  organsBeneath: Schema.Int,
})
export type PointFacts = typeof PointFacts.Type

export const ChannelFacts = Schema.Struct({ code: Schema.String, slug: Schema.String })
export type ChannelFacts = typeof ChannelFacts.Type

/** The points and channels in listing order (channels in order, their points, then the extra points). */
export interface SearchCatalogue {
  readonly version: string
  readonly points: ReadonlyArray<PointFacts>
  readonly channels: ReadonlyArray<ChannelFacts>
}

const RankedRow = Schema.Struct({
  code: Schema.String,
  rank: Schema.Number,
  exact: Schema.Boolean,
  total: Schema.Number,
  /** How many of the matches (all pages) the caller may not open, the exact point aside. */
  locked: Schema.Number,
})
export type RankedRow = typeof RankedRow.Type

const MarkedRow = Schema.Struct({
  point_code: Schema.String,
  field: Schema.String,
  position: Schema.Number,
  marked: Schema.String,
})
export type MarkedRow = typeof MarkedRow.Type

/** One full-text query: the text for `to_tsquery` in the caller's language, and the filters. */
export interface TextQuery {
  readonly language: string
  /** The caller's language's configuration; untranslated texts are matched with English. */
  readonly config: string
  readonly query: string
  /** "terms": `query` is to_tsquery text of letters and digits; "phrase": a point code to find as written. */
  readonly kind: "terms" | "phrase"
  readonly field: string
  readonly channelCode: string
  readonly pointCode: string
  /**
   * The points whose texts the caller may search: "all" for Pro, else their codes. Of any other
   * point only the name line (pinyin, characters, name: its public facts) is matched, so a locked
   * text changes nothing in an answer — not its total, not its order, not its pages.
   */
  readonly open: "all" | ReadonlyArray<string>
  /** Points never listed nor counted (the safety filters' leaving out); empty for none. */
  readonly leftOut: ReadonlyArray<string>
}

const ENGLISH = "jingluo_english"
/** ts_headline marks every match in the whole text; the window is cut afterwards, in the domain. */
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel="${MARK_START}", StopSel="${MARK_END}"`
/** Rows per INSERT when the index is written. */
const WRITE_BATCH = 1500

const decodeAll =
  <S extends Schema.Decoder<unknown>>(schema: S) =>
  <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
    query.pipe(Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(schema))), Effect.orDie) as Effect.Effect<
      ReadonlyArray<S["Type"]>
    >

export class SearchRepo extends Context.Service<
  SearchRepo,
  {
    /** Every point's public facts and the channels, decoded once per content version. */
    readonly catalogue: Effect.Effect<SearchCatalogue>
    /**
     * Points whose texts match, `limit` from `offset`: `exactCode` (if any) first even when no text
     * of it matches, then the points the caller may open, best first, then the others (matched by
     * their names alone), best first. `total` is the number of points that match, `locked` how many
     * of them, the exact one aside, the caller may not open.
     */
    readonly rank: (
      query: TextQuery,
      exactCode: string,
      limit: number,
      offset: number,
    ) => Effect.Effect<ReadonlyArray<RankedRow>>
    /** The matching texts of the given points with their matches marked, best first per point. */
    readonly marked: (query: TextQuery, codes: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<MarkedRow>>
  }
>()("jingluo/server/SearchRepo") {
  static readonly layer = Layer.effect(
    SearchRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const currentVersion = sql<{ value: string }>`SELECT value FROM content_meta WHERE key = 'content_version'`.pipe(
        Effect.map((rows) => rows[0]?.value ?? ""),
        Effect.orDie,
      )
      const allPoints = decodeAll(PointFacts)(sql`
        SELECT p.code, p.slug, p.channel_code, p.free, p.data->>'pinyin' AS pinyin, p.data->'hanzi' AS hanzi,
               p.data->'name' AS name, p.data->'altCodes' AS "altCodes",
               COALESCE(p.data->'safety'->'pregnancy'->>'level', 'none') AS pregnancy,
               COALESCE(jsonb_array_length(p.data->'safety'->'organsBeneath'), 0)::int AS "organsBeneath"
        FROM points p LEFT JOIN channels c ON c.code = p.channel_code
        ORDER BY p.kind DESC, c.position NULLS LAST, p.position`)
      const allChannels = decodeAll(ChannelFacts)(sql`SELECT code, slug FROM channels ORDER BY position`)
      let cached: SearchCatalogue | undefined
      const catalogue = Effect.gen(function* () {
        const version = yield* currentVersion
        if (cached?.version === version) return cached
        const [points, channels] = yield* Effect.all([allPoints, allChannels], { concurrency: 1 })
        cached = { version, points, channels }
        return cached
      })

      const rank: SearchRepo["Service"]["rank"] = (q, exactCode, limit, offset) =>
        decodeAll(RankedRow)(sql`
          WITH query AS (
            SELECT CASE WHEN ${q.kind} = 'phrase' THEN phraseto_tsquery(${q.config}::regconfig, ${q.query})
                        ELSE to_tsquery(${q.config}::regconfig, ${q.query}) END AS own,
                   CASE WHEN ${q.kind} = 'phrase' THEN phraseto_tsquery(${ENGLISH}::regconfig, ${q.query})
                        ELSE to_tsquery(${ENGLISH}::regconfig, ${q.query}) END AS english
          ),
          matches AS (
            SELECT d.point_code,
                   ts_rank_cd(d.document, CASE WHEN d.config = ${q.config}::regconfig THEN query.own ELSE query.english END) AS rank
            FROM search_documents d CROSS JOIN query
            WHERE d.language = ${q.language}
              AND ((d.config = ${q.config}::regconfig AND d.document @@ query.own)
                OR (d.config <> ${q.config}::regconfig AND d.document @@ query.english))
              AND (${q.field} = '' OR d.field = ${q.field})
              AND (${q.open === "all"}::boolean OR d.field = 'point_name'
                OR d.point_code = ANY(string_to_array(${q.open === "all" ? "" : q.open.join(",")}, ',')))
          ),
          scored AS (SELECT point_code, sum(rank) AS rank FROM matches GROUP BY point_code),
          found AS (
            SELECT p.code, p.kind, p.position, c.position AS channel_position, COALESCE(s.rank, 0)::float8 AS rank,
                   (p.code = ${exactCode}) AS exact,
                   (${q.open === "all"}::boolean
                     OR p.code = ANY(string_to_array(${q.open === "all" ? "" : q.open.join(",")}, ','))) AS openable
            FROM points p
              LEFT JOIN scored s ON s.point_code = p.code
              LEFT JOIN channels c ON c.code = p.channel_code
            WHERE (s.point_code IS NOT NULL OR p.code = ${exactCode})
              AND (${q.channelCode} = '' OR p.channel_code = ${q.channelCode})
              AND (${q.pointCode} = '' OR p.code = ${q.pointCode})
              AND NOT (p.code = ANY(string_to_array(${q.leftOut.join(",")}, ',')))
          )
          SELECT code, rank, exact, (count(*) OVER ())::int AS total,
                 (count(*) FILTER (WHERE NOT openable AND NOT exact) OVER ())::int AS locked
          FROM found
          ORDER BY exact DESC, openable DESC, rank DESC, kind DESC, channel_position NULLS LAST, position
          LIMIT ${limit} OFFSET ${offset}`)

      const marked: SearchRepo["Service"]["marked"] = (q, codes) =>
        codes.length === 0
          ? Effect.succeed([])
          : decodeAll(MarkedRow)(sql`
          WITH query AS (
            SELECT CASE WHEN ${q.kind} = 'phrase' THEN phraseto_tsquery(${q.config}::regconfig, ${q.query})
                        ELSE to_tsquery(${q.config}::regconfig, ${q.query}) END AS own,
                   CASE WHEN ${q.kind} = 'phrase' THEN phraseto_tsquery(${ENGLISH}::regconfig, ${q.query})
                        ELSE to_tsquery(${ENGLISH}::regconfig, ${q.query}) END AS english
          ),
          hits AS (
            SELECT d.point_code, d.field, d.position, d.config, d.body,
                   CASE WHEN d.config = ${q.config}::regconfig THEN query.own ELSE query.english END AS tsq,
                   d.document
            FROM search_documents d CROSS JOIN query
            WHERE d.language = ${q.language}
              AND d.point_code = ANY(string_to_array(${codes.join(",")}, ','))
              AND ((d.config = ${q.config}::regconfig AND d.document @@ query.own)
                OR (d.config <> ${q.config}::regconfig AND d.document @@ query.english))
              AND (${q.field} = '' OR d.field = ${q.field})
          )
          SELECT point_code, field, position, ts_headline(config, body, tsq, ${HEADLINE_OPTIONS}) AS marked
          FROM hits
          ORDER BY point_code, ts_rank_cd(document, tsq) DESC, field, position`)

      return SearchRepo.of({ catalogue, rank, marked })
    }),
  )
}

/** Replaces the whole index with `rows` (inside the seed's transaction). */
export const writeSearchIndex = (rows: ReadonlyArray<SearchDocument>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM search_documents`
    for (let start = 0; start < rows.length; start += WRITE_BATCH) {
      const batch = JSON.stringify(rows.slice(start, start + WRITE_BATCH))
      yield* sql`
        INSERT INTO search_documents (language, point_code, field, position, config, weight, body)
        SELECT r.language, r.point_code, r.field, r.position, r.config::regconfig, r.weight::"char", r.body
        FROM jsonb_to_recordset(${batch}::jsonb)
          AS r(language text, point_code text, field text, position integer, config text, weight text, body text)`
    }
  })

// Reads the seeded knowledge base. Rows carry their `free` flag and the JSON they were seeded
// from; the Content service decides what a caller may see.
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import {
  BodyArea,
  Category,
  ChannelFile,
  Localized,
  PageFile,
  Point,
  Vessel,
} from "../../src/domain/content/content-schema.ts"
import { ChannelTranslation, PointTranslation, VesselTranslation } from "../../src/domain/content/translation-schema.ts"
import { orDie } from "../platform/db/queries.ts"

/** The German and Spanish texts the seed put beside the English in a row's data. */
const Translations = <S extends Schema.Top>(overlay: S) =>
  Schema.optionalKey(Schema.Struct({ de: Schema.optionalKey(overlay), es: Schema.optionalKey(overlay) }))

const ExtraPoint = Point.mapFields((f) => ({
  ...f,
  region: Schema.optionalKey(Schema.String),
  translations: Translations(PointTranslation),
  /** The glossary's labels of the organs, vessels and nerves its safety flags name, by id. */
  safetyLabels: Schema.Record(Schema.String, Localized),
}))
const ChannelHeader = ChannelFile.mapFields(({ points: _points, ...rest }) => ({
  ...rest,
  translations: Translations(ChannelTranslation),
}))
const CategoryHeader = Category.mapFields(({ members: _members, ...rest }) => rest)

/** Just enough of a point to list it. */
export const PointBrief = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  channel_code: Schema.NullOr(Schema.String),
  kind: Schema.Literals(["standard", "extra"]),
  position: Schema.Number,
  free: Schema.Boolean,
  pinyin: Schema.String,
  hanzi: Schema.String,
  name: Localized,
  region: Schema.NullOr(Schema.String),
})
export type PointBrief = typeof PointBrief.Type

export const ChannelRow = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  position: Schema.Number,
  free: Schema.Boolean,
  data: ChannelHeader,
})
export type ChannelRow = typeof ChannelRow.Type
export const PointRow = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  channel_code: Schema.NullOr(Schema.String),
  kind: Schema.Literals(["standard", "extra"]),
  position: Schema.Number,
  free: Schema.Boolean,
  data: ExtraPoint,
})
export type PointRow = typeof PointRow.Type
/** A content item keyed by id: its slug, place in order, free flag and seeded JSON. */
const itemRow = <D extends Schema.Top>(data: D) =>
  Schema.Struct({ id: Schema.String, slug: Schema.String, position: Schema.Number, free: Schema.Boolean, data })

export const CategoryRow = itemRow(CategoryHeader)
export type CategoryRow = typeof CategoryRow.Type
export const MemberRow = Schema.Struct({
  category_id: Schema.String,
  point_code: Schema.String,
  position: Schema.Number,
  role: Schema.NullOr(Localized),
  phase: Schema.NullOr(Schema.String),
})
export type MemberRow = typeof MemberRow.Type
export const BodyAreaRow = itemRow(BodyArea)
export type BodyAreaRow = typeof BodyAreaRow.Type
export const AreaPointRow = Schema.Struct({ body_area_id: Schema.String, point_code: Schema.String })
export const VesselRow = itemRow(Vessel.mapFields((f) => ({ ...f, translations: Translations(VesselTranslation) })))
export type VesselRow = typeof VesselRow.Type
export const PageRow = Schema.Struct({
  slug: Schema.String,
  position: Schema.Number,
  free: Schema.Boolean,
  data: PageFile,
})
export type PageRow = typeof PageRow.Type

/** Every content row, decoded once per content version, with the indexes the views need. */
export interface ContentSnapshot {
  readonly version: string
  readonly channels: ReadonlyArray<ChannelRow>
  readonly channelByCode: ReadonlyMap<string, ChannelRow>
  readonly channelBySlug: ReadonlyMap<string, ChannelRow>
  readonly briefs: ReadonlyArray<PointBrief>
  readonly briefByCode: ReadonlyMap<string, PointBrief>
  readonly pointBySlug: ReadonlyMap<string, PointRow>
  readonly categories: ReadonlyArray<CategoryRow>
  readonly categoryBySlug: ReadonlyMap<string, CategoryRow>
  readonly members: ReadonlyArray<MemberRow>
  readonly bodyAreas: ReadonlyArray<BodyAreaRow>
  readonly bodyAreaBySlug: ReadonlyMap<string, BodyAreaRow>
  readonly areaPoints: ReadonlyArray<typeof AreaPointRow.Type>
  readonly vessels: ReadonlyArray<VesselRow>
  readonly vesselBySlug: ReadonlyMap<string, VesselRow>
  readonly pages: ReadonlyArray<PageRow>
  readonly pageBySlug: ReadonlyMap<string, PageRow>
}

/** How long a process trusts the content version it read last (a seed changes it, once per deploy). */
export const VERSION_RECHECK_MS = 5_000

export class ContentRepo extends Context.Service<
  ContentRepo,
  {
    /**
     * The whole knowledge base as of the stored content version. Content only changes with a seed,
     * so each process decodes it once per version and checks the version on every call.
     */
    readonly snapshot: Effect.Effect<ContentSnapshot>
    /**
     * The stored content version, read again at most every `VERSION_RECHECK_MS`: a content answer
     * costs no database round trip, and a seed by another process is seen within that time.
     */
    readonly version: Effect.Effect<string>
  }
>()("jingluo/server/ContentRepo") {
  static readonly layer = Layer.effect(
    ContentRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      /** Every row of a query, decoded with `Result`. */
      const all = <S extends Schema.Top & { readonly DecodingServices: never }>(
        Result: S,
        execute: () => Effect.Effect<ReadonlyArray<unknown>, unknown>,
      ) => orDie(SqlSchema.findAll({ Request: Schema.Void, Result, execute }))()
      const allChannels = all(
        ChannelRow,
        () => sql`SELECT code, slug, position, free, data FROM channels ORDER BY position`,
      )
      const allBriefs = all(
        PointBrief,
        () => sql`
          SELECT p.code, p.slug, p.channel_code, p.kind, p.position, p.free, p.data->>'pinyin' AS pinyin,
                 p.data->'hanzi'->>'traditional' AS hanzi, p.data->'name' AS name, p.data->>'region' AS region
          FROM points p LEFT JOIN channels c ON c.code = p.channel_code
          ORDER BY p.kind DESC, c.position NULLS LAST, p.position`,
      )
      const allPoints = all(
        PointRow,
        () => sql`SELECT code, slug, channel_code, kind, position, free, data FROM points`,
      )
      const allCategories = all(
        CategoryRow,
        () => sql`SELECT id, slug, position, free, data FROM categories ORDER BY position`,
      )
      const allMembers = all(
        MemberRow,
        () => sql`
          SELECT category_id, point_code, position, data->'role' AS role, data->>'phase' AS phase
          FROM category_points ORDER BY category_id, position`,
      )
      const allAreas = all(
        BodyAreaRow,
        () => sql`SELECT id, slug, position, free, data FROM body_areas ORDER BY position`,
      )
      const allAreaPoints = all(AreaPointRow, () => sql`SELECT body_area_id, point_code FROM body_area_points`)
      const allVessels = all(VesselRow, () => sql`SELECT id, slug, position, free, data FROM vessels ORDER BY position`)
      const allPages = all(PageRow, () => sql`SELECT slug, position, free, data FROM pages ORDER BY position`)
      const bySlug = <A extends { readonly slug: string }>(rows: ReadonlyArray<A>) =>
        new Map(rows.map((r) => [r.slug, r]))

      const currentVersion = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Void,
          Result: Schema.Struct({ value: Schema.String }),
          execute: () => sql`SELECT value FROM content_meta WHERE key = 'content_version'`,
        }),
      )().pipe(Effect.map(Option.match({ onNone: () => "", onSome: (row) => row.value })))
      const build = (version: string) =>
        Effect.gen(function* () {
          const [c, b, fullPoints, cat, m, a, ap, v, pg] = yield* Effect.all(
            [
              allChannels,
              allBriefs,
              allPoints,
              allCategories,
              allMembers,
              allAreas,
              allAreaPoints,
              allVessels,
              allPages,
            ],
            { concurrency: 1 },
          )
          return {
            version,
            channels: c,
            channelByCode: new Map(c.map((row) => [row.code, row])),
            channelBySlug: bySlug(c),
            briefs: b,
            briefByCode: new Map(b.map((row) => [row.code, row])),
            pointBySlug: bySlug(fullPoints),
            categories: cat,
            categoryBySlug: bySlug(cat),
            members: m,
            bodyAreas: a,
            bodyAreaBySlug: bySlug(a),
            areaPoints: ap,
            vessels: v,
            vesselBySlug: bySlug(v),
            pages: pg,
            pageBySlug: bySlug(pg),
          } satisfies ContentSnapshot
        })
      let known: { readonly version: string; readonly readAt: number } | undefined
      const version = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        if (known !== undefined && now - known.readAt >= 0 && now - known.readAt < VERSION_RECHECK_MS)
          return known.version
        const value = yield* currentVersion
        known = { version: value, readAt: now }
        return value
      })
      let cached: ContentSnapshot | undefined
      const snapshot = Effect.gen(function* () {
        const current = yield* version
        if (cached?.version === current) return cached
        cached = yield* build(current)
        return cached
      })

      return ContentRepo.of({ snapshot, version })
    }),
  )
}

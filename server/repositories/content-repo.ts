// Reads the seeded knowledge base. Rows carry their `free` flag and the JSON they were seeded
// from; the Content service decides what a caller may see.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import {
  BodyArea,
  Category,
  ChannelFile,
  Localized,
  PageFile,
  Point,
  Vessel,
} from "../../src/domain/content/content-schema.ts"

const ExtraPoint = Point.mapFields((f) => ({ ...f, region: Schema.optionalKey(Schema.String) }))
const ChannelHeader = ChannelFile.mapFields(({ points: _points, ...rest }) => rest)
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
export const CategoryRow = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  position: Schema.Number,
  free: Schema.Boolean,
  data: CategoryHeader,
})
export type CategoryRow = typeof CategoryRow.Type
export const MemberRow = Schema.Struct({
  category_id: Schema.String,
  point_code: Schema.String,
  position: Schema.Number,
  role: Schema.NullOr(Localized),
  phase: Schema.NullOr(Schema.String),
})
export type MemberRow = typeof MemberRow.Type
export const BodyAreaRow = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  position: Schema.Number,
  free: Schema.Boolean,
  data: BodyArea,
})
export type BodyAreaRow = typeof BodyAreaRow.Type
export const AreaPointRow = Schema.Struct({ body_area_id: Schema.String, point_code: Schema.String })
export const VesselRow = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  position: Schema.Number,
  free: Schema.Boolean,
  data: Vessel,
})
export type VesselRow = typeof VesselRow.Type
export const PageRow = Schema.Struct({
  slug: Schema.String,
  position: Schema.Number,
  free: Schema.Boolean,
  data: PageFile,
})
export type PageRow = typeof PageRow.Type

const decodeAll =
  <S extends Schema.Decoder<unknown>>(schema: S) =>
  <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
    query.pipe(Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(schema))), Effect.orDie) as Effect.Effect<
      ReadonlyArray<S["Type"]>
    >

const first = <A>(rows: Effect.Effect<ReadonlyArray<A>>) => Effect.map(rows, (r) => Option.fromNullishOr(r[0]))

export class ContentRepo extends Context.Service<
  ContentRepo,
  {
    readonly channels: Effect.Effect<ReadonlyArray<ChannelRow>>
    readonly channelBySlug: (slug: string) => Effect.Effect<Option.Option<ChannelRow>>
    readonly channelsByCode: (codes: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ChannelRow>>
    readonly pointBriefs: Effect.Effect<ReadonlyArray<PointBrief>>
    readonly pointBySlug: (slug: string) => Effect.Effect<Option.Option<PointRow>>
    readonly categories: Effect.Effect<ReadonlyArray<CategoryRow>>
    readonly categoryBySlug: (slug: string) => Effect.Effect<Option.Option<CategoryRow>>
    readonly members: Effect.Effect<ReadonlyArray<MemberRow>>
    readonly bodyAreas: Effect.Effect<ReadonlyArray<BodyAreaRow>>
    readonly bodyAreaBySlug: (slug: string) => Effect.Effect<Option.Option<BodyAreaRow>>
    readonly areaPoints: Effect.Effect<ReadonlyArray<typeof AreaPointRow.Type>>
    readonly vessels: Effect.Effect<ReadonlyArray<VesselRow>>
    readonly vesselBySlug: (slug: string) => Effect.Effect<Option.Option<VesselRow>>
    readonly pages: Effect.Effect<ReadonlyArray<PageRow>>
    readonly pageBySlug: (slug: string) => Effect.Effect<Option.Option<PageRow>>
  }
>()("jingluo/server/ContentRepo") {
  static readonly layer = Layer.effect(
    ContentRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const channels = decodeAll(ChannelRow)
      const points = decodeAll(PointRow)
      const categories = decodeAll(CategoryRow)
      const areas = decodeAll(BodyAreaRow)
      const vessels = decodeAll(VesselRow)
      const pages = decodeAll(PageRow)
      return ContentRepo.of({
        channels: channels(sql`SELECT code, slug, position, free, data FROM channels ORDER BY position`),
        channelBySlug: (slug) =>
          first(channels(sql`SELECT code, slug, position, free, data FROM channels WHERE slug = ${slug}`)),
        channelsByCode: (codes) =>
          codes.length === 0
            ? Effect.succeed([])
            : channels(
                sql`SELECT code, slug, position, free, data FROM channels WHERE code IN ${sql.in(codes)} ORDER BY position`,
              ),
        pointBriefs: decodeAll(PointBrief)(sql`
          SELECT p.code, p.slug, p.channel_code, p.kind, p.position, p.free, p.data->>'pinyin' AS pinyin,
                 p.data->'hanzi'->>'traditional' AS hanzi, p.data->'name' AS name, p.data->>'region' AS region
          FROM points p LEFT JOIN channels c ON c.code = p.channel_code
          ORDER BY p.kind DESC, c.position NULLS LAST, p.position`),
        pointBySlug: (slug) =>
          first(
            points(sql`SELECT code, slug, channel_code, kind, position, free, data FROM points WHERE slug = ${slug}`),
          ),
        categories: categories(sql`SELECT id, slug, position, free, data FROM categories ORDER BY position`),
        categoryBySlug: (slug) =>
          first(categories(sql`SELECT id, slug, position, free, data FROM categories WHERE slug = ${slug}`)),
        members: decodeAll(MemberRow)(sql`
          SELECT category_id, point_code, position, data->'role' AS role, data->>'phase' AS phase
          FROM category_points ORDER BY category_id, position`),
        bodyAreas: areas(sql`SELECT id, slug, position, free, data FROM body_areas ORDER BY position`),
        bodyAreaBySlug: (slug) =>
          first(areas(sql`SELECT id, slug, position, free, data FROM body_areas WHERE slug = ${slug}`)),
        areaPoints: decodeAll(AreaPointRow)(sql`SELECT body_area_id, point_code FROM body_area_points`),
        vessels: vessels(sql`SELECT id, slug, position, free, data FROM vessels ORDER BY position`),
        vesselBySlug: (slug) =>
          first(vessels(sql`SELECT id, slug, position, free, data FROM vessels WHERE slug = ${slug}`)),
        pages: pages(sql`SELECT slug, position, free, data FROM pages ORDER BY position`),
        pageBySlug: (slug) => first(pages(sql`SELECT slug, position, free, data FROM pages WHERE slug = ${slug}`)),
      })
    }),
  )
}

// Loads content/ into the database. Runs on every start; does nothing when the stored content
// version equals the files' digest (which covers the translations too). Otherwise it upserts every
// item by its content id and removes items that left the files, in one transaction, without
// touching user data. A point's, channel's or vessel's German and Spanish texts travel in its
// row's `data.translations` ({ de?, es? }), and the labels of a point's safety flags in its
// `data.safetyLabels` (from the glossary), so one row read serves every language.
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Point } from "../../src/domain/content/content-schema.ts"
import { pointOverlayOf } from "../../src/domain/content/localize-content.ts"
import { safetyLabelsOf } from "../../src/domain/content/point-safety.ts"
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from "../../src/domain/content/translation-schema.ts"
import { seedSearchIndex } from "../search/seed.ts"
import { CONTENT_DIR, type Content, contentVersion, loadContent } from "./load-content.ts"

const VERSION_KEY = "content_version"

/**
 * How the seed lays out its rows. Raised whenever that changes, so a database seeded by an older
 * build from the very same files is seeded again (2: the translations in each row's data; 3: the
 * labels of a point's safety flags in its data).
 */
export const SEED_FORMAT = 3

/** What the seed stores as the content version: the files' digest and the row layout. */
export const seededVersion = (dir: string = CONTENT_DIR) => `${contentVersion(dir)}.${SEED_FORMAT}`

type Row = { readonly key: string; readonly cols: Record<string, unknown> }

/** Upserts rows keyed by `keyColumn` and deletes rows whose key is no longer present. */
const sync = (sql: SqlClient.SqlClient, table: string, keyColumn: string, rows: ReadonlyArray<Row>) =>
  Effect.gen(function* () {
    const existing = yield* sql.unsafe<{ key: string }>(`SELECT ${keyColumn} AS key FROM ${table}`)
    const wanted = new Set(rows.map((r) => r.key))
    for (const { key } of existing) {
      if (!wanted.has(key)) yield* sql.unsafe(`DELETE FROM ${table} WHERE ${keyColumn} = $1`, [key])
    }
    for (const row of rows) {
      const columns = Object.keys(row.cols)
      const names = [keyColumn, ...columns]
      const values = [row.key, ...columns.map((c) => row.cols[c])]
      const placeholders = names.map((name, i) => (name === "data" ? `$${i + 1}::jsonb` : `$${i + 1}`))
      const updates = columns.map((c) => `${c} = EXCLUDED.${c}`).join(", ")
      yield* sql.unsafe(
        `INSERT INTO ${table} (${names.join(", ")}) VALUES (${placeholders.join(", ")})
         ON CONFLICT (${keyColumn}) DO UPDATE SET ${updates}`,
        values,
      )
    }
  })

const json = (value: unknown) => JSON.stringify(value)

/** `{ de, es }` of the languages that have a translation of the item. */
const byLanguage = <A>(find: (language: TranslatedLanguage) => A | undefined): Partial<Record<TranslatedLanguage, A>> =>
  Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((language) => {
      const found = find(language)
      return found === undefined ? [] : [[language, found]]
    }),
  )

export const applyContent = (content: Content) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const free = content.access.free
    const freeChannels = new Set<string>(free.channels)

    yield* sync(
      sql,
      "channels",
      "code",
      content.channels.map((channel, position) => {
        const { points: _points, ...data } = channel
        const translations = byLanguage((language) => content.translations[language].channels[channel.code]?.channel)
        return {
          key: channel.code,
          cols: {
            slug: channel.slug,
            position,
            free: freeChannels.has(channel.code),
            data: json({ ...data, translations }),
          },
        }
      }),
    )

    const pointData = (point: Point) =>
      json({
        ...point,
        translations: byLanguage((language) => pointOverlayOf(content.translations[language], point.code)),
        safetyLabels: safetyLabelsOf(point.safety, content.glossary),
      })
    const pointRows: Array<Row> = []
    for (const channel of content.channels) {
      for (const [position, point] of channel.points.entries()) {
        pointRows.push({
          key: point.code,
          cols: {
            slug: point.slug,
            channel_code: channel.code,
            kind: "standard",
            position,
            free: freeChannels.has(channel.code),
            data: pointData(point),
          },
        })
      }
    }
    for (const [position, point] of content.extraPoints.entries()) {
      pointRows.push({
        key: point.code,
        cols: { slug: point.slug, channel_code: null, kind: "extra", position, free: false, data: pointData(point) },
      })
    }
    // Quotes refer to points: clear them first so a point that left the files can be deleted.
    yield* sql`DELETE FROM quotes`
    yield* sync(sql, "points", "code", pointRows)

    yield* sync(
      sql,
      "vessels",
      "id",
      content.vessels.map((v, position) => ({
        key: v.id,
        cols: {
          slug: v.slug,
          position,
          free: (free.vessels as ReadonlyArray<string>).includes(v.id),
          data: json({ ...v, translations: byLanguage((language) => content.translations[language].vessels[v.id]) }),
        },
      })),
    )

    yield* sync(
      sql,
      "categories",
      "id",
      content.categories.map((c, position) => {
        const { members: _members, ...data } = c
        return { key: c.id, cols: { slug: c.slug, position, free: free.categories.includes(c.id), data: json(data) } }
      }),
    )
    yield* sql`DELETE FROM category_points`
    for (const category of content.categories) {
      for (const [position, member] of category.members.entries()) {
        yield* sql`INSERT INTO category_points (category_id, point_code, position, data)
                   VALUES (${category.id}, ${member.point}, ${position}, ${json(member)}::jsonb)`
      }
    }

    yield* sync(
      sql,
      "body_areas",
      "id",
      content.bodyAreas.map((a, position) => ({
        key: a.id,
        cols: { slug: a.slug, position, free: (free.bodyAreas as ReadonlyArray<string>).includes(a.id), data: json(a) },
      })),
    )
    yield* sql`DELETE FROM body_area_points`
    const allPoints = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
    for (const point of allPoints) {
      for (const area of new Set(point.bodyAreas)) {
        yield* sql`INSERT INTO body_area_points (body_area_id, point_code) VALUES (${area}, ${point.code})`
      }
    }

    for (const [position, quote] of content.quotes.entries()) {
      yield* sql`INSERT INTO quotes (id, position, point_code, data) VALUES (${quote.id}, ${position}, ${quote.point}, ${json(quote)}::jsonb)`
    }

    yield* sync(
      sql,
      "pages",
      "slug",
      content.pages.map((p, position) => ({
        key: p.slug,
        cols: { position, free: free.pages.includes(p.slug), data: json(p) },
      })),
    )
  })

/** The content tables; the content it applied, or undefined when they were up to date. */
const seedTables = Effect.fnUntraced(function* (dir: string) {
  const sql = yield* SqlClient.SqlClient
  const version = seededVersion(dir)
  const stored = yield* sql<{ value: string }>`SELECT value FROM content_meta WHERE key = ${VERSION_KEY}`
  if (stored[0]?.value === version) return undefined
  const content = loadContent(dir)
  yield* sql.withTransaction(
    Effect.gen(function* () {
      yield* applyContent(content)
      yield* sql`INSERT INTO content_meta (key, value) VALUES (${VERSION_KEY}, ${version})
                 ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`
    }),
  )
  return content
})

/** Seeds when the files changed since the last seed, and the search index with them; returns whether it did. */
export const seedContent = Effect.fn("seedContent")(function* (dir: string = CONTENT_DIR) {
  const seeded = yield* seedTables(dir)
  const indexed = yield* seedSearchIndex(dir, seeded ? { content: seeded } : {})
  if (seeded === undefined && !indexed) return false
  // Planner statistics for what was just written: PGlite runs no autovacuum, and without them the
  // planner takes every table for nearly empty (a search read all 5 500 texts of its language).
  yield* (yield* SqlClient.SqlClient)`ANALYZE`
  return true
})

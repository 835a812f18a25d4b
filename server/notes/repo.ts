// Notes on points in SQL: the point's public facts (in the caller's language), the caller's plan,
// and the note rows. Every write names the version it replaces, so a note changed meanwhile is
// never overwritten (the statement matches nothing and the service answers a conflict). SQL and
// decoding failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Note, NoteListItem } from "../../src/domain/notes/note.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"

export const NotePoint = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  free: Schema.Boolean,
})
export type NotePoint = typeof NotePoint.Type

const NoteRow = Schema.Struct({
  point: Schema.String,
  text: Schema.String,
  version: Schema.Number,
  updatedAt: Schema.String,
})
const ListRow = Schema.Struct({
  ...NoteRow.fields,
  slug: Schema.String,
  pinyin: Schema.String,
  name: Schema.String,
  free: Schema.Boolean,
})
const PlanRow = Schema.Struct({ plan_id: Schema.Number })

const decodePoints = Schema.decodeUnknownEffect(Schema.Array(NotePoint))
const decodeNotes = Schema.decodeUnknownEffect(Schema.Array(NoteRow))
const decodeList = Schema.decodeUnknownEffect(Schema.Array(ListRow))
const decodePlans = Schema.decodeUnknownEffect(Schema.Array(PlanRow))

/** The list row with the caller's permission instead of the point's free flag. */
export type NoteListRow = typeof ListRow.Type

const first = <A>(rows: ReadonlyArray<A>): Option.Option<A> => Option.fromNullishOr(rows[0])

export class NotesRepo extends Context.Service<
  NotesRepo,
  {
    readonly point: (code: string) => Effect.Effect<Option.Option<NotePoint>>
    /** The user's plan id; None for an unknown user. */
    readonly planOf: (userId: number) => Effect.Effect<Option.Option<number>>
    readonly find: (userId: number, point: string) => Effect.Effect<Option.Option<Note>>
    /** Stores the text where the stored version is `version` (null: no note yet); None when it is not. */
    readonly write: (
      userId: number,
      point: string,
      text: string,
      version: number | null,
    ) => Effect.Effect<Option.Option<Note>>
    /** Deletes the note where the stored version is `version`; false when another version is stored. */
    readonly remove: (userId: number, point: string, version: number) => Effect.Effect<boolean>
    /** The user's notes on points that exist (or on one point), newest first. */
    readonly list: (
      userId: number,
      language: SelectableLanguage,
      point: string | null,
    ) => Effect.Effect<ReadonlyArray<NoteListRow>>
  }
>()("jingluo/server/NotesRepo") {
  static readonly layer = Layer.effect(
    NotesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const iso = (column: string) =>
        sql.literal(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
      const noteColumns = sql.literal(
        `point_code AS point, body AS text, version, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`,
      )
      return NotesRepo.of({
        point: (code) =>
          sql`SELECT code, slug, free FROM points WHERE code = ${code}`.pipe(
            Effect.flatMap(decodePoints),
            Effect.map(first),
            Effect.orDie,
          ),
        planOf: (userId) =>
          sql`SELECT plan_id FROM users WHERE id = ${userId}`.pipe(
            Effect.flatMap(decodePlans),
            Effect.map((rows) => first(rows).pipe(Option.map((row) => row.plan_id))),
            Effect.orDie,
          ),
        find: (userId, point) =>
          sql`SELECT ${noteColumns} FROM point_notes WHERE user_id = ${userId} AND point_code = ${point}`.pipe(
            Effect.flatMap(decodeNotes),
            Effect.map(first),
            Effect.orDie,
          ),
        write: (userId, point, text, version) =>
          (version === null
            ? sql`
                INSERT INTO point_notes (user_id, point_code, body) VALUES (${userId}, ${point}, ${text})
                ON CONFLICT (user_id, point_code) DO NOTHING
                RETURNING ${noteColumns}`
            : sql`
                UPDATE point_notes SET body = ${text}, version = nextval('point_note_versions'), updated_at = now()
                WHERE user_id = ${userId} AND point_code = ${point} AND version = ${version}
                RETURNING ${noteColumns}`
          ).pipe(Effect.flatMap(decodeNotes), Effect.map(first), Effect.orDie),
        remove: (userId, point, version) =>
          sql`
            DELETE FROM point_notes WHERE user_id = ${userId} AND point_code = ${point} AND version = ${version}
            RETURNING point_code`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        list: (userId, language, point) =>
          sql`
            SELECT n.point_code AS point, n.body AS text, n.version, ${iso("n.updated_at")} AS "updatedAt",
                   p.slug, p.data->>'pinyin' AS pinyin,
                   COALESCE(NULLIF(p.data->'name'->>${language}, ''), p.data->'name'->>'en') AS name, p.free
            FROM point_notes n JOIN points p ON p.code = n.point_code
            WHERE n.user_id = ${userId} ${point === null ? sql`` : sql`AND n.point_code = ${point}`}
            ORDER BY n.updated_at DESC, n.version DESC`.pipe(Effect.flatMap(decodeList), Effect.orDie),
      })
    }),
  )
}

export const toListItem = (row: NoteListRow, permission: boolean): NoteListItem => {
  const { free: _free, ...item } = row
  return { ...item, permission }
}

// Point groups in the database: a learner's groups with their points (joined with the knowledge
// base for slug, pinyin, names and the free flag), and the changes to them. Every query that
// names a group or a mapping also names its owner, so another learner's id finds nothing.
// Duplicates are the database's rule (UNIQUE group_id, point_code). A learner's creations take turns
// (a transaction-scoped advisory lock per learner), so the group limit holds under parallel
// requests. SQL and decoding failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"

const LocalizedName = Schema.Struct({
  en: Schema.String,
  de: Schema.optionalKey(Schema.String),
  es: Schema.optionalKey(Schema.String),
})

const GroupRow = Schema.Struct({ id: Schema.Number, name: Schema.String })
export type GroupRow = typeof GroupRow.Type

const GroupPointRow = Schema.Struct({
  group_id: Schema.Number,
  mapping_id: Schema.Number,
  code: Schema.String,
  slug: Schema.String,
  free: Schema.Boolean,
  pinyin: Schema.String,
  name: LocalizedName,
})
export type GroupPointRow = typeof GroupPointRow.Type

const ContentPointRow = Schema.Struct({ code: Schema.String, free: Schema.Boolean })
export type ContentPointRow = typeof ContentPointRow.Type

const decodeGroups = Schema.decodeUnknownEffect(Schema.Array(GroupRow))
const decodePoints = Schema.decodeUnknownEffect(Schema.Array(GroupPointRow))
const decodeContentPoints = Schema.decodeUnknownEffect(Schema.Array(ContentPointRow))
/** The first key of the advisory locks that make one learner's group creations take turns. */
const GROUP_CREATION_LOCK = 7_304_113
const decodeIds = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ group_id: Schema.Number })))

export class GroupsRepo extends Context.Service<
  GroupsRepo,
  {
    /** The learner's groups, oldest first. */
    readonly groups: (userId: number) => Effect.Effect<ReadonlyArray<GroupRow>>
    /** The learner's group; none for anyone else's or an unknown id. */
    readonly group: (userId: number, groupId: number) => Effect.Effect<Option.Option<GroupRow>>
    /** The points of these groups, each group's in the order they were added. */
    readonly points: (groupIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<GroupPointRow>>
    /** A new group, unless the learner already keeps `max`: then none. */
    readonly insertWithin: (userId: number, name: string, max: number) => Effect.Effect<Option.Option<GroupRow>>
    /** False when the group is not the learner's. */
    readonly rename: (userId: number, groupId: number, name: string) => Effect.Effect<boolean>
    /** False when the group is not the learner's. */
    readonly remove: (userId: number, groupId: number) => Effect.Effect<boolean>
    /** Adds each code not in the group yet, in order; answers how many were new. */
    readonly addPoints: (groupId: number, codes: ReadonlyArray<string>) => Effect.Effect<number>
    /** Removes a mapping of one of the learner's groups; answers its group, none when it is not theirs. */
    readonly removeMapping: (userId: number, mappingId: number) => Effect.Effect<Option.Option<number>>
    /** A point of the knowledge base by its code. */
    readonly contentPoint: (code: string) => Effect.Effect<Option.Option<ContentPointRow>>
    /** The points of a channel by the channel's code, in their order along it (empty: no such channel). */
    readonly channelPoints: (channelCode: string) => Effect.Effect<ReadonlyArray<ContentPointRow>>
  }
>()("jingluo/server/GroupsRepo") {
  static readonly layer = Layer.effect(
    GroupsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const groupsOf = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        query.pipe(Effect.flatMap(decodeGroups), Effect.orDie)
      return GroupsRepo.of({
        groups: (userId) => groupsOf(sql`SELECT id, name FROM point_groups WHERE user_id = ${userId} ORDER BY id`),
        group: (userId, groupId) =>
          groupsOf(sql`SELECT id, name FROM point_groups WHERE id = ${groupId} AND user_id = ${userId}`).pipe(
            Effect.map((rows) => Option.fromNullishOr(rows[0])),
          ),
        points: (groupIds) =>
          groupIds.length === 0
            ? Effect.succeed([])
            : sql`
                SELECT m.group_id, m.id AS mapping_id, p.code, p.slug, p.free, p.data->>'pinyin' AS pinyin,
                       p.data->'name' AS name
                FROM point_group_points m JOIN points p ON p.code = m.point_code
                WHERE m.group_id IN ${sql.in(groupIds)}
                ORDER BY m.group_id, m.id`.pipe(Effect.flatMap(decodePoints), Effect.orDie),
        insertWithin: (userId, name, max) =>
          // The count is read after the lock, in a statement of its own: it sees every creation
          // that took the lock before (one statement alone would count from a snapshot taken earlier).
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql`SELECT pg_advisory_xact_lock(${GROUP_CREATION_LOCK}, ${userId})`
                return yield* groupsOf(sql`
                  INSERT INTO point_groups (user_id, name)
                  SELECT ${userId}, ${name}
                  WHERE (SELECT count(*) FROM point_groups WHERE user_id = ${userId}) < ${max}
                  RETURNING id, name`)
              }),
            )
            .pipe(
              Effect.map((rows) => Option.fromNullishOr(rows[0])),
              Effect.orDie,
            ),
        rename: (userId, groupId, name) =>
          groupsOf(sql`
            UPDATE point_groups SET name = ${name}, updated_at = now()
            WHERE id = ${groupId} AND user_id = ${userId} RETURNING id, name`).pipe(
            Effect.map((rows) => rows.length > 0),
          ),
        remove: (userId, groupId) =>
          groupsOf(sql`DELETE FROM point_groups WHERE id = ${groupId} AND user_id = ${userId} RETURNING id, name`).pipe(
            Effect.map((rows) => rows.length > 0),
          ),
        addPoints: (groupId, codes) =>
          sql
            .withTransaction(
              Effect.forEach(codes, (code) =>
                sql`
                  INSERT INTO point_group_points (group_id, point_code) VALUES (${groupId}, ${code})
                  ON CONFLICT (group_id, point_code) DO NOTHING RETURNING id`.pipe(Effect.map((rows) => rows.length)),
              ).pipe(Effect.map((counts) => counts.reduce((sum, n) => sum + n, 0))),
            )
            .pipe(Effect.orDie),
        removeMapping: (userId, mappingId) =>
          sql`
            DELETE FROM point_group_points m USING point_groups g
            WHERE m.id = ${mappingId} AND g.id = m.group_id AND g.user_id = ${userId}
            RETURNING m.group_id`.pipe(
            Effect.flatMap(decodeIds),
            Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (row) => row.group_id)),
            Effect.orDie,
          ),
        contentPoint: (code) =>
          sql`SELECT code, free FROM points WHERE code = ${code}`.pipe(
            Effect.flatMap(decodeContentPoints),
            Effect.map((rows) => Option.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        channelPoints: (channelCode) =>
          sql`SELECT code, free FROM points WHERE channel_code = ${channelCode} ORDER BY position`.pipe(
            Effect.flatMap(decodeContentPoints),
            Effect.orDie,
          ),
      })
    }),
  )
}

// The learner's app review in SQL: one row per learner, replaced on every save. SQL and decoding
// failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { AppReview } from "../../src/domain/feedback/app-review.ts"

const decodeReviews = Schema.decodeUnknownEffect(Schema.Array(AppReview))

export interface StoredReview {
  readonly rating: number
  readonly comment: string
  readonly improve: string
  readonly language: string
}

export class FeedbackRepo extends Context.Service<
  FeedbackRepo,
  {
    readonly find: (userId: number) => Effect.Effect<Option.Option<AppReview>>
    readonly store: (userId: number, review: StoredReview) => Effect.Effect<AppReview>
  }
>()("jingluo/server/FeedbackRepo") {
  static readonly layer = Layer.effect(
    FeedbackRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal(
        `rating, comment, improve, language, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`,
      )
      return FeedbackRepo.of({
        find: (userId) =>
          sql`SELECT ${columns} FROM app_reviews WHERE user_id = ${userId}`.pipe(
            Effect.flatMap(decodeReviews),
            Effect.map((rows) => Option.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        store: (userId, r) =>
          sql`
            INSERT INTO app_reviews (user_id, rating, comment, improve, language)
            VALUES (${userId}, ${r.rating}, ${r.comment}, ${r.improve}, ${r.language})
            ON CONFLICT (user_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment,
              improve = EXCLUDED.improve, language = EXCLUDED.language, updated_at = now()
            RETURNING ${columns}`.pipe(
            Effect.flatMap(decodeReviews),
            Effect.flatMap((rows) =>
              rows[0] ? Effect.succeed(rows[0]) : Effect.die(new Error("app review not stored")),
            ),
            Effect.orDie,
          ),
      })
    }),
  )
}

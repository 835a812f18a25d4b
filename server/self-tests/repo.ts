// Self-tests in the database: each test with its stored questions and clock (epoch milliseconds
// from the server's clock), its answers, the finished tests as history, and the review queue's
// FSRS cards. One running test per learner and type is the database's rule (migration 0005).
// SQL and decoding failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import { GivenAnswer, Question } from "../../src/domain/self-tests/question.ts"
import type { StoredCard } from "./review-scheduler.ts"

export const TestRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  type: Schema.String,
  difficulty: Schema.Number,
  questions: Schema.Array(Question),
  total: Schema.Number,
  started_at: Schema.Number,
  duration_ms: Schema.NullOr(Schema.Number),
  extensions: Schema.Number,
  extra_time_ms: Schema.Number,
  finished_at: Schema.NullOr(Schema.Number),
  expired: Schema.NullOr(Schema.Boolean),
  score: Schema.NullOr(Schema.Number),
  answered: Schema.NullOr(Schema.Number),
  time_used_ms: Schema.NullOr(Schema.Number),
  review_queued: Schema.NullOr(Schema.Number),
  /** The point group a point-group test asks about. */
  group_id: Schema.NullOr(Schema.Number),
  /** The finished test this one repeats. */
  repeat_of: Schema.NullOr(Schema.String),
})
export type TestRow = typeof TestRow.Type

const AnswerRow = Schema.Struct({ question: Schema.Number, answer: GivenAnswer, answered_at: Schema.Number })
export type AnswerRow = typeof AnswerRow.Type

const CardRow = Schema.Struct({
  point_code: Schema.String,
  card: Schema.Struct({
    due: Schema.Number,
    stability: Schema.Number,
    difficulty: Schema.Number,
    elapsed_days: Schema.Number,
    scheduled_days: Schema.Number,
    learning_steps: Schema.Number,
    reps: Schema.Number,
    lapses: Schema.Number,
    state: Schema.Number,
    last_review: Schema.NullOr(Schema.Number),
  }),
})

const decodeTests = Schema.decodeUnknownEffect(Schema.Array(TestRow))
const decodeAnswers = Schema.decodeUnknownEffect(Schema.Array(AnswerRow))
const decodeCards = Schema.decodeUnknownEffect(Schema.Array(CardRow))
const encodeQuestions = Schema.encodeSync(Schema.Array(Question))
const encodeAnswer = Schema.encodeSync(GivenAnswer)

export interface NewTest {
  readonly id: string
  readonly userId: number
  readonly type: string
  readonly difficulty: number
  readonly questions: ReadonlyArray<Question>
  readonly startedAt: number
  readonly durationMs: number | null
  readonly extraTimeMs: number
  readonly repeatOf: string | null
  readonly groupId: number | null
}

export interface FinishedTest {
  readonly finishedAt: number
  readonly expired: boolean
  readonly score: number
  readonly answered: number
  readonly timeUsedMs: number
  readonly reviewQueued: number
}

export class TestsRepo extends Context.Service<
  TestsRepo,
  {
    /** Runs `effect` in one database transaction (a defect rolls it back). */
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    /** None when the learner already has a running test of this type. */
    readonly insert: (test: NewTest) => Effect.Effect<Option.Option<TestRow>>
    /** The learner's own test; none for anyone else's or an unknown id. */
    readonly find: (userId: number, id: string) => Effect.Effect<Option.Option<TestRow>>
    /** The running test of this type (and group: one per group, null for none). */
    readonly findRunning: (
      userId: number,
      type: string,
      groupId: number | null,
    ) => Effect.Effect<Option.Option<TestRow>>
    readonly running: (userId: number) => Effect.Effect<ReadonlyArray<TestRow>>
    readonly answers: (testId: string) => Effect.Effect<ReadonlyArray<AnswerRow>>
    readonly saveAnswer: (testId: string, question: number, answer: GivenAnswer, at: number) => Effect.Effect<void>
    /** One more "more time", only if the count is still `extensions` and the test runs; false otherwise. */
    readonly extend: (testId: string, extensions: number) => Effect.Effect<boolean>
    /** Records the end of a running test; false when it had already ended. */
    readonly finish: (testId: string, result: FinishedTest) => Effect.Effect<boolean>
    /** Removes a running test unscored; false when it was not running. */
    readonly discard: (testId: string) => Effect.Effect<boolean>
    /** Finished tests, newest first; of one type or all. */
    readonly history: (userId: number, type: string | null) => Effect.Effect<ReadonlyArray<TestRow>>
    readonly finishedTimes: (userId: number) => Effect.Effect<ReadonlyArray<number>>
    readonly cards: (userId: number, points: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, StoredCard>>
    readonly storeCard: (userId: number, point: string, card: StoredCard, now: number) => Effect.Effect<void>
    /** Points due at `now`, the most overdue first. */
    readonly duePoints: (userId: number, now: number) => Effect.Effect<ReadonlyArray<string>>
    readonly queued: (userId: number) => Effect.Effect<number>
  }
>()("jingluo/server/TestsRepo") {
  static readonly layer = Layer.effect(
    TestsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // bigint columns come back as strings from PostgreSQL: read them as float8 numbers.
      const columns = sql`
        id::text AS id, user_id, type, difficulty, questions, total, started_at::float8 AS started_at,
        duration_ms, extensions, extra_time_ms, finished_at::float8 AS finished_at, expired, score, answered,
        time_used_ms, review_queued, group_id, repeat_of::text AS repeat_of`
      const many = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        query.pipe(Effect.flatMap(decodeTests), Effect.orDie)
      const one = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        many(query).pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))
      const changed = <E, R>(query: Effect.Effect<ReadonlyArray<unknown>, E, R>) =>
        query.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        )
      const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

      return TestsRepo.of({
        transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          sql.withTransaction(effect).pipe(
            Effect.catchIf(
              (error): error is SqlError.SqlError => SqlError.isSqlError(error),
              (error) => Effect.die(error),
            ),
          ) as Effect.Effect<A, E, R>,
        insert: (test) =>
          one(sql`
            INSERT INTO self_tests (id, user_id, type, difficulty, questions, total, started_at, duration_ms,
                                    extra_time_ms, repeat_of, group_id)
            VALUES (${test.id}::uuid, ${test.userId}, ${test.type}, ${test.difficulty},
                    ${JSON.stringify(encodeQuestions(test.questions))}::jsonb, ${test.questions.length},
                    ${test.startedAt}, ${test.durationMs}, ${test.extraTimeMs}, ${test.repeatOf}::uuid,
                    ${test.groupId})
            ON CONFLICT (user_id, type, (coalesce(group_id, 0))) WHERE finished_at IS NULL DO NOTHING
            RETURNING ${columns}`),
        find: (userId, id) =>
          isUuid(id)
            ? one(sql`SELECT ${columns} FROM self_tests WHERE id = ${id}::uuid AND user_id = ${userId}`)
            : Effect.succeed(Option.none()),
        findRunning: (userId, type, groupId) =>
          one(sql`
            SELECT ${columns} FROM self_tests
            WHERE user_id = ${userId} AND type = ${type} AND coalesce(group_id, 0) = ${groupId ?? 0}
              AND finished_at IS NULL`),
        running: (userId) =>
          many(sql`SELECT ${columns} FROM self_tests WHERE user_id = ${userId} AND finished_at IS NULL`),
        answers: (testId) =>
          sql`
            SELECT question, answer, answered_at::float8 AS answered_at FROM self_test_answers
            WHERE test_id = ${testId}::uuid ORDER BY question`.pipe(Effect.flatMap(decodeAnswers), Effect.orDie),
        saveAnswer: (testId, question, answer, at) =>
          sql`
            INSERT INTO self_test_answers (test_id, question, answer, answered_at)
            VALUES (${testId}::uuid, ${question}, ${JSON.stringify(encodeAnswer(answer))}::jsonb, ${at})
            ON CONFLICT (test_id, question) DO UPDATE SET answer = EXCLUDED.answer, answered_at = EXCLUDED.answered_at`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        extend: (testId, extensions) =>
          changed(sql`
            UPDATE self_tests SET extensions = extensions + 1
            WHERE id = ${testId}::uuid AND extensions = ${extensions} AND finished_at IS NULL
            RETURNING id`),
        finish: (testId, r) =>
          changed(sql`
            UPDATE self_tests SET finished_at = ${r.finishedAt}, expired = ${r.expired}, score = ${r.score},
                   answered = ${r.answered}, time_used_ms = ${r.timeUsedMs}, review_queued = ${r.reviewQueued}
            WHERE id = ${testId}::uuid AND finished_at IS NULL
            RETURNING id`),
        discard: (testId) =>
          changed(sql`DELETE FROM self_tests WHERE id = ${testId}::uuid AND finished_at IS NULL RETURNING id`),
        history: (userId, type) =>
          many(
            type === null
              ? sql`SELECT ${columns} FROM self_tests WHERE user_id = ${userId} AND finished_at IS NOT NULL
                    ORDER BY finished_at DESC`
              : sql`SELECT ${columns} FROM self_tests WHERE user_id = ${userId} AND type = ${type}
                    AND finished_at IS NOT NULL ORDER BY finished_at DESC`,
          ),
        finishedTimes: (userId) =>
          sql<{ finished_at: number }>`
            SELECT finished_at::float8 AS finished_at FROM self_tests
            WHERE user_id = ${userId} AND finished_at IS NOT NULL`.pipe(
            Effect.map((rows) => rows.map((r) => Number(r.finished_at))),
            Effect.orDie,
          ),
        cards: (userId, points) =>
          points.length === 0
            ? Effect.succeed(new Map())
            : sql`
                SELECT point_code, card FROM review_cards
                WHERE user_id = ${userId} AND point_code IN ${sql.in(points)}`.pipe(
                Effect.flatMap(decodeCards),
                Effect.map((rows) => new Map(rows.map((r) => [r.point_code, r.card]))),
                Effect.orDie,
              ),
        storeCard: (userId, point, card, now) =>
          sql`
            INSERT INTO review_cards (user_id, point_code, due, card, updated_at)
            VALUES (${userId}, ${point}, ${card.due}, ${JSON.stringify(card)}::jsonb, ${now})
            ON CONFLICT (user_id, point_code) DO UPDATE SET due = EXCLUDED.due, card = EXCLUDED.card,
              updated_at = EXCLUDED.updated_at`.pipe(Effect.asVoid, Effect.orDie),
        duePoints: (userId, now) =>
          sql<{ point_code: string }>`
            SELECT point_code FROM review_cards WHERE user_id = ${userId} AND due <= ${now}
            ORDER BY due, point_code`.pipe(
            Effect.map((rows) => rows.map((r) => r.point_code)),
            Effect.orDie,
          ),
        queued: (userId) =>
          sql<{ count: number }>`SELECT count(*)::int AS count FROM review_cards WHERE user_id = ${userId}`.pipe(
            Effect.map((rows) => Number(rows[0]?.count ?? 0)),
            Effect.orDie,
          ),
      })
    }),
  )
}

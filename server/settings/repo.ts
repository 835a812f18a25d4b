// The learner's settings: show notes and promotional e-mails live on the user row (the signed-in
// record and the dashboard read them there), the rest in `user_settings`, whose absent row (or a
// NULL column) means the default (§9; the video settings' own). SQL and decoding failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { DEFAULT_USER_SETTINGS, UserSettings } from "../../src/domain/account/user-settings.ts"

const SettingsRow = Schema.Struct({
  show_notes: Schema.Boolean,
  promotional_emails: Schema.Boolean,
  test_duration: Schema.NullOr(Schema.Number),
  test_limit: Schema.NullOr(Schema.Number),
  test_difficulty: Schema.NullOr(Schema.Number),
  test_all_points: Schema.NullOr(Schema.Boolean),
  test_timed: Schema.NullOr(Schema.Boolean),
  test_extra_time: Schema.NullOr(Schema.Number),
  test_leave_out_pregnancy: Schema.NullOr(Schema.Boolean),
  continuous_play: Schema.NullOr(Schema.Boolean),
  video_captions: Schema.NullOr(Schema.Boolean),
  video_caption_language: Schema.NullOr(Schema.String),
  video_speed: Schema.NullOr(Schema.Number),
  video_reduced_motion: Schema.NullOr(Schema.String),
})
const decodeRows = Schema.decodeUnknownEffect(Schema.Array(SettingsRow))
const decodeSettings = Schema.decodeUnknownEffect(UserSettings)

export class SettingsRepo extends Context.Service<
  SettingsRepo,
  {
    /** None for an unknown user. */
    readonly find: (userId: number) => Effect.Effect<Option.Option<UserSettings>>
    /** Stores every field. */
    readonly store: (userId: number, settings: UserSettings) => Effect.Effect<void>
  }
>()("jingluo/server/SettingsRepo") {
  static readonly layer = Layer.effect(
    SettingsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const d = DEFAULT_USER_SETTINGS
      return SettingsRepo.of({
        find: (userId) =>
          sql`
            SELECT u.show_notes, u.promotional_emails, s.test_duration, s.test_limit, s.test_difficulty,
                   s.test_all_points, s.test_timed, s.test_extra_time, s.test_leave_out_pregnancy,
                   s.continuous_play, s.video_captions, s.video_caption_language, s.video_speed, s.video_reduced_motion
            FROM users u LEFT JOIN user_settings s ON s.user_id = u.id
            WHERE u.id = ${userId}`.pipe(
            Effect.flatMap(decodeRows),
            Effect.flatMap((rows) => {
              const row = rows[0]
              if (row === undefined) return Effect.succeed(Option.none())
              return decodeSettings({
                showNotes: row.show_notes,
                promotionalEmails: row.promotional_emails,
                testDuration: row.test_duration ?? d.testDuration,
                testLimit: row.test_limit ?? d.testLimit,
                testDifficulty: row.test_difficulty ?? d.testDifficulty,
                testAllPoints: row.test_all_points ?? d.testAllPoints,
                testTimed: row.test_timed ?? d.testTimed,
                testExtraTime: row.test_extra_time ?? d.testExtraTime,
                testLeaveOutPregnancy: row.test_leave_out_pregnancy ?? d.testLeaveOutPregnancy,
                continousPlay: row.continuous_play ?? d.continousPlay,
                videoCaptions: row.video_captions ?? d.videoCaptions,
                videoCaptionLanguage: row.video_caption_language ?? d.videoCaptionLanguage,
                videoSpeed: row.video_speed ?? d.videoSpeed,
                videoReducedMotion: row.video_reduced_motion ?? d.videoReducedMotion,
              }).pipe(Effect.map(Option.some))
            }),
            Effect.orDie,
          ),
        store: (userId, s) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql`
                  UPDATE users SET show_notes = ${s.showNotes}, promotional_emails = ${s.promotionalEmails},
                         updated_at = now()
                  WHERE id = ${userId}`
                yield* sql`
                  INSERT INTO user_settings (user_id, test_duration, test_limit, test_difficulty, test_all_points,
                                             test_timed, test_extra_time, test_leave_out_pregnancy,
                                             continuous_play, video_captions,
                                             video_caption_language, video_speed, video_reduced_motion, updated_at)
                  VALUES (${userId}, ${s.testDuration}, ${s.testLimit}, ${s.testDifficulty}, ${s.testAllPoints},
                          ${s.testTimed}, ${s.testExtraTime}, ${s.testLeaveOutPregnancy},
                          ${s.continousPlay}, ${s.videoCaptions},
                          ${s.videoCaptionLanguage}, ${s.videoSpeed}, ${s.videoReducedMotion}, now())
                  ON CONFLICT (user_id) DO UPDATE SET
                    test_duration = EXCLUDED.test_duration, test_limit = EXCLUDED.test_limit,
                    test_difficulty = EXCLUDED.test_difficulty, test_all_points = EXCLUDED.test_all_points,
                    test_timed = EXCLUDED.test_timed, test_extra_time = EXCLUDED.test_extra_time,
                    test_leave_out_pregnancy = EXCLUDED.test_leave_out_pregnancy,
                    continuous_play = EXCLUDED.continuous_play, video_captions = EXCLUDED.video_captions,
                    video_caption_language = EXCLUDED.video_caption_language, video_speed = EXCLUDED.video_speed,
                    video_reduced_motion = EXCLUDED.video_reduced_motion, updated_at = now()`
              }),
            )
            .pipe(Effect.orDie),
      })
    }),
  )
}

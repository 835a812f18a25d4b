// The learner's review of the app (§2 support, §7): read, and saved over the previous one with the
// language of the request. The improve-comment is kept only with a low rating, so a review raised
// to five stars does not carry an old complaint. The payload was decoded by the contract's Schema.
import { Context, Effect, Layer, Option } from "effect"
import { type AppReviewAnswer, isLowRating, type SaveAppReviewPayload } from "../../src/domain/feedback/app-review.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { FeedbackRepo } from "./repo.ts"

export class Feedback extends Context.Service<
  Feedback,
  {
    readonly get: (userId: number) => Effect.Effect<AppReviewAnswer>
    readonly save: (
      userId: number,
      language: SelectableLanguage,
      payload: SaveAppReviewPayload,
    ) => Effect.Effect<AppReviewAnswer>
  }
>()("jingluo/server/Feedback") {
  static readonly layer = Layer.effect(
    Feedback,
    Effect.gen(function* () {
      const repo = yield* FeedbackRepo
      const get = Effect.fn("Feedback.get")(function* (userId: number) {
        return { review: Option.getOrNull(yield* repo.find(userId)) }
      })
      const save = Effect.fn("Feedback.save")(function* (
        userId: number,
        language: SelectableLanguage,
        payload: SaveAppReviewPayload,
      ) {
        const review = yield* repo.store(userId, {
          rating: payload.rating,
          comment: (payload.comment ?? "").trim(),
          improve: isLowRating(payload.rating) ? (payload.improve ?? "").trim() : "",
          language,
        })
        return { review }
      })
      return Feedback.of({ get, save })
    }),
  )
}

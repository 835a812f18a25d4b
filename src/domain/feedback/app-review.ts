// The learner's review of the app (§2 support, §7 app review): a rating from 1 to 5, an optional
// comment, and for a low rating what we should improve (the improve-comment of §7). One review per
// learner, stored with the language they wrote it in; saving again changes it.
import { Schema } from "effect"
import { isPlainText } from "../shared/input-rules.ts"
import { type FieldErrors, MessageKey, validate } from "../shared/validation.ts"

export const RATING_MIN = 1
export const RATING_MAX = 5
/** A rating at or below this asks what to improve. */
export const LOW_RATING_MAX = 3
export const REVIEW_COMMENT_MAX_LENGTH = 2_000

export const REVIEW_MESSAGES = {
  rating: "validation.reviewRating",
  commentTooLong: "validation.reviewCommentTooLong",
} as const

export const RATINGS = [1, 2, 3, 4, 5] as const

export const Rating = Schema.Int.check(
  Schema.isBetween({ minimum: RATING_MIN, maximum: RATING_MAX }, { message: REVIEW_MESSAGES.rating }),
)

export const ReviewComment = Schema.String.check(
  Schema.isMaxLength(REVIEW_COMMENT_MAX_LENGTH, { message: REVIEW_MESSAGES.commentTooLong }),
  isPlainText({ lines: true }),
)

export const SaveAppReviewPayload = Schema.Struct({
  rating: Rating,
  comment: Schema.optionalKey(ReviewComment),
  /** What to improve; kept only with a low rating (at most LOW_RATING_MAX). */
  improve: Schema.optionalKey(ReviewComment),
})
export type SaveAppReviewPayload = typeof SaveAppReviewPayload.Type

export const AppReview = Schema.Struct({
  rating: Schema.Number,
  comment: Schema.String,
  improve: Schema.String,
  language: Schema.String,
  updatedAt: Schema.String,
})
export type AppReview = typeof AppReview.Type

export const AppReviewAnswer = Schema.Struct({ review: Schema.NullOr(AppReview) })
export type AppReviewAnswer = typeof AppReviewAnswer.Type

export const isLowRating = (rating: number): boolean => rating >= RATING_MIN && rating <= LOW_RATING_MAX

/** The form as typed; the rating is null until one is chosen. */
export interface AppReviewForm {
  readonly rating: number | null
  readonly comment: string
  readonly improve: string
}

export const EMPTY_REVIEW_FORM: AppReviewForm = { rating: null, comment: "", improve: "" }

export const toReviewForm = (review: AppReview | null): AppReviewForm =>
  review === null ? EMPTY_REVIEW_FORM : { rating: review.rating, comment: review.comment, improve: review.improve }

const validatePayload = validate(SaveAppReviewPayload)

/** The payload a form sends (comments trimmed; improve only with a low rating), or its field errors. */
export const validateReviewForm = (
  form: AppReviewForm,
):
  | { readonly _tag: "Valid"; readonly value: SaveAppReviewPayload }
  | { readonly _tag: "Invalid"; readonly errors: FieldErrors } => {
  const comment = form.comment.trim()
  const improve = form.rating !== null && isLowRating(form.rating) ? form.improve.trim() : ""
  const result = validatePayload({
    ...(form.rating === null ? {} : { rating: form.rating }),
    ...(comment === "" ? {} : { comment }),
    ...(improve === "" ? {} : { improve }),
  })
  if (result._tag === "Invalid" && result.errors.rating === MessageKey.required)
    return { _tag: "Invalid", errors: { ...result.errors, rating: REVIEW_MESSAGES.rating } }
  return result
}

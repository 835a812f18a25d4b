// The app review, every transition: loading (a stored review fills the form; a failure says so and
// retries), choosing stars, typing, a save refused at the fields before sending (no rating) and by
// the server (422), saved with the toast, a failure that keeps everything typed.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import {
  type AppReview,
  type AppReviewAnswer,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
  type SaveAppReviewPayload,
} from "../../../src/domain/feedback/app-review.ts"
import { Offline, ServerError, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { appReviewMachine } from "../../../src/machines/feedback/app-review-machine.ts"
import { controlledActor, flush } from "../search/controlled-actor.ts"

const review = (rating: number, improve = ""): AppReview => ({
  rating,
  comment: "Good",
  improve,
  language: "en",
  updatedAt: "2026-01-01T00:00:00.000Z",
})

const start = async (stored: AppReview | null = null) => {
  const loadReview = controlledActor<AppReviewAnswer, void>()
  const saveReview = controlledActor<AppReviewAnswer, SaveAppReviewPayload>()
  let toasts = 0
  const actor = createActor(
    appReviewMachine.provide({
      actors: { loadReview: loadReview.logic, saveReview: saveReview.logic },
      actions: { announceSaved: () => void toasts++ },
    }),
  )
  actor.start()
  loadReview.last().resolve({ review: stored })
  await flush()
  return { actor, loadReview, saveReview, toasts: () => toasts, context: () => actor.getSnapshot().context }
}

describe("app review machine", () => {
  it("starts empty without a stored review", async () => {
    const s = await start()
    expect(s.actor.getSnapshot().value).toBe("editing")
    expect(s.context().form).toEqual({ rating: null, comment: "", improve: "" })
  })

  it("fills the form from the stored review", async () => {
    const s = await start(review(2, "Charts"))
    expect(s.context().form).toEqual({ rating: 2, comment: "Good", improve: "Charts" })
    expect(s.context().stored?.rating).toBe(2)
  })

  it("says when loading fails and tries again", async () => {
    const loadReview = controlledActor<AppReviewAnswer, void>()
    const actor = createActor(appReviewMachine.provide({ actors: { loadReview: loadReview.logic } }))
    actor.start()
    loadReview.last().reject(new Offline())
    await flush()
    expect(actor.getSnapshot().value).toBe("loadFailed")
    expect(actor.getSnapshot().context.loadError).toBe("errors.offline")
    actor.send({ type: "review.retry" })
    expect(actor.getSnapshot().value).toBe("loading")
  })

  it("refuses to send without a rating, with a message at the stars", async () => {
    const s = await start()
    s.actor.send({ type: "review.save" })
    expect(s.actor.getSnapshot().value).toBe("editing")
    expect(s.context().errors).toEqual({ rating: REVIEW_MESSAGES.rating })
    expect(s.context().rejectedSubmits).toBe(1)
    expect(s.saveReview.calls).toHaveLength(0)
    s.actor.send({ type: "rating.select", rating: 4 })
    expect(s.context().errors).toEqual({})
  })

  it("refuses a comment over the limit before sending", async () => {
    const s = await start()
    s.actor.send({ type: "rating.select", rating: 4 })
    s.actor.send({ type: "field.change", field: "comment", value: "x".repeat(REVIEW_COMMENT_MAX_LENGTH + 1) })
    s.actor.send({ type: "review.save" })
    expect(s.context().errors).toEqual({ comment: REVIEW_MESSAGES.commentTooLong })
    s.actor.send({ type: "field.change", field: "comment", value: "short" })
    expect(s.context().errors).toEqual({})
  })

  it("sends a low rating with what to improve, trimmed, and toasts when saved", async () => {
    const s = await start()
    s.actor.send({ type: "rating.select", rating: 2 })
    s.actor.send({ type: "field.change", field: "comment", value: "  ok  " })
    s.actor.send({ type: "field.change", field: "improve", value: " More charts " })
    s.actor.send({ type: "review.save" })
    expect(s.actor.getSnapshot().value).toBe("saving")
    expect(s.saveReview.last().input).toEqual({ rating: 2, comment: "ok", improve: "More charts" })
    s.saveReview.last().resolve({ review: review(2, "More charts") })
    await flush()
    expect(s.actor.getSnapshot().value).toBe("editing")
    expect(s.toasts()).toBe(1)
    expect(s.context().stored?.improve).toBe("More charts")
  })

  it("leaves what to improve out of a high rating", async () => {
    const s = await start(review(2, "Charts"))
    s.actor.send({ type: "rating.select", rating: 5 })
    s.actor.send({ type: "review.save" })
    expect(s.saveReview.last().input).toEqual({ rating: 5, comment: "Good" })
  })

  it("shows the server's field messages and keeps what was typed", async () => {
    const s = await start()
    s.actor.send({ type: "rating.select", rating: 3 })
    s.actor.send({ type: "field.change", field: "improve", value: "typed" })
    s.actor.send({ type: "review.save" })
    s.saveReview.last().reject(new ValidationFailed({ message: "m", errors: { improve: "validation.invalid" } }))
    await flush()
    expect(s.context()).toMatchObject({
      errors: { improve: "validation.invalid" },
      saveError: "errors.checkFields",
      rejectedSubmits: 1,
      form: { rating: 3, comment: "", improve: "typed" },
    })
    expect(s.toasts()).toBe(0)
  })

  it("says a failed save and keeps what was typed", async () => {
    const s = await start()
    s.actor.send({ type: "rating.select", rating: 5 })
    s.actor.send({ type: "review.save" })
    s.saveReview.last().reject(new ServerError({ message: "x", correlationId: "c" }))
    await flush()
    expect(s.context()).toMatchObject({ saveError: "errors.generic", form: { rating: 5 } })
  })
})

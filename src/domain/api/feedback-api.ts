// §7 app review: `GET /api/get-app-review` (the learner's review, or null) and
// `POST /api/save-app-review` (rating 1–5, optional comment, what to improve for a low rating),
// stored with the learner's language. Signed-in learners only.
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { AppReviewAnswer, SaveAppReviewPayload } from "../feedback/app-review.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { Authentication } from "./middleware.ts"

export class FeedbackApi extends HttpApiGroup.make("feedback")
  .add(
    HttpApiEndpoint.get("get", "/get-app-review", { success: AppReviewAnswer }),
    HttpApiEndpoint.post("save", "/save-app-review", {
      payload: SaveAppReviewPayload,
      success: AppReviewAnswer,
      error: ValidationFailed,
    }),
  )
  .middleware(Authentication)
  .prefix("/api") {}

// Handlers of the "feedback" group: the signed-in learner's app review, read and saved with the
// request's language. The payload was decoded by the contract's Schema.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Feedback } from "./service.ts"

export const FeedbackHandlers = HttpApiBuilder.group(
  Api,
  "feedback",
  Effect.fn(function* (handlers) {
    const feedback = yield* Feedback
    return handlers
      .handle("get", () => Effect.flatMap(CurrentSession, (session) => feedback.get(session.userId)))
      .handle("save", ({ payload }) =>
        Effect.flatMap(Effect.all({ session: CurrentSession, language: requestLanguage }), ({ session, language }) =>
          feedback.save(session.userId, language, payload),
        ),
      )
  }),
)

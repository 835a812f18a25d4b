// Feedback: the support page's app review with its two calls (through the shared api actor, so the
// error catalogue of §8 applies) and the success toast.
import { Effect } from "effect"
import { Toasts } from "../infra/toasts.ts"
import { appReviewMachine } from "../machines/feedback/app-review-machine.ts"
import type { Wiring } from "./shared/wiring.ts"

export const wireFeedback = (w: Wiring) => {
  const { apiActor } = w
  return {
    machines: {
      feedback: {
        review: appReviewMachine.provide({
          actors: {
            loadReview: apiActor((client) => client.feedback.get()),
            saveReview: apiActor((client, payload) => client.feedback.save({ payload })),
          },
          actions: {
            announceSaved: () =>
              w.act(Effect.flatMap(Toasts, (toasts) => toasts.show("success", w.t("feedback:saved")))),
          },
        }),
      },
    },
  }
}

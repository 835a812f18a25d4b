// Handlers of the "tests" group: the learner (session and language) handed to the SelfTests service.
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession, Viewer } from "../../src/domain/api/middleware.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { type Learner, SelfTests } from "./service.ts"

const learner: Effect.Effect<Learner, never, CurrentSession | HttpServerRequest.HttpServerRequest> = Effect.gen(
  function* () {
    const session = yield* CurrentSession
    return { userId: session.userId, planId: session.planId, language: yield* requestLanguage }
  },
)

export const TestsHandlers = HttpApiBuilder.group(
  Api,
  "tests",
  Effect.fn(function* (handlers) {
    const tests = yield* SelfTests
    return handlers
      .handle("testTypes", () => Effect.flatMap(Viewer, ({ session }) => tests.testTypes(session)))
      .handle("activity", ({ query }) => Effect.flatMap(learner, (l) => tests.activity(l, query.offset ?? 0)))
      .handle("create", ({ payload }) => Effect.flatMap(learner, (l) => tests.create(l, payload)))
      .handle("addExtraTime", ({ payload }) => Effect.flatMap(learner, (l) => tests.addExtraTime(l, payload.testId)))
      .handle("saveAnswer", ({ payload }) => Effect.flatMap(learner, (l) => tests.saveAnswer(l, payload)))
      .handle("finish", ({ payload }) => Effect.flatMap(learner, (l) => tests.finish(l, payload.testId)))
      .handle("repeat", ({ payload }) => Effect.flatMap(learner, (l) => tests.repeat(l, payload.testId)))
      .handle("reset", ({ params }) => Effect.flatMap(learner, (l) => tests.reset(l, params.id)))
      .handle("scores", ({ params }) => Effect.flatMap(learner, (l) => tests.scores(l, params.id)))
      .handle("result", ({ params }) => Effect.flatMap(learner, (l) => tests.result(l, params.id)))
      .handle("overview", ({ params, query }) =>
        Effect.flatMap(learner, (l) => tests.overview(l, params.type, query.group)),
      )
      .handle("session", ({ params }) => Effect.flatMap(learner, (l) => tests.session(l, params.type, params.extra)))
  }),
)

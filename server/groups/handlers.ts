// Handlers of the "groups" group: the learner (session and language) handed to the Groups service.
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { type GroupLearner, Groups } from "./service.ts"

const learner: Effect.Effect<GroupLearner, never, CurrentSession | HttpServerRequest.HttpServerRequest> = Effect.gen(
  function* () {
    const session = yield* CurrentSession
    return { userId: session.userId, planId: session.planId, language: yield* requestLanguage }
  },
)

export const GroupsHandlers = HttpApiBuilder.group(
  Api,
  "groups",
  Effect.fn(function* (handlers) {
    const groups = yield* Groups
    return handlers
      .handle("list", () => Effect.flatMap(learner, (l) => groups.list(l)))
      .handle("create", ({ payload }) => Effect.flatMap(learner, (l) => groups.create(l, payload.name)))
      .handle("rename", ({ payload }) => Effect.flatMap(learner, (l) => groups.rename(l, payload)))
      .handle("remove", ({ params }) => Effect.flatMap(learner, (l) => groups.remove(l, params.id)))
      .handle("add", ({ payload }) => Effect.flatMap(learner, (l) => groups.add(l, payload)))
      .handle("removePoint", ({ params }) => Effect.flatMap(learner, (l) => groups.removePoint(l, params.id)))
  }),
)

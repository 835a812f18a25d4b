// Handlers of the "notes" group: the signed-in learner and their language, handed to the Notes
// service. The payloads were decoded by the contract's Schemas.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Notes } from "./service.ts"

const caller = Effect.all({
  userId: Effect.map(CurrentSession, (session) => session.userId),
  language: requestLanguage,
})

export const NotesHandlers = HttpApiBuilder.group(
  Api,
  "notes",
  Effect.fn(function* (handlers) {
    const notes = yield* Notes
    return handlers
      .handle("save", ({ payload }) => Effect.flatMap(caller, (c) => notes.save(c, payload)))
      .handle("all", ({ query }) => Effect.flatMap(caller, (c) => notes.all(c, query.point ?? null)))
  }),
)

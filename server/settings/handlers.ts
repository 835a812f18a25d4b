// Handlers of the "settings" group: the signed-in learner's settings, read and saved.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { Settings } from "./service.ts"

export const SettingsHandlers = HttpApiBuilder.group(
  Api,
  "settings",
  Effect.fn(function* (handlers) {
    const settings = yield* Settings
    return handlers
      .handle("get", () => Effect.flatMap(CurrentSession, (session) => settings.get(session.userId)))
      .handle("save", ({ payload }) =>
        Effect.flatMap(CurrentSession, (session) => settings.save(session.userId, payload)),
      )
  }),
)

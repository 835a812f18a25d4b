// Handlers of the "search" group: who is asking (visitor or member with a plan), in which language
// and from which address (for the per-client limit), handed to the Search service. The payloads were decoded by the contract's Schemas.
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { Viewer } from "../../src/domain/api/middleware.ts"
import { VISITOR } from "../../src/domain/content/permissions.ts"
import { ServerConfig } from "../platform/config/server-config.ts"
import { clientAddressOf, requestLanguage } from "../platform/http/request-context.ts"
import { type Caller, Search } from "./service.ts"

export const SearchHandlers = HttpApiBuilder.group(
  Api,
  "search",
  Effect.fn(function* (handlers) {
    const search = yield* Search
    const { trustProxy } = yield* ServerConfig
    const caller: Effect.Effect<Caller, never, Viewer | HttpServerRequest.HttpServerRequest> = Effect.gen(function* () {
      const { session } = yield* Viewer
      const language = yield* requestLanguage
      const address = yield* clientAddressOf(trustProxy)
      return { viewer: session ? { _tag: "Member", planId: session.planId } : VISITOR, language, address }
    })
    return handlers
      .handle("pointSearch", ({ payload }) => Effect.flatMap(caller, (c) => search.pointSearch(c, payload)))
      .handle("keywordSearch", ({ payload }) => Effect.flatMap(caller, (c) => search.keywordSearch(c, payload)))
      .handle("keywordSuggestion", ({ query }) => Effect.flatMap(caller, (c) => search.suggest(c, query)))
  }),
)

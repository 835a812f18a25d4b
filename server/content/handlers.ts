// Handlers of the "content" group: who is asking (visitor or member with a plan) and in which
// language, handed to the Content service.
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { Viewer } from "../../src/domain/api/middleware.ts"
import { VISITOR } from "../../src/domain/content/permissions.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { type Caller, Content } from "./service.ts"

const caller: Effect.Effect<Caller, never, Viewer | HttpServerRequest.HttpServerRequest> = Effect.gen(function* () {
  const { session } = yield* Viewer
  const language = yield* requestLanguage
  return { viewer: session ? { _tag: "Member", planId: session.planId } : VISITOR, language }
})

export const ContentHandlers = HttpApiBuilder.group(
  Api,
  "content",
  Effect.fn(function* (handlers) {
    const content = yield* Content
    return handlers
      .handle("channelMenus", () => Effect.flatMap(caller, content.menus))
      .handle("channelIndex", () => Effect.flatMap(caller, content.channelIndex))
      .handle("channel", ({ params }) => Effect.flatMap(caller, (c) => content.channel(c, params.slug)))
      .handle("point", ({ params }) => Effect.flatMap(caller, (c) => content.point(c, params.slug)))
      .handle("bodyAreaList", () => Effect.flatMap(caller, content.bodyAreaList))
      .handle("bodyArea", ({ params }) => Effect.flatMap(caller, (c) => content.bodyArea(c, params.slug)))
      .handle("categoryList", () => Effect.flatMap(caller, content.categoryList))
      .handle("category", ({ params }) => Effect.flatMap(caller, (c) => content.category(c, params.slug)))
      .handle("vessel", ({ params }) => Effect.flatMap(caller, (c) => content.vessel(c, params.slug)))
      .handle("extraPoints", () => Effect.flatMap(caller, content.extraPoints))
      .handle("staticMenus", () => Effect.flatMap(caller, content.staticMenus))
      .handle("page", ({ params }) => Effect.flatMap(caller, (c) => content.page(c, params.slug)))
      .handle("channelFields", () => Effect.flatMap(caller, content.channelFields))
      .handle("pointFields", () => Effect.flatMap(caller, content.pointFields))
      .handle("pointNameFields", ({ params }) =>
        Effect.flatMap(caller, (c) => content.pointNameFields(c, params.channel)),
      )
  }),
)

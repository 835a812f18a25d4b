// Handlers of the "sharing" group (the signed-in member, their plan and language handed to the
// Sharing service) and of the "patients" group (no account: the link's token or the unsubscribe key).
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { CurrentSession } from "../../src/domain/api/middleware.ts"
import { requestLanguage } from "../platform/http/request-context.ts"
import { Sharing, type SharingMember } from "./service.ts"

const member: Effect.Effect<SharingMember, never, CurrentSession | HttpServerRequest.HttpServerRequest> = Effect.gen(
  function* () {
    const session = yield* CurrentSession
    return { userId: session.userId, planId: session.planId, language: yield* requestLanguage }
  },
)

export const SharingHandlers = HttpApiBuilder.group(
  Api,
  "sharing",
  Effect.fn(function* (handlers) {
    const sharing = yield* Sharing
    return handlers
      .handle("videos", () => Effect.flatMap(member, (m) => sharing.videos(m)))
      .handle("share", ({ payload }) => Effect.flatMap(member, (m) => sharing.share(m, payload)))
      .handle("shares", () => Effect.flatMap(member, (m) => sharing.shares(m)))
      .handle("revoke", ({ params }) => Effect.flatMap(member, (m) => sharing.revoke(m, params.id)))
  }),
)

export const PatientsHandlers = HttpApiBuilder.group(
  Api,
  "patients",
  Effect.fn(function* (handlers) {
    const sharing = yield* Sharing
    return handlers
      .handle("page", ({ params }) => sharing.page(params.token))
      .handle("unsubscribe", ({ payload }) => sharing.unsubscribe(payload.key))
  }),
)

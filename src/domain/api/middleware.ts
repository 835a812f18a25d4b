// Contract-side middleware: who is calling (bearer session) and the guard every endpoint runs
// behind, which turns bad input into 422 field errors and defects into a 500 with a correlation id.
import { Context, Schema } from "effect"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { ServerError, Unauthorized, ValidationFailed } from "../shared/errors.ts"

/** The caller of an authenticated endpoint, provided by the Authentication middleware. */
export class CurrentSession extends Context.Service<
  CurrentSession,
  { readonly sessionId: string; readonly userId: number; readonly uuid: string; readonly planId: number }
>()("jingluo/domain/api/CurrentSession") {}

/** Required bearer session; 401 when missing, unknown or expired. */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: CurrentSession }>()(
  "jingluo/domain/api/Authentication",
  { security: { bearer: HttpApiSecurity.bearer }, error: Unauthorized },
) {}

/** The caller if there is one: visitors and signed-in users share these endpoints. */
export class Viewer extends Context.Service<
  Viewer,
  { readonly session: { readonly userId: number; readonly uuid: string; readonly planId: number } | null }
>()("jingluo/domain/api/Viewer") {}

export class OptionalAuthentication extends HttpApiMiddleware.Service<OptionalAuthentication, { provides: Viewer }>()(
  "jingluo/domain/api/OptionalAuthentication",
) {}

/** Runs around every endpoint: invalid input → 422 ValidationFailed, defect → 500 ServerError. */
export class RequestGuard extends HttpApiMiddleware.Service<RequestGuard>()("jingluo/domain/api/RequestGuard", {
  error: [ValidationFailed, ServerError],
}) {}

export const MessageResponse = Schema.Struct({ message: Schema.String })
export type MessageResponse = typeof MessageResponse.Type

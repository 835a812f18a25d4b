// Contract-side middleware: who is calling (the session cookie the app's browser holds, or a bearer
// token for API clients) and the guard every endpoint runs behind, which refuses a request that is
// not JSON (415), turns bad input into 422 field errors and defects into a 500 with a correlation id.
import { Context, Schema } from "effect"
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "effect/http-api"
import { COOKIE_TOKEN } from "../shared/cookies.ts"
import { ServerError, Unauthorized, UnsupportedMediaType, ValidationFailed } from "../shared/errors.ts"

/** The caller of an authenticated endpoint, provided by the Authentication middleware. */
export class CurrentSession extends Context.Service<
  CurrentSession,
  { readonly sessionId: string; readonly userId: number; readonly uuid: string; readonly planId: number }
>()("jingluo/domain/api/CurrentSession") {}

/** API clients: the token of `POST /api/login` with `return_token: true`. */
export const BearerSession = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "For API clients: the token that POST /api/login returns when its payload says return_token: true, sent as Authorization: Bearer <token>.",
  ),
)

/** The app in a browser: the session cookie every sign-in sets, which scripts cannot read. */
export const SessionCookie = HttpApiSecurity.apiKey({ key: COOKIE_TOKEN, in: "cookie" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    `For browsers: the session cookie "${COOKIE_TOKEN}" that every sign-in sets (HttpOnly, SameSite=Lax, Secure over https) and sign-out clears. A request that changes state must also say Content-Type: application/json.`,
  ),
)

/**
 * Required session, from the bearer token or else the session cookie; 401 when missing, unknown or
 * expired (the answer then clears a session cookie the request carried).
 */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: CurrentSession }>()(
  "jingluo/domain/api/Authentication",
  { security: { bearer: BearerSession, cookie: SessionCookie }, error: Unauthorized },
) {}

/** The caller if there is one: visitors and signed-in users share these endpoints. */
export class Viewer extends Context.Service<
  Viewer,
  { readonly session: { readonly userId: number; readonly uuid: string; readonly planId: number } | null }
>()("jingluo/domain/api/Viewer") {}

export class OptionalAuthentication extends HttpApiMiddleware.Service<OptionalAuthentication, { provides: Viewer }>()(
  "jingluo/domain/api/OptionalAuthentication",
) {}

/**
 * Runs around every endpoint: a request that changes state or carries a body without
 * `Content-Type: application/json` → 415 UnsupportedMediaType, invalid input → 422 ValidationFailed,
 * defect → 500 ServerError.
 */
export class RequestGuard extends HttpApiMiddleware.Service<RequestGuard>()("jingluo/domain/api/RequestGuard", {
  error: [UnsupportedMediaType, ValidationFailed, ServerError],
}) {}

export const MessageResponse = Schema.Struct({ message: Schema.String })
export type MessageResponse = typeof MessageResponse.Type

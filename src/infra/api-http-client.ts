// The app's HTTP client, derived from the contract in src/domain/api (loaded by api-client.ts on
// the first call, so the contract's schemas and Effect's HTTP modules are not in the app's entry). The session travels in the
// HttpOnly cookie the server sets (same-origin requests carry it; the app never sees the token), so
// no call carries an Authorization header — except, once, the one-time login token of §7. Every call
// that changes state says `Content-Type: application/json`, with or without a body, which is what
// the server asks of it (a cross-site form cannot). Every call carries the locale header and the API
// timeout; every failure comes back as one of the catalogue's tagged errors (src/domain/shared/errors.ts).
import { Duration, Effect, Layer, Predicate } from "effect"
import { FetchHttpClient, HttpClient, HttpClientError, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { Api } from "../domain/api/api.ts"
import { COOKIE_LANGUAGE, ONE_TIME_TOKEN_KEY } from "../domain/shared/cookies.ts"
import {
  Forbidden,
  NotFound,
  Offline,
  RequestTimeout,
  ServerError,
  TooManyRequests,
  Unauthorized,
  UnexpectedResponse,
} from "../domain/shared/errors.ts"
import { API_TIMEOUT_MS, type ApiFailure, isApiFailure } from "../domain/shared/failures.ts"
import { LOCALE_HEADER, resolveLanguage } from "../domain/shared/locales.ts"
import type { Cookies } from "./cookies.ts"
import type { Storage } from "./storage.ts"

export type Client = HttpApiClient.ForApi<typeof Api>

const STATE_CHANGING: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"])

const readJson = (error: HttpClientError.HttpClientError) =>
  "response" in error.reason && error.reason.response
    ? error.reason.response.json.pipe(Effect.orElseSucceed(() => undefined as unknown))
    : Effect.succeed(undefined as unknown)

const text = (data: unknown, key: string) =>
  Predicate.isObject(data) && key in data && typeof (data as Record<string, unknown>)[key] === "string"
    ? ((data as Record<string, unknown>)[key] as string)
    : ""

/** The call never reached the server: the browser's fetch failed (no network, or nothing answered). */
export const isNoNetwork = (error: unknown) =>
  HttpClientError.isHttpClientError(error) && error.reason._tag === "TransportError"

/** Maps an undeclared status or a transport failure to the catalogue. */
const fromHttpClientError = (error: HttpClientError.HttpClientError): Effect.Effect<ApiFailure> => {
  const reason = error.reason
  if (reason._tag === "TransportError" || reason._tag === "InvalidUrlError" || reason._tag === "EncodeError") {
    return Effect.succeed(new Offline())
  }
  const status = reason.response.status
  return Effect.map(readJson(error), (data): ApiFailure => {
    if (status === 401) return new Unauthorized({ message: text(data, "message") })
    if (status === 404) return new NotFound({ message: text(data, "message") })
    if (status === 429) return new TooManyRequests({ message: text(data, "message"), retryAfterSeconds: 60 })
    if (status === 403 && text(data, "_tag") === "Forbidden") return new Forbidden({ message: text(data, "message") })
    if (status >= 500 && text(data, "_tag") === "ServerError") {
      return new ServerError({ message: text(data, "message"), correlationId: text(data, "correlationId") })
    }
    return new UnexpectedResponse({ status, data: data ?? null })
  })
}

export const toApiFailure = (error: unknown): Effect.Effect<ApiFailure> => {
  if (HttpClientError.isHttpClientError(error)) return fromHttpClientError(error)
  // An error the contract declares, decoded from the answer: one of the catalogue's.
  if (isApiFailure(error)) return Effect.succeed(error)
  // A response the contract cannot decode.
  return Effect.succeed(new UnexpectedResponse({ status: 0, data: null }))
}

/** Runs one call of the contract; failures arrive as catalogue errors. */
export type CallApi = <A>(f: (client: Client) => Effect.Effect<A, unknown>) => Effect.Effect<A, ApiFailure>

/** The client for `baseUrl`, its requests prepared from the cookies and storage given. */
export const makeCallApi = (
  baseUrl: string,
  cookies: Cookies["Service"],
  storage: Storage["Service"],
): Effect.Effect<CallApi> =>
  Effect.gen(function* () {
    const prepare = (request: HttpClientRequest.HttpClientRequest) =>
      Effect.gen(function* () {
        const oneTime = yield* storage.get(ONE_TIME_TOKEN_KEY)
        if (oneTime !== undefined) yield* storage.remove(ONE_TIME_TOKEN_KEY)
        const language = resolveLanguage(yield* cookies.get(COOKIE_LANGUAGE))
        const prepared = HttpClientRequest.setHeaders(request, {
          [LOCALE_HEADER]: language,
          Accept: "*/*",
          ...(STATE_CHANGING.has(request.method) ? { "Content-Type": "application/json" } : {}),
        })
        return oneTime ? HttpClientRequest.bearerToken(prepared, oneTime) : prepared
      })
    const client = yield* HttpApiClient.make(Api, {
      baseUrl,
      transformClient: HttpClient.mapRequestEffect(prepare),
    })
    const call: CallApi = (f) =>
      f(client).pipe(
        Effect.timeoutOrElse({
          duration: Duration.millis(API_TIMEOUT_MS),
          orElse: () => Effect.fail(new RequestTimeout()),
        }),
        Effect.catch((error: unknown) => Effect.flatMap(toApiFailure(error), Effect.fail)),
      )
    return call
  }).pipe(
    Effect.provide(FetchHttpClient.layer),
    // The session cookie goes with calls to the app's own origin, and nowhere else.
    Effect.provide(Layer.succeed(FetchHttpClient.RequestInit, { credentials: "same-origin" })),
  )

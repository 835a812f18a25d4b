// Implements the contract's RequestGuard around every endpoint: a request that changes state or
// carries a body without `Content-Type: application/json` answers 415 before anything else runs
// (a cross-site form cannot send that type, so it cannot act with a visitor's session cookie);
// input that fails its Schema, or a body that is not JSON, answers 422 with one message key per
// field; a body over MAX_BODY_BYTES answers 413; a defect is logged under a correlation id and
// answers 500 without internals. Routes outside the contract (the Stripe webhook, which checks its
// signature, and the social sign-in callback, which a provider may post as a form) are not guarded.
import { randomUUID } from "node:crypto"
import { Cause, Effect, Layer } from "effect"
import { HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import type { unhandled } from "effect/Types"
import { RequestGuard } from "../../../src/domain/api/middleware.ts"
import {
  ServerError,
  TooManyRequests,
  UnsupportedMediaType,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { fieldErrorsFromIssue, MessageKey } from "../../../src/domain/shared/validation.ts"
import { type MessageId, Translations } from "../i18n/translations.ts"
import { tooManyRequestsAnswer } from "./answers.ts"
import { requestLanguage } from "./request-context.ts"

export const MAX_BODY_BYTES = 64 * 1024

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"])

/** `application/json`, with or without parameters such as a charset. */
export const isJsonContentType = (header: string | undefined) =>
  (header ?? "").split(";")[0]?.trim().toLowerCase() === "application/json"

/** Whether a request must say it is JSON: it changes state, or it carries a body. */
export const mustBeJson = (method: string, headers: Readonly<Record<string, string | undefined>>) =>
  STATE_CHANGING.has(method.toUpperCase()) ||
  headers["transfer-encoding"] !== undefined ||
  Number(headers["content-length"] ?? 0) > 0

const parseReason = (error: unknown): "Parse" | "BodyTooLarge" | undefined => {
  if (error instanceof HttpServerError.HttpServerError && error.reason._tag === "RequestParseError") {
    const tooLarge = error.reason.reason === "BodyTooLarge" || /maxBytes/i.test(String(error.reason.cause))
    return tooLarge ? "BodyTooLarge" : "Parse"
  }
  return undefined
}

type GuardError = ValidationFailed | ServerError | unhandled

const handleFailure =
  (say: (id: MessageId) => string) =>
  (error: unknown): Effect.Effect<HttpServerResponse.HttpServerResponse, GuardError> => {
    if (HttpApiError.HttpApiSchemaError.is(error) && error.kind !== "Body" && error.kind !== "ResponseHeaders") {
      return Effect.fail(
        new ValidationFailed({
          message: say("validationFailed"),
          errors: fieldErrorsFromIssue(error.cause.issue),
        }),
      )
    }
    if (error instanceof TooManyRequests) return tooManyRequestsAnswer(error)
    const parse = parseReason(error)
    if (parse === "BodyTooLarge") {
      return Effect.orDie(HttpServerResponse.json({ message: say("payloadTooLarge") }, { status: 413 }))
    }
    if (parse === "Parse") {
      return Effect.fail(new ValidationFailed({ message: say("validationFailed"), errors: { "": MessageKey.invalid } }))
    }
    return Effect.fail(error as unhandled)
  }

const handleDefect =
  (say: (id: MessageId) => string) =>
  (cause: Cause.Cause<GuardError>): Effect.Effect<HttpServerResponse.HttpServerResponse, GuardError> => {
    if (!Cause.hasDies(cause) || Cause.hasInterrupts(cause)) return Effect.failCause(cause)
    // The body reader reports a malformed or oversized body as a defect: it is bad input.
    const defect = Cause.findDefect(cause)
    if (defect._tag === "Success" && parseReason(defect.success) !== undefined)
      return handleFailure(say)(defect.success)
    const correlationId = randomUUID()
    return Effect.logError(`Request failed [${correlationId}]`, cause).pipe(
      Effect.andThen(Effect.fail(new ServerError({ message: say("serverError"), correlationId }))),
    )
  }

export const RequestGuardLive = Layer.effect(
  RequestGuard,
  Effect.map(Translations, ({ message }) =>
    RequestGuard.of((httpEffect) =>
      Effect.gen(function* () {
        const language = yield* requestLanguage
        const say = (id: MessageId) => message(id, language)
        const { method, headers } = yield* HttpServerRequest.HttpServerRequest
        if (mustBeJson(method, headers) && !isJsonContentType(headers["content-type"]))
          return yield* new UnsupportedMediaType({ message: say("unsupportedMediaType") })
        return yield* httpEffect.pipe(Effect.catch(handleFailure(say)), Effect.catchCause(handleDefect(say)))
      }),
    ),
  ),
)

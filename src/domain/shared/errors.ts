// The error catalogue of §8: one tagged error per failure the app must tell apart, each with its
// HTTP status for the contract, and the one decision of what the app does with each of them.
import { Schema } from "effect"
import { SocialSignInRefused } from "../account/social-errors.ts"
import { NoteConflict } from "../notes/note.ts"
import { TestClosed } from "../self-tests/test-errors.ts"

export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  { message: Schema.String },
  { httpApiStatus: 401 },
) {}

export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}

/** Sign-in before the address is verified; the sign-in form offers to resend the mail. */
export class EmailNotVerified extends Schema.TaggedError<EmailNotVerified>()(
  "EmailNotVerified",
  { message: Schema.String, email: Schema.String },
  { httpApiStatus: 403 },
) {}

/**
 * What a locked page may still say about itself: the public facts that lists show anyway (kind,
 * code, pinyin, name and, for a point of a channel, the channel's name), so the page can name what
 * is locked. Never any of its content.
 */
export const LockedItem = Schema.Struct({
  kind: Schema.Literals(["point", "channel", "vessel", "category", "bodyArea", "page", "extraPoints"]),
  code: Schema.NullOr(Schema.String),
  pinyin: Schema.NullOr(Schema.String),
  name: Schema.String,
  /** A point's channel, by name in the caller's language; absent for an extra point and anything else. */
  channel: Schema.optionalKey(Schema.String),
})
export type LockedItem = typeof LockedItem.Type

/** A locked item asked for without a Pro plan; the body holds no content, only its public facts. */
export class ProRequired extends Schema.TaggedError<ProRequired>()(
  "ProRequired",
  { message: Schema.String, item: Schema.optionalKey(LockedItem) },
  { httpApiStatus: 403 },
) {}

export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

/** Bad input: one message key per field ("" for the form as a whole). */
export class ValidationFailed extends Schema.TaggedError<ValidationFailed>()(
  "ValidationFailed",
  { message: Schema.String, errors: Schema.Record(Schema.String, Schema.String) },
  { httpApiStatus: 422 },
) {}

/** Wrong password or unknown e-mail: the same answer for both. */
export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()(
  "InvalidCredentials",
  { message: Schema.String },
  { httpApiStatus: 422 },
) {}

/** A limit was reached; `codesPaused`: the account's one-time codes are paused for the day. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  {
    message: Schema.String,
    retryAfterSeconds: Schema.Number,
    reason: Schema.optionalKey(Schema.Literal("codesPaused")),
  },
  { httpApiStatus: 429 },
) {}

/**
 * A request that changes state (or carries a body) without `Content-Type: application/json`. A
 * form on another site cannot send that type, so it cannot act with a visitor's session.
 */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()(
  "UnsupportedMediaType",
  { message: Schema.String },
  { httpApiStatus: 415 },
) {}

/** A defect on the server: a generic message and a correlation id, never internals. */
export class ServerError extends Schema.TaggedError<ServerError>()(
  "ServerError",
  { message: Schema.String, correlationId: Schema.String },
  { httpApiStatus: 500 },
) {}

/** The request took longer than API_TIMEOUT_MS. */
export class RequestTimeout extends Schema.TaggedError<RequestTimeout>()("RequestTimeout", {}) {}

/** No answer at all: the network is down or the server unreachable. */
export class Offline extends Schema.TaggedError<Offline>()("Offline", {}) {}

/** An answer the app cannot read (an undeclared status, a malformed body). */
export class UnexpectedResponse extends Schema.TaggedError<UnexpectedResponse>()("UnexpectedResponse", {
  status: Schema.Number,
  data: Schema.Unknown,
}) {}

/** Every failure of the catalogue: what an API call can fail with, as the app tells them apart. */
export const API_FAILURES = [
  Unauthorized,
  Forbidden,
  EmailNotVerified,
  ProRequired,
  NotFound,
  ValidationFailed,
  InvalidCredentials,
  TooManyRequests,
  UnsupportedMediaType,
  ServerError,
  RequestTimeout,
  Offline,
  UnexpectedResponse,
  // Self-tests: an answer or more time after the test has ended.
  TestClosed,
  // Social sign-in: the provider's answer could not be used.
  SocialSignInRefused,
  // Notes: the stored note changed since the page last saw it (another tab).
  NoteConflict,
] as const

export type ApiFailure = InstanceType<(typeof API_FAILURES)[number]>
export type ApiFailureTag = ApiFailure["_tag"]

/** Whether a value is one of the catalogue's failures (decoded from an answer, or made by the client). */
export const isApiFailure = (error: unknown): error is ApiFailure =>
  API_FAILURES.some((failure) => error instanceof failure)

/** The catalogue's failure in what a flow received, or null for anything else. */
export const failureOf = (error: unknown): ApiFailure | null => (isApiFailure(error) ? error : null)

export const API_TIMEOUT_MS = 100_000
export const UNAUTHORIZED_RELOAD_DELAY_MS = 2_000

/** §8: response data flattened to a comma-separated string, or the word error. */
export const flattenErrorData = (data: unknown): string => {
  const parts: Array<string> = []
  const walk = (value: unknown) => {
    if (value === null || value === undefined) return
    if (typeof value === "string") {
      if (value.trim().length > 0) parts.push(value.trim())
    } else if (typeof value === "number" || typeof value === "boolean") parts.push(String(value))
    else if (Array.isArray(value)) value.forEach(walk)
    else if (typeof value === "object")
      for (const [key, inner] of Object.entries(value)) if (key !== "_tag") walk(inner)
  }
  walk(data)
  return parts.length > 0 ? parts.join(", ") : "error"
}

/** What the app does with a failure no flow handles itself. */
export type CatalogueAction =
  | { readonly _tag: "SessionExpired"; readonly toastKey: string; readonly reloadAfterMs: number }
  | { readonly _tag: "NotFoundPage"; readonly path: "/not-found" }
  | { readonly _tag: "Toast"; readonly type: "error" | "warning"; readonly text?: string; readonly key?: string }
  | { readonly _tag: "None" }

/** Tags a flow handles at its own fields or form; the catalogue leaves them alone. */
export const FLOW_HANDLED: ReadonlySet<ApiFailureTag> = new Set<ApiFailureTag>([
  "ValidationFailed",
  "InvalidCredentials",
  "EmailNotVerified",
  "ProRequired",
  "TooManyRequests",
  "SocialSignInRefused",
])

export const catalogueAction = (failure: { readonly _tag: string }): CatalogueAction => {
  const f = failureOf(failure)
  switch (f?._tag) {
    case "Unauthorized":
      return { _tag: "SessionExpired", toastKey: "errors.sessionExpired", reloadAfterMs: UNAUTHORIZED_RELOAD_DELAY_MS }
    case "NotFound":
      return { _tag: "NotFoundPage", path: "/not-found" }
    case "Forbidden":
      return { _tag: "Toast", type: "error", text: flattenErrorData({ message: f.message }) }
    case "ServerError":
      return { _tag: "Toast", type: "error", text: flattenErrorData({ message: f.message, id: f.correlationId }) }
    // The app sends JSON on every such call; a refusal is a fault to show, like a server error.
    case "UnsupportedMediaType":
      return { _tag: "Toast", type: "error", text: flattenErrorData({ message: f.message }) }
    case "UnexpectedResponse":
      if (f.status === 403 || f.status >= 500) return { _tag: "Toast", type: "error", text: flattenErrorData(f.data) }
      // 400: no handling (§8)
      return { _tag: "None" }
    case "RequestTimeout":
      return { _tag: "Toast", type: "warning", key: "errors.timeout" }
    case "Offline":
      return { _tag: "Toast", type: "warning", key: "errors.offline" }
    default:
      return { _tag: "None" }
  }
}

/** The tag of a failure that reached a flow, or "Unknown". */
export const failureTag = (error: unknown): ApiFailureTag | "Unknown" => failureOf(error)?._tag ?? "Unknown"

/** Field errors carried by a ValidationFailed, or none. */
export const failureFieldErrors = (error: unknown): Readonly<Record<string, string>> => {
  const failure = failureOf(error)
  return failure?._tag === "ValidationFailed" ? failure.errors : {}
}

/** The public facts of a locked item that a ProRequired failure carries, if it does. */
export const lockedItemOf = (error: unknown): LockedItem | null => {
  const failure = failureOf(error)
  return failure?._tag === "ProRequired" ? (failure.item ?? null) : null
}

/** The form-level message key a flow shows for a failure it does not handle field by field. */
export const formErrorKey = (error: unknown): string => {
  const failure = failureOf(error)
  switch (failure?._tag) {
    case "InvalidCredentials":
      return "errors.invalidCredentials"
    case "TooManyRequests":
      return failure.reason === "codesPaused" ? "errors.codesPaused" : "errors.tooManyRequests"
    case "Offline":
      return "errors.offline"
    case "RequestTimeout":
      return "errors.timeout"
    case "ValidationFailed":
      return "errors.checkFields"
    default:
      return "errors.generic"
  }
}

// The error catalogue of §8: one tagged error per failure the app must tell apart, each with its
// HTTP status for the contract. The contract, the HTTP client and the server make and decode them;
// what the app does with each, and how a flow recognises one (by its tag), is in failures.ts.
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

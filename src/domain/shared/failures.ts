// What the app does with the failures of the error catalogue (§8, src/domain/shared/errors.ts):
// which value a flow received is one of them, the one decision of what the app does with each, and
// what a form shows for it. A failure is recognised by its tag, so the app's start and its flows
// need none of the catalogue's Schema classes: the HTTP client, the contract and the server, which
// make and decode them, load them.
import type { ApiFailure, ApiFailureTag, LockedItem } from "./errors.ts"

export type { ApiFailure, ApiFailureTag }

/** The tags of the catalogue's failures (its API_FAILURES), each once: the compiler asks for every one. */
const CATALOGUE_TAGS = {
  Unauthorized: true,
  Forbidden: true,
  EmailNotVerified: true,
  ProRequired: true,
  NotFound: true,
  ValidationFailed: true,
  InvalidCredentials: true,
  TooManyRequests: true,
  UnsupportedMediaType: true,
  ServerError: true,
  RequestTimeout: true,
  Offline: true,
  UnexpectedResponse: true,
  TestClosed: true,
  SocialSignInRefused: true,
  NoteConflict: true,
} as const satisfies Record<ApiFailureTag, true>

export const API_FAILURE_TAGS = Object.keys(CATALOGUE_TAGS) as ReadonlyArray<ApiFailureTag>

const TAGS: ReadonlySet<string> = new Set(API_FAILURE_TAGS)

/** Whether a value is one of the catalogue's failures (decoded from an answer, or made by the client): an object with its tag. */
export const isApiFailure = (error: unknown): error is ApiFailure =>
  typeof error === "object" &&
  error !== null &&
  "_tag" in error &&
  typeof error._tag === "string" &&
  TAGS.has(error._tag)

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

/** Field errors carried by a ValidationFailed, or none (also for a value of that tag without them). */
export const failureFieldErrors = (error: unknown): Readonly<Record<string, string>> => {
  const failure = failureOf(error)
  return (failure?._tag === "ValidationFailed" ? failure.errors : undefined) ?? {}
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

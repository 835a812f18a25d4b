// What a chart that failed to load says, inline where it would have been drawn (the page around it
// keeps working): one message key per failure of the error catalogue, and the server's correlation
// id when there is one, so support can find the failure.
import { failureTag } from "../errors.ts"

export interface ChartFailure {
  readonly key: string
  readonly reference: string | null
}

const KEYS: Readonly<Record<string, string>> = {
  Unauthorized: "charts:errors.signedOut",
  Forbidden: "charts:errors.forbidden",
  ProRequired: "charts:errors.forbidden",
  NotFound: "charts:errors.notFound",
  ValidationFailed: "charts:errors.invalid",
  ServerError: "charts:errors.server",
  RequestTimeout: "charts:errors.timeout",
  Offline: "charts:errors.offline",
}

export const chartFailure = (error: unknown): ChartFailure => {
  const reference =
    failureTag(error) === "ServerError" && typeof error === "object" && error !== null && "correlationId" in error
      ? String(error.correlationId)
      : null
  return { key: KEYS[failureTag(error)] ?? "charts:errors.server", reference: reference || null }
}

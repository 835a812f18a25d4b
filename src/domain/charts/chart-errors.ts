// What a chart that failed to load says, inline where it would have been drawn (the page around it
// keeps working): one message key per failure of the error catalogue, and the server's correlation
// id when there is one, so support can find the failure.

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

/** The failure's tag, read from its shape: a decoded answer or one the catalogue made. */
const tagOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : ""

export const chartFailure = (error: unknown): ChartFailure => {
  const reference =
    tagOf(error) === "ServerError" && typeof error === "object" && error !== null && "correlationId" in error
      ? String(error.correlationId)
      : null
  return { key: KEYS[tagOf(error)] ?? "charts:errors.server", reference: reference || null }
}

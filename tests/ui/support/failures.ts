// The failures of the error catalogue (§8) as a test server answers them: 401, 403, 404, 422, 500,
// a call that never answers (the app's timeout) and the network gone. What a 403 says and which
// field a 422 names differ by call; the rest is the same everywhere.
import { delay, HttpResponse } from "msw"

export type Failure = "401" | "403" | "404" | "422" | "500" | "timeout" | "offline"
export const FAILURES: ReadonlyArray<Failure> = ["401", "403", "404", "422", "500", "timeout", "offline"]

export interface FailureBodies {
  /** The 403's body (a ProRequired, or a Forbidden with its message). */
  readonly forbidden: { readonly _tag: string; readonly message: string }
  /** The 422's field messages. */
  readonly fieldErrors: Readonly<Record<string, string>>
}

/** The server's answer for the failure; a timeout waits for ever. */
export const failureResponse = async (failure: Failure, bodies: FailureBodies) => {
  switch (failure) {
    case "401":
      return HttpResponse.json({ _tag: "Unauthorized", message: "expired" }, { status: 401 })
    case "403":
      return HttpResponse.json(bodies.forbidden, { status: 403 })
    case "404":
      return HttpResponse.json({ _tag: "NotFound", message: "Not found" }, { status: 404 })
    case "422":
      return HttpResponse.json(
        { _tag: "ValidationFailed", message: "check", errors: bodies.fieldErrors },
        { status: 422 },
      )
    case "500":
      return HttpResponse.json(
        { _tag: "ServerError", message: "Something broke", correlationId: "c0ffee" },
        { status: 500 },
      )
    case "timeout":
      await delay("infinite")
      return HttpResponse.json({})
    case "offline":
      return HttpResponse.error()
  }
}

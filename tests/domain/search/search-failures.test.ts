// What a failed search says: searching too fast has its own message; every other failure the
// catalogue's form-level one.
import { describe, expect, it } from "vitest"
import { SEARCH_TOO_FAST_KEY, searchFailureKey } from "../../../src/domain/search/search-failures.ts"
import { Offline, ServerError, TooManyRequests } from "../../../src/domain/shared/errors.ts"

describe("searchFailureKey", () => {
  it("tells a search that is too fast from the other failures", () => {
    expect(searchFailureKey(new TooManyRequests({ message: "x", retryAfterSeconds: 3 }))).toBe(SEARCH_TOO_FAST_KEY)
    expect(searchFailureKey(new Offline())).toBe("errors.offline")
    expect(searchFailureKey(new ServerError({ message: "x", correlationId: "c" }))).toBe("errors.generic")
  })
})

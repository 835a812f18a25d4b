// The one failure of a self-test the app must tell apart from the catalogue's: the test has ended
// (its time ran out, or it was finished), so an answer or more time is refused with 422 and a
// message, and the page moves on to the result instead of showing a generic error.
import { Schema } from "effect"

export const TEST_CLOSED_REASONS = ["timeUp", "finished"] as const

export class TestClosed extends Schema.TaggedError<TestClosed>()(
  "TestClosed",
  { message: Schema.String, reason: Schema.Literals(TEST_CLOSED_REASONS) },
  { httpApiStatus: 422 },
) {}

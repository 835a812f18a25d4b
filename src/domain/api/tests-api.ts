// §7 "tests": the test menu with permission flags, the new-test overview of a type, creating,
// resuming, answering, more time, finishing, the result, repeat and reset, score history and days
// practised. Every call but the menu needs a signed-in learner; a test belongs to its learner
// alone (anyone else's id answers 404) and its clock is the server's.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { TestClosed } from "../self-tests/test-errors.ts"
import {
  ActivityView,
  AnswerSavedView,
  CreateTestPayload,
  GroupIdQuery,
  SaveAnswerPayload,
  ScoresView,
  TestClockView,
  TestIdPayload,
  TestOverview,
  TestResultView,
  TestSessionView,
  TestTypesView,
  UtcOffsetMinutes,
} from "../self-tests/test-views.ts"
import { NotFound, ProRequired, ValidationFailed } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { Authentication, OptionalAuthentication } from "./middleware.ts"

/** Path segments are checked by the service: an unknown type or a malformed id is simply not found (404). */
const Segment = boundedText(64)

export class TestsApi extends HttpApiGroup.make("tests")
  .add(
    HttpApiEndpoint.get("testTypes", "/get-all-test-types", { success: TestTypesView }).middleware(
      OptionalAuthentication,
    ),
    HttpApiEndpoint.get("activity", "/test-activity", {
      query: { offset: Schema.optionalKey(UtcOffsetMinutes) },
      success: ActivityView,
    }).middleware(Authentication),
    HttpApiEndpoint.post("create", "/test/new-create", {
      payload: CreateTestPayload,
      success: TestSessionView,
      error: [NotFound, ProRequired],
    }).middleware(Authentication),
    HttpApiEndpoint.put("addExtraTime", "/test/add-extra-time", {
      payload: TestIdPayload,
      success: TestClockView,
      error: [NotFound, TestClosed],
    }).middleware(Authentication),
    HttpApiEndpoint.post("saveAnswer", "/test/save-answer", {
      payload: SaveAnswerPayload,
      success: AnswerSavedView,
      error: [NotFound, TestClosed, ValidationFailed],
    }).middleware(Authentication),
    /** Ends the test now (the learner is done, or the app saw the time run out) and answers its result. */
    HttpApiEndpoint.post("finish", "/test/finish", {
      payload: TestIdPayload,
      success: TestResultView,
      error: NotFound,
    }).middleware(Authentication),
    /** A new test with the same questions as a finished one, in another order (test-repeat.ts). */
    HttpApiEndpoint.post("repeat", "/test/repeat", {
      payload: TestIdPayload,
      success: TestSessionView,
      error: [NotFound, ProRequired, TestClosed],
    }).middleware(Authentication),
    /** Discards a running test unscored, so a new one of its type can start. */
    HttpApiEndpoint.get("reset", "/test/reset/:id", {
      params: { id: Segment },
      success: TestOverview,
      error: [NotFound, TestClosed],
    }).middleware(Authentication),
    HttpApiEndpoint.get("scores", "/test/scores/:id", {
      params: { id: Segment },
      success: ScoresView,
      error: NotFound,
    }).middleware(Authentication),
    HttpApiEndpoint.get("result", "/test/:id/result", {
      params: { id: Segment },
      success: TestResultView,
      error: NotFound,
    }).middleware(Authentication),
    HttpApiEndpoint.get("overview", "/test/:type", {
      params: { type: Segment },
      query: { group: Schema.optionalKey(GroupIdQuery) },
      success: TestOverview,
      error: NotFound,
    }).middleware(Authentication),
    /** A test of this type by its id: where a reload, a second tab or a restart picks it up. */
    HttpApiEndpoint.get("session", "/test/:type/:extra", {
      params: { type: Segment, extra: Segment },
      success: TestSessionView,
      error: NotFound,
    }).middleware(Authentication),
  )
  .prefix("/api") {}

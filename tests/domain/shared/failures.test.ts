import { describe, expect, it } from "vitest"
import { SocialSignInRefused } from "../../../src/domain/account/social-errors.ts"
import { NoteConflict } from "../../../src/domain/notes/note.ts"
import { TestClosed } from "../../../src/domain/self-tests/test-errors.ts"
import {
  API_FAILURES,
  EmailNotVerified,
  Forbidden,
  InvalidCredentials,
  NotFound,
  Offline,
  ProRequired,
  RequestTimeout,
  ServerError,
  TooManyRequests,
  Unauthorized,
  UnexpectedResponse,
  UnsupportedMediaType,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import {
  API_FAILURE_TAGS,
  API_TIMEOUT_MS,
  catalogueAction,
  FLOW_HANDLED,
  failureFieldErrors,
  failureTag,
  flattenErrorData,
  formErrorKey,
  isApiFailure,
  UNAUTHORIZED_RELOAD_DELAY_MS,
} from "../../../src/domain/shared/failures.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"

describe("constants of §7 and §9", () => {
  it("times a request out after 100000 ms", () => {
    expect(API_TIMEOUT_MS).toBe(100_000)
  })

  it("reloads 2 s after a 401", () => {
    expect(UNAUTHORIZED_RELOAD_DELAY_MS).toBe(2_000)
  })
})

describe("flattenErrorData (§8)", () => {
  it.each([
    ["a string", "Something failed", "Something failed"],
    ["a trimmed string", "  padded  ", "padded"],
    ["a number", 42, "42"],
    ["a boolean", false, "false"],
    ["an object's values in order", { message: "Bad", code: 7 }, "Bad, 7"],
    ["an array", ["a", "b", 3], "a, b, 3"],
    [
      "nested objects and arrays",
      { errors: { email: ["taken", "invalid"], name: { first: "short" } } },
      "taken, invalid, short",
    ],
    ["an object with its _tag skipped", { _tag: "Forbidden", message: "No access" }, "No access"],
    ["a nested _tag skipped", { inner: { _tag: "X", reason: "r" } }, "r"],
  ])("flattens %s", (_, data, expected) => {
    expect(flattenErrorData(data)).toBe(expected)
  })

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["an empty string", ""],
    ["a blank string", "   "],
    ["an empty object", {}],
    ["an empty array", []],
    ["an object holding only a _tag", { _tag: "ServerError" }],
    ["only nulls and blanks", { a: null, b: [undefined, " "], c: {} }],
  ])("gives the word error for %s", (_, data) => {
    expect(flattenErrorData(data)).toBe("error")
  })

  it("skips empty parts between others", () => {
    expect(flattenErrorData(["a", "", null, "b"])).toBe("a, b")
  })
})

const ALL_FAILURES = [
  new Unauthorized({ message: "expired" }),
  new Forbidden({ message: "No access" }),
  new EmailNotVerified({ message: "verify first", email: "ann@example.com" }),
  new ProRequired({ message: "Pro only" }),
  new NotFound({ message: "gone" }),
  new ValidationFailed({ message: "bad input", errors: { email: MessageKey.email } }),
  new InvalidCredentials({ message: "wrong" }),
  new TooManyRequests({ message: "slow down", retryAfterSeconds: 60 }),
  new ServerError({ message: "Internal error", correlationId: "corr-1" }),
  new RequestTimeout({}),
  new Offline({}),
  new UnexpectedResponse({ status: 400, data: { message: "bad" } }),
] as const

/** One instance of every class of the catalogue. */
const EVERY_CLASS = [
  ...ALL_FAILURES,
  new UnsupportedMediaType({ message: "JSON only" }),
  new TestClosed({ message: "ended", reason: "timeUp" }),
  new SocialSignInRefused({ message: "expired", reason: "expired" }),
  new NoteConflict({ message: "changed", stored: null }),
] as const

describe("recognising a failure by its tag", () => {
  it("lists the tags of the catalogue's classes, each once", () => {
    expect([...API_FAILURE_TAGS].sort()).toEqual(
      API_FAILURES.map((failure) => failure.fields._tag.schema.literal).sort(),
    )
  })

  it("has an instance of every class of the catalogue to try", () => {
    expect(new Set(EVERY_CLASS.map((failure) => failure.constructor))).toEqual(new Set(API_FAILURES))
  })

  it.each(EVERY_CLASS)("accepts a $_tag", (failure) => {
    expect(isApiFailure(failure)).toBe(true)
  })

  it("accepts an object with a catalogue's tag, as a flow reads it", () => {
    expect(isApiFailure({ _tag: "Offline" })).toBe(true)
  })

  it.each([
    ["a plain Error", new Error("Offline")],
    ["an object with an unknown _tag", { _tag: "SomethingElse", message: "x" }],
    ["a locked page's answer", { _tag: "Locked", message: "Pro", item: null }],
    ["an object with a non-string _tag", { _tag: 1 }],
    ["an object without _tag", { message: "Offline" }],
    ["a tag alone", "Offline"],
    ["null", null],
    ["undefined", undefined],
  ])("refuses %s", (_, value) => {
    expect(isApiFailure(value)).toBe(false)
  })
})

describe("catalogueAction (§8)", () => {
  it("covers twelve distinct failure tags", () => {
    expect(new Set(ALL_FAILURES.map((failure) => failure._tag)).size).toBe(12)
  })

  it("expires the session on 401, reloading after UNAUTHORIZED_RELOAD_DELAY_MS", () => {
    expect(catalogueAction(new Unauthorized({ message: "expired" }))).toEqual({
      _tag: "SessionExpired",
      toastKey: "errors.sessionExpired",
      reloadAfterMs: UNAUTHORIZED_RELOAD_DELAY_MS,
    })
  })

  it("goes to /not-found on 404", () => {
    expect(catalogueAction(new NotFound({ message: "gone" }))).toEqual({ _tag: "NotFoundPage", path: "/not-found" })
  })

  it("shows an error toast with the flattened data on 403", () => {
    expect(catalogueAction(new Forbidden({ message: "No access" }))).toEqual({
      _tag: "Toast",
      type: "error",
      text: "No access",
    })
  })

  it("shows the word error on a 403 without a message", () => {
    expect(catalogueAction(new Forbidden({ message: "" }))).toEqual({ _tag: "Toast", type: "error", text: "error" })
  })

  it("shows an error toast with message and correlation id on 500", () => {
    expect(catalogueAction(new ServerError({ message: "Internal error", correlationId: "corr-1" }))).toEqual({
      _tag: "Toast",
      type: "error",
      text: "Internal error, corr-1",
    })
  })

  it("shows the server's message as an error toast on 415 (a call that was not JSON)", () => {
    expect(catalogueAction(new UnsupportedMediaType({ message: "JSON only" }))).toEqual({
      _tag: "Toast",
      type: "error",
      text: "JSON only",
    })
  })

  it.each([403, 500, 502, 503])("shows an error toast with flattened data for an unexpected %i", (status) => {
    expect(catalogueAction(new UnexpectedResponse({ status, data: { _tag: "X", message: "m", detail: [1] } }))).toEqual(
      { _tag: "Toast", type: "error", text: "m, 1" },
    )
  })

  it("shows the word error for an unexpected 500 without data", () => {
    expect(catalogueAction(new UnexpectedResponse({ status: 500, data: null }))).toEqual({
      _tag: "Toast",
      type: "error",
      text: "error",
    })
  })

  it.each([400, 0, 418, 499])("does nothing for an unexpected %i (400: no handling)", (status) => {
    expect(catalogueAction(new UnexpectedResponse({ status, data: { message: "bad" } }))).toEqual({ _tag: "None" })
  })

  it("warns on a timeout", () => {
    expect(catalogueAction(new RequestTimeout({}))).toEqual({ _tag: "Toast", type: "warning", key: "errors.timeout" })
  })

  it("warns when offline", () => {
    expect(catalogueAction(new Offline({}))).toEqual({ _tag: "Toast", type: "warning", key: "errors.offline" })
  })

  it.each(ALL_FAILURES.filter((failure) => FLOW_HANDLED.has(failure._tag)))(
    "leaves the flow-handled $_tag alone",
    (failure) => {
      expect(catalogueAction(failure)).toEqual({ _tag: "None" })
    },
  )

  it("names exactly the failures flows handle at their fields or form", () => {
    expect([...FLOW_HANDLED].sort()).toEqual(
      [
        "EmailNotVerified",
        "InvalidCredentials",
        "ProRequired",
        "SocialSignInRefused",
        "TooManyRequests",
        "ValidationFailed",
      ].sort(),
    )
  })

  it("does nothing for an unknown tag", () => {
    expect(catalogueAction({ _tag: "SomethingElse" })).toEqual({ _tag: "None" })
  })
})

describe("failureTag", () => {
  it.each(ALL_FAILURES)("reads $_tag", (failure) => {
    expect(failureTag(failure)).toBe(failure._tag)
  })

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "Offline"],
    ["a plain Error", new Error("boom")],
    ["an object without _tag", { message: "x" }],
    ["a non-string _tag", { _tag: 1 }],
  ])("gives Unknown for %s", (_, error) => {
    expect(failureTag(error)).toBe("Unknown")
  })
})

describe("failureFieldErrors", () => {
  it("returns the field errors of a ValidationFailed", () => {
    const errors = { email: MessageKey.emailTaken, "": MessageKey.invalid }
    expect(failureFieldErrors(new ValidationFailed({ message: "bad", errors }))).toEqual(errors)
  })

  it.each(ALL_FAILURES.filter((failure) => failure._tag !== "ValidationFailed"))(
    "returns none for $_tag",
    (failure) => {
      expect(failureFieldErrors(failure)).toEqual({})
    },
  )

  it("returns none for a ValidationFailed-shaped value without errors, or no failure at all", () => {
    expect(failureFieldErrors({ _tag: "ValidationFailed" })).toEqual({})
    expect(failureFieldErrors(null)).toEqual({})
  })
})

describe("formErrorKey", () => {
  it.each([
    [new InvalidCredentials({ message: "x" }), "errors.invalidCredentials"],
    [new TooManyRequests({ message: "x", retryAfterSeconds: 1 }), "errors.tooManyRequests"],
    [new TooManyRequests({ message: "x", retryAfterSeconds: 1, reason: "codesPaused" }), "errors.codesPaused"],
    [new Offline({}), "errors.offline"],
    [new RequestTimeout({}), "errors.timeout"],
    [new ValidationFailed({ message: "x", errors: {} }), "errors.checkFields"],
    [new ServerError({ message: "x", correlationId: "c" }), "errors.generic"],
    [new Forbidden({ message: "x" }), "errors.generic"],
    [new UnexpectedResponse({ status: 400, data: null }), "errors.generic"],
    [new Error("boom"), "errors.generic"],
    [undefined, "errors.generic"],
  ])("maps %o to %s", (error, key) => {
    expect(formErrorKey(error)).toBe(key)
  })
})

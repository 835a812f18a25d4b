import { describe, expect, it } from "vitest"
import {
  NO_RETURN_PATHS,
  RETURN_PATH_MAX_LENGTH,
  safeReturnPath,
  withReturnPath,
} from "../../../src/domain/account/return-path.ts"

describe("safeReturnPath", () => {
  it.each([
    ["/point/st-36-zusanli", "/point/st-36-zusanli"],
    ["/pricing", "/pricing"],
    ["/book/pages/channels?x=1#top", "/book/pages/channels?x=1#top"],
    ["/", "/"],
  ])("keeps the app's own path %s", (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected)
  })

  it.each([
    ["nothing", null],
    ["an empty string", ""],
    ["another origin", "https://evil.example/point"],
    ["a protocol-relative URL", "//evil.example/point"],
    ["a backslash trick", "/\\evil.example"],
    ["a relative path", "point/st-36"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a control character", "/point/\nst-36"],
    ["a tab inside the slashes", "/\t/evil.example"],
    ["a double slash further on", "/point//evil.example"],
  ])("refuses %s", (_, raw) => {
    expect(safeReturnPath(raw)).toBeNull()
  })

  it.each(NO_RETURN_PATHS.map((p) => [p]))("never returns to the sign-in page %s", (path) => {
    expect(safeReturnPath(path)).toBeNull()
    expect(safeReturnPath(`${path}?email=a`)).toBeNull()
  })

  it("refuses a path longer than RETURN_PATH_MAX_LENGTH and keeps one at the limit", () => {
    const atLimit = `/${"a".repeat(RETURN_PATH_MAX_LENGTH - 1)}`
    expect(safeReturnPath(atLimit)).toBe(atLimit)
    expect(safeReturnPath(`${atLimit}a`)).toBeNull()
  })

  it("normalises dot segments within the app", () => {
    expect(safeReturnPath("/book/../pricing")).toBe("/pricing")
  })
})

describe("withReturnPath", () => {
  it("adds the encoded path as ?next=", () => {
    expect(withReturnPath("/login", "/point/st-36-zusanli?a=1")).toBe("/login?next=%2Fpoint%2Fst-36-zusanli%3Fa%3D1")
  })

  it("appends to a query that is there", () => {
    expect(withReturnPath("/verify-email?user=u", "/pricing")).toBe("/verify-email?user=u&next=%2Fpricing")
  })

  it("leaves the link alone when there is nothing safe to return to", () => {
    expect(withReturnPath("/login", "https://evil.example")).toBe("/login")
    expect(withReturnPath("/login", null)).toBe("/login")
  })

  it("leaves the link alone for the home page, where signing in leads anyway", () => {
    expect(withReturnPath("/login", "/")).toBe("/login")
  })

  it("keeps a query that holds a double slash (a searched URL)", () => {
    expect(safeReturnPath("/full-text?q=http%3A//example")).toBe("/full-text?q=http%3A//example")
  })
})

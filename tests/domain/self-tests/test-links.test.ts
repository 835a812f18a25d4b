import { describe, expect, it } from "vitest"
import { groupTestHref } from "../../../src/domain/groups/group-links.ts"
import { newTestHref, repeatTestHref, resultHref, TESTS_HREF } from "../../../src/domain/self-tests/test-links.ts"

const ID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"

describe("where a finished test leads", () => {
  it("keeps its result at /get/results?test={id}", () => {
    expect(resultHref(ID)).toBe(`/get/results?test=${ID}`)
  })

  it("starts a test of the same type again, or repeats its questions", () => {
    expect(newTestHref({ type: "location-test" })).toBe("/test/new/location-test")
    expect(repeatTestHref({ id: ID, type: "location-test" })).toBe(`/test/new/location-test?repeat=${ID}`)
  })

  it("starts a point-group test again in its group", () => {
    expect(newTestHref({ type: "point-group-test", groupId: 12 })).toBe(groupTestHref(12))
    expect(repeatTestHref({ id: ID, type: "point-group-test", groupId: 12 })).toBe(`${groupTestHref(12)}?repeat=${ID}`)
  })

  it("leads to the tests' page, without a repeat, when the group was deleted", () => {
    expect(newTestHref({ type: "point-group-test" })).toBe(TESTS_HREF)
    expect(repeatTestHref({ id: ID, type: "point-group-test" })).toBeNull()
  })
})

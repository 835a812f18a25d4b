// Which search results are listed one by one, and how many pages the listed ones fill.
import { describe, expect, it } from "vitest"
import { isListed, listedPageCount } from "../../../src/domain/search/locked-matches.ts"

describe("locked matches in search results", () => {
  it("lists what may be opened and the exact point; the other locked matches go into one line", () => {
    expect(isListed({ permission: true, exact: false })).toBe(true)
    expect(isListed({ permission: false, exact: true })).toBe(true)
    expect(isListed({ permission: false, exact: false })).toBe(false)
  })

  it.each([
    [17, 7, 10, 1],
    [21, 0, 10, 3],
    [20, 0, 10, 2],
    [7, 7, 10, 1],
    [0, 0, 10, 1],
    [31, 10, 10, 3],
  ])("%i matches of which %i locked, %i a page, fill %i pages", (total, locked, size, pages) => {
    expect(listedPageCount(total, locked, size)).toBe(pages)
  })
})

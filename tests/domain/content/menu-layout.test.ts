import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  columnCount,
  firstVisibleLevel,
  THREE_COLUMNS_ABOVE,
  TWO_COLUMNS_ABOVE,
} from "../../../src/domain/content/menu-layout.ts"

describe("drill-down menu columns (§2, §9)", () => {
  it("switches above the spec's breakpoints of 992 and 622 px", () => {
    expect(THREE_COLUMNS_ABOVE).toBe(992)
    expect(TWO_COLUMNS_ABOVE).toBe(622)
  })

  it.each([
    [580, 1],
    [622, 1],
    [623, 2],
    [992, 2],
    [993, 3],
  ])("shows at %i px %i column(s)", (width, columns) => {
    expect(columnCount(width)).toBe(columns)
  })

  it(`shows two columns at THREE_COLUMNS_ABOVE (${THREE_COLUMNS_ABOVE}) and three one pixel wider`, () => {
    expect(columnCount(THREE_COLUMNS_ABOVE)).toBe(2)
    expect(columnCount(THREE_COLUMNS_ABOVE + 1)).toBe(3)
  })

  it(`shows one column at TWO_COLUMNS_ABOVE (${TWO_COLUMNS_ABOVE}) and two one pixel wider`, () => {
    expect(columnCount(TWO_COLUMNS_ABOVE)).toBe(1)
    expect(columnCount(TWO_COLUMNS_ABOVE + 1)).toBe(2)
  })

  it("shows one column on the narrowest screens and three on wide ones", () => {
    expect(columnCount(0)).toBe(1)
    expect(columnCount(320)).toBe(1)
    expect(columnCount(1920)).toBe(3)
  })

  it("never shows fewer columns on a wider screen", () => {
    fc.assert(
      fc.property(fc.nat(4000), fc.nat(4000), (a, b) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a]
        expect(columnCount(narrow)).toBeLessThanOrEqual(columnCount(wide))
      }),
    )
  })
})

describe("which menu levels are visible", () => {
  // Levels are numbered from 0; the view shows levels first..depth-1.
  it.each([
    [1, 1, 0],
    [1, 2, 0],
    [1, 3, 0],
    [2, 1, 1],
    [2, 2, 0],
    [2, 3, 0],
    [3, 1, 2],
    [3, 2, 1],
    [3, 3, 0],
  ])("with %i level(s) open and %i column(s), starts at level %i", (depth, columns, first) => {
    expect(firstVisibleLevel(depth, columns)).toBe(first)
  })

  it("shows as many levels as fit, always including the deepest one", () => {
    for (const depth of [1, 2, 3]) {
      for (const columns of [1, 2, 3] as const) {
        const first = firstVisibleLevel(depth, columns)
        expect(depth - first).toBe(Math.min(depth, columns))
        expect(first).toBeLessThanOrEqual(depth - 1)
      }
    }
  })

  it("shows the deepest levels that fit at each breakpoint with all three levels open", () => {
    expect(firstVisibleLevel(3, columnCount(TWO_COLUMNS_ABOVE))).toBe(2)
    expect(firstVisibleLevel(3, columnCount(TWO_COLUMNS_ABOVE + 1))).toBe(1)
    expect(firstVisibleLevel(3, columnCount(THREE_COLUMNS_ABOVE + 1))).toBe(0)
  })
})

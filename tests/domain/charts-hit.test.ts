// Hitting a point with a pointer: the nearest site within reach of the place pressed, so a dot a
// few pixels across is still easy to take with a mouse or a finger; nothing when none is in reach.
import { describe, expect, it } from "vitest"
import { nearestSite } from "../../src/domain/charts/chart-served.ts"
import { frontChart } from "../support/chart-fixtures.ts"

describe("nearestSite", () => {
  it("takes the site under the pointer", () => {
    expect(nearestSite(frontChart, [60, 100], 5)?.key).toBe("LU-1:right")
  })

  it("takes a site a little off its centre, within reach", () => {
    expect(nearestSite(frontChart, [63, 103], 5)?.key).toBe("LU-1:right")
    expect(nearestSite(frontChart, [140, 96], 5)?.key).toBe("LU-1:left")
  })

  it("takes the nearer of two sites in reach", () => {
    // LU-1 (right) at 60,100 and LU-2 (right) at 58,90.
    expect(nearestSite(frontChart, [59, 93], 10)?.key).toBe("LU-2:right")
    expect(nearestSite(frontChart, [59, 94], 10)?.key).toBe("LU-2:right")
    expect(nearestSite(frontChart, [60, 97], 10)?.key).toBe("LU-1:right")
  })

  it("takes nothing out of reach, and never a Pro dot", () => {
    expect(nearestSite(frontChart, [100, 30], 5)).toBeUndefined()
    // The Pro dots at 100,200 and 100,220 are no sites.
    expect(nearestSite(frontChart, [100, 200], 5)).toBeUndefined()
    expect(nearestSite(frontChart, [66, 100], 5)).toBeUndefined()
  })
})

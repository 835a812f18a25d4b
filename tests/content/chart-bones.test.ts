// Points beside a bone of the hand or foot lie beside that bone, on the side and at the part of it
// their texts name, on every view that draws them (the table is in chart-bones.ts).
import { describe, expect, it } from "vitest"
import { resolveView } from "../../src/domain/charts/chart-resolve.ts"
import { BESIDE_A_BONE, BONES_NOT_DRAWN, besideProblems } from "./chart-bones.ts"
import { loadChartViews } from "./chart-helpers.ts"

const resolved = loadChartViews().map(resolveView)
const refOf = (p: { code: string; site: string | undefined }) => (p.site ? `${p.code}#${p.site}` : p.code)
const drawing = (point: string) => resolved.filter((r) => r.points.some((p) => refOf(p) === point))

describe("points beside a bone", () => {
  it.each(BESIDE_A_BONE.map((row) => [`${row.point} beside ${row.bone} (${row.part}, ${row.side[0]})`, row] as const))(
    "%s",
    (_, row) => {
      const views = drawing(row.point).filter((r) => !row.views || row.views.includes(r.view.id))
      expect(views.length, row.point).toBeGreaterThan(0)
      expect(views.flatMap((r) => besideProblems(r, row))).toEqual([])
    },
  )

  it("checks each of these points on every view that draws it, or says why the view cannot", () => {
    const unchecked = new Set(BONES_NOT_DRAWN.flatMap((u) => u.points.map((p) => `${u.view} ${p}`)))
    const missing: string[] = []
    for (const point of new Set(BESIDE_A_BONE.map((row) => row.point)))
      for (const r of drawing(point)) {
        const rows = BESIDE_A_BONE.filter((row) => row.point === point && (!row.views || row.views.includes(r.view.id)))
        if (rows.length === 0 && !unchecked.has(`${r.view.id} ${point}`)) missing.push(`${r.view.id} ${point}`)
        if (rows.length > 0 && unchecked.has(`${r.view.id} ${point}`))
          missing.push(`${r.view.id} ${point} is both checked and excused`)
      }
    expect(missing).toEqual([])
  })

  it("catches LI-4 drawn in the web between thumb and index finger", () => {
    const view = loadChartViews().find((v) => v.id === "hand-back")!
    const moved = resolveView({
      ...view,
      landmarks: { ...view.landmarks, web: [126, 411] },
      points: view.points.map((p) => (p.code === "LI-4" ? { code: "LI-4", frame: "hand", at: "web" } : p)),
    })
    const row = BESIDE_A_BONE.find((r) => r.point === "LI-4")!
    expect(besideProblems(moved, row).join("\n")).toMatch(/LI-4 .* lies 0\.6\d cun from the mc2/)
  })
})

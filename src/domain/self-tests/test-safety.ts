// The learner's safety setting applied to a test's pool: with "leave out points contraindicated in
// pregnancy" on, such a point is neither asked about nor shown as an option, in any test type and
// in the review of due points. Applying it to the pool is enough: no question shows a point outside it.
import type { TestContent, TestPoint, TestPool } from "./test-content.ts"
import { indexTestContent } from "./test-content.ts"
import type { TestSettings } from "./test-settings.ts"

/** A point the content says is not needled in pregnancy. */
export const isPregnancyContraindicated = (point: TestPoint): boolean =>
  point.safety?.pregnancy.level === "contraindicated"

/** The codes of every point contraindicated in pregnancy, in content order. */
export const pregnancyContraindicatedPoints = (content: TestContent): ReadonlyArray<string> =>
  indexTestContent(content)
    .points.filter((p) => isPregnancyContraindicated(p.point))
    .map((p) => p.code)

/** The pool without the points the learner's settings leave out. */
export const poolForSettings = (
  content: TestContent,
  pool: TestPool,
  settings: Pick<TestSettings, "testLeaveOutPregnancy">,
): TestPool => {
  if (!settings.testLeaveOutPregnancy) return pool
  const left = new Set(pregnancyContraindicatedPoints(content))
  const keep = (codes: ReadonlySet<string>) => new Set([...codes].filter((code) => !left.has(code)))
  return { points: keep(pool.points), focus: keep(pool.focus), vessels: pool.vessels }
}

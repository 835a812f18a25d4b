// Loads the body-chart files and holds the geometric checks the chart tests run. Each check is a
// pure function that returns the problems it finds, so a test can also run it on deliberately
// broken data and see it fail.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { CONTENT_DIR } from "../../server/content/load-content.ts"
import { decodeChartView, decodePathways } from "../../src/domain/charts/chart-content.ts"
import { alongScale, toCun } from "../../src/domain/charts/chart-frames.ts"
import { type Point2, pointInPolygon } from "../../src/domain/charts/chart-geometry.ts"
import { CHART_VIEW_IDS, type ChartViewId } from "../../src/domain/charts/chart-ids.ts"
import { standardMeasure } from "../../src/domain/charts/chart-measures.ts"
import { pointGroup } from "../../src/domain/charts/chart-navigation.ts"
import {
  nearSidePosition,
  outlinePolylines,
  type PointInstance,
  type ResolvedView,
} from "../../src/domain/charts/chart-resolve.ts"
import {
  type ChartView,
  chartFileName,
  DIRECTIONS,
  type Direction,
  PATHWAYS_FILE,
} from "../../src/domain/charts/chart-schema.ts"

export const CHARTS_DIR = join(CONTENT_DIR, "charts")

export const readChartJson = (file: string): unknown => JSON.parse(readFileSync(join(CONTENT_DIR, file), "utf8"))

/** Every view file present, decoded, in the order of CHART_VIEW_IDS. */
export const loadChartViews = (): ReadonlyArray<ChartView> =>
  CHART_VIEW_IDS.filter((id) => existsSync(join(CONTENT_DIR, chartFileName(id)))).map((id) =>
    decodeChartView(readChartJson(chartFileName(id)), chartFileName(id)),
  )

export const loadPathways = () => decodePathways(readChartJson(PATHWAYS_FILE))

/** The JSON files present in content/charts/. */
export const chartFilesOnDisk = () => readdirSync(CHARTS_DIR).filter((f) => f.endsWith(".json"))

export const viewIdOf = (resolved: ResolvedView): ChartViewId => resolved.view.id

/** The near-side instances (each placement once). */
export const placedInstances = (resolved: ResolvedView) => resolved.points.filter((p) => !p.mirrored)

const label = (p: PointInstance) => `${p.key}`

/** One cun on this frame at the point, in view units (its along scale). */
const cunAt = (resolved: ResolvedView, p: PointInstance) => alongScale(resolved.frames.get(p.frame)!, p.cun.along)

// ——— outline and regions ———

/** True when the spot and the cells around it are on the body, clear of the outline itself. */
export const bodyMask = (view: ChartView) => {
  const { cellOf, clear } = bodyRaster(view)
  return (p: Point2) => clear(cellOf(p))
}

/** True for a spot off the body: outside the outline, not on it (or beyond the drawing). */
export const offTheBody = (view: ChartView) => {
  const { cellOf, outside } = bodyRaster(view)
  return (p: Point2) => {
    const at = cellOf(p)
    return at < 0 || outside[at] === 1
  }
}

/**
 * The drawn body as a raster: the outline strokes are drawn as walls a cell thick, the outside is
 * flooded from the border, and every cell the flood cannot reach is on the body. Robust to the
 * outline being drawn in several strokes that meet or overlap (neck inside the head, ears).
 */
const bodyRaster = (view: ChartView) => {
  const [x0, y0, w, h] = view.viewBox
  const cell = Math.max(w, h) / 1600
  const cols = Math.ceil(w / cell) + 2
  const rows = Math.ceil(h / cell) + 2
  const wall = new Uint8Array(cols * rows)
  const index = (x: number, y: number) => Math.floor((y - y0) / cell + 1) * cols + Math.floor((x - x0) / cell + 1)
  for (const line of outlinePolylines(view))
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1]!
      const [bx, by] = line[i]!
      const steps = Math.ceil(Math.hypot(bx - ax, by - ay) / (cell / 2)) + 1
      for (let k = 0; k <= steps; k++) {
        const at = index(ax + ((bx - ax) * k) / steps, ay + ((by - ay) * k) / steps)
        if (at >= 0 && at < wall.length) wall[at] = 1
      }
    }
  const outside = new Uint8Array(cols * rows)
  const queue: number[] = []
  for (let c = 0; c < cols; c++) queue.push(c, (rows - 1) * cols + c)
  for (let r = 0; r < rows; r++) queue.push(r * cols, r * cols + cols - 1)
  while (queue.length > 0) {
    const at = queue.pop()!
    if (outside[at] || wall[at]) continue
    outside[at] = 1
    const r = Math.floor(at / cols)
    const c = at % cols
    if (c > 0) queue.push(at - 1)
    if (c < cols - 1) queue.push(at + 1)
    if (r > 0) queue.push(at - cols)
    if (r < rows - 1) queue.push(at + cols)
  }
  /** The cell of a spot, or -1 beyond the drawing. */
  const cellOf = (p: Point2) => {
    const c = Math.floor((p[0] - x0) / cell + 1)
    const r = Math.floor((p[1] - y0) / cell + 1)
    return c < 0 || c >= cols || r < 0 || r >= rows ? -1 : r * cols + c
  }
  const clear = (at: number) =>
    at >= 0 &&
    [0, 1, -1, cols, -cols].every((d) => at + d >= 0 && at + d < wall.length && !outside[at + d] && !wall[at + d])
  return { cellOf, outside, clear }
}

/** Points drawn off the body (outside the outline), except those inside the mouth or nose. */
export const pointsOffTheBody = (resolved: ResolvedView, inside: ReadonlySet<string> = new Set()) => {
  const onBody = bodyMask(resolved.view)
  return resolved.points
    .filter((p) => !inside.has(p.code) && !onBody(p.position))
    .map((p) => `${viewIdOf(resolved)}: ${label(p)} lies outside the body outline`)
}

/**
 * Points not inside the region of every body area their point lists. The sites of a series (Jiaji
 * from T1 to L5, Baxie) each lie in one of the series' areas.
 */
export const regionProblems = (
  resolved: ResolvedView,
  areasOf: ReadonlyMap<string, ReadonlyArray<string>>,
): ReadonlyArray<string> => {
  const problems: string[] = []
  const inside = (p: PointInstance, area: string) =>
    resolved.regions.some((r) => r.area === area && pointInPolygon(p.position, r.polygon))
  for (const p of resolved.points) {
    const areas = areasOf.get(p.code) ?? []
    for (const area of areas)
      if (!resolved.regions.some((r) => r.area === area))
        problems.push(`${viewIdOf(resolved)}: ${label(p)} is in ${area}, which has no region here`)
    if (p.site !== undefined) {
      if (!areas.some((area) => inside(p, area)))
        problems.push(`${viewIdOf(resolved)}: ${label(p)} lies in none of its regions (${areas.join(", ")})`)
    } else
      for (const area of areas)
        if (!inside(p, area)) problems.push(`${viewIdOf(resolved)}: ${label(p)} lies outside its ${area} region`)
  }
  return problems
}

// ——— midlines and mirroring ———

/** Midline points must sit on the view's midline; paired points must stay clear of it. */
export const midlineProblems = (resolved: ResolvedView, isMidline: (code: string) => boolean) => {
  const m = resolved.view.midline
  const problems: string[] = []
  for (const p of placedInstances(resolved)) {
    const placement = resolved.view.points.find((q) => q.code === p.code && q.site === p.site)!
    if (isMidline(p.code)) {
      if (!placement.unpaired) problems.push(`${viewIdOf(resolved)}: ${label(p)} is a midline point but not unpaired`)
      if (m !== null && Math.abs(p.position[0] - m) > 0.5)
        problems.push(`${viewIdOf(resolved)}: ${label(p)} is ${(p.position[0] - m).toFixed(1)} off the midline`)
    } else if (m !== null && !placement.unpaired && Math.abs(p.position[0] - m) < 0.3 * cunAt(resolved, p)) {
      problems.push(`${viewIdOf(resolved)}: paired point ${label(p)} lies on the midline`)
    } else if (m !== null && !placement.unpaired && p.position[0] > m) {
      // Placements describe the near side, drawn left of the midline; one drawn right of it would
      // be labelled with the wrong side.
      problems.push(`${viewIdOf(resolved)}: paired point ${label(p)} is placed across the midline`)
    }
  }
  return problems
}

/** Both copies of a paired point mirror each other across the midline. */
export const mirrorProblems = (resolved: ResolvedView) => {
  const m = resolved.view.midline
  if (m === null) return []
  const problems: string[] = []
  for (const p of placedInstances(resolved)) {
    const twin = resolved.points.find((q) => q.mirrored && q.code === p.code && q.site === p.site)
    const placement = resolved.view.points.find((q) => q.code === p.code && q.site === p.site)!
    if (placement.unpaired) continue
    if (!twin) {
      problems.push(`${viewIdOf(resolved)}: ${label(p)} has no mirror image`)
      continue
    }
    if (twin.side === p.side) problems.push(`${viewIdOf(resolved)}: ${label(p)} and its mirror image are on one side`)
    if (Math.abs(p.position[0] + twin.position[0] - 2 * m) > 0.01 || Math.abs(p.position[1] - twin.position[1]) > 0.01)
      problems.push(`${viewIdOf(resolved)}: ${label(p)} and ${label(twin)} do not mirror each other`)
    if (p.side !== "midline" && p.position[0] < m === twin.position[0] < m)
      problems.push(`${viewIdOf(resolved)}: ${label(p)} and ${label(twin)} lie on one side of the midline`)
  }
  return problems
}

// ——— distances ———

/**
 * An expected offset from `a` (a point code or landmark) to point `b`, in the direction words of
 * b's frame; only the axes named are checked ("down: 0" checks that two points are level).
 */
export interface CunPair {
  readonly a: string
  readonly b: string
  readonly words: Partial<Record<Direction, number>>
  readonly why: string
  /** Measure in a's frame instead of b's (when b lies on a foreshortened part such as the foot). */
  readonly inFrameOf?: "a"
  /** Only on these views (when the direction words belong to one kind of view). */
  readonly views?: ReadonlyArray<ChartViewId>
}

/** Tolerance for a measured distance: a fifth of a cun plus 3 % of the distance. */
export const cunTolerance = (cun: number) => 0.2 + 0.03 * Math.abs(cun)

const expectedOffset = (
  frameAlong: readonly [Direction, Direction],
  frameAcross: readonly [Direction, Direction],
  words: Partial<Record<Direction, number>>,
) => {
  let along: number | undefined
  let across: number | undefined
  for (const word of DIRECTIONS) {
    const v = words[word]
    if (v === undefined) continue
    if (word === frameAlong[0]) along = (along ?? 0) - v
    else if (word === frameAlong[1]) along = (along ?? 0) + v
    else if (word === frameAcross[0]) across = (across ?? 0) - v
    else if (word === frameAcross[1]) across = (across ?? 0) + v
    else return undefined
  }
  return { along, across }
}

/**
 * Measures each pair on every view that shows both (each side), reading both positions off the
 * drawing in b's frame. Returns the problems and how many measurements were made.
 */
export const distanceProblems = (resolved: ResolvedView, pairs: ReadonlyArray<CunPair>) => {
  const problems: string[] = []
  let measured = 0
  const measuredPairs = new Set<CunPair>()
  for (const pair of pairs) {
    if (pair.views && !pair.views.includes(resolved.view.id)) continue
    const [bCode, bSite] = pair.b.split("#")
    for (const b of resolved.points.filter((p) => p.code === bCode && p.site === bSite && !p.mirrored)) {
      const aPosition = positionOf(resolved, pair.a, b)
      if (!aPosition) continue
      const frameId = pair.inFrameOf === "a" ? frameOfRef(resolved, pair.a) : b.frame
      if (!frameId) continue
      const frame = resolved.frames.get(frameId)!
      // A pair written in the words of another kind of view (medial on a profile) is measured
      // there; the tests check that every pair is measured on at least one view.
      const expected = expectedOffset(frame.frame.along, frame.frame.across, pair.words)
      if (!expected) continue
      const ca = toCun(frame, aPosition)
      const cb = toCun(frame, nearSidePosition(resolved, b))
      measured++
      measuredPairs.add(pair)
      for (const [axis, want, got] of [
        ["along", expected.along, cb.along - ca.along],
        ["across", expected.across, cb.across - ca.across],
      ] as const) {
        if (want === undefined) continue
        if (Math.abs(got - want) > cunTolerance(want))
          problems.push(
            `${viewIdOf(resolved)}: ${pair.a}→${pair.b} ${axis} is ${got.toFixed(2)} cun, expected ${want} (${pair.why})`,
          )
      }
    }
  }
  return { problems, measured, measuredPairs }
}

const frameOfRef = (resolved: ResolvedView, ref: string) => {
  const [code, site] = ref.split("#")
  return resolved.points.find((p) => p.code === code && p.site === site)?.frame
}

/** The near-side position of a landmark or of a point's instance on b's side. */
const positionOf = (resolved: ResolvedView, ref: string, b: PointInstance): Point2 | undefined => {
  if (/^[a-z]/.test(ref)) return resolved.view.landmarks[ref]
  const [code, site] = ref.split("#")
  const candidates = resolved.points.filter((p) => p.code === code && p.site === site)
  const a = candidates.find((p) => p.side === b.side) ?? candidates.find((p) => !p.mirrored)
  return a ? nearSidePosition(resolved, a) : undefined
}

/** Pairs implied by the placements themselves: "at X, down 3" is a 3-cun pair from X. */
export const placementPairs = (view: ChartView): ReadonlyArray<CunPair> =>
  view.points.flatMap((p) => {
    if (p.at === undefined) return []
    const words: Partial<Record<Direction, number>> = {}
    for (const d of DIRECTIONS) if (p[d] !== undefined) words[d] = p[d]
    const frame = view.frames.find((f) => f.id === p.frame)!
    // Name both axes, so a point placed straight down from X is checked not to drift sideways.
    if (!Object.keys(words).some((w) => frame.along.includes(w as Direction))) words[frame.along[1]] = 0
    if (!Object.keys(words).some((w) => frame.across.includes(w as Direction))) words[frame.across[1]] = 0
    return [{ a: p.at, b: p.site ? `${p.code}#${p.site}` : p.code, words, why: `placement on ${view.id}` }]
  })

// ——— proportions ———

/** Frames must use the standard proportional cun wherever they name a standard pair of landmarks. */
export const proportionProblems = (view: ChartView) => {
  const problems: string[] = []
  let checked = 0
  for (const f of view.frames) {
    for (let i = 0; i < f.stations.length; i++)
      for (let j = i + 1; j < f.stations.length; j++) {
        const a = f.stations[i]!
        const b = f.stations[j]!
        const measure = standardMeasure(a.at, b.at)
        if (!measure) continue
        checked++
        if (Math.abs(Math.abs(b.cun - a.cun) - measure.cun) > 1e-9)
          problems.push(
            `${view.id}: frame ${f.id} puts ${Math.abs(b.cun - a.cun)} cun from ${a.at} to ${b.at}, standard is ${measure.cun} (${measure.what})`,
          )
      }
    const w = f.width
    const measure =
      "between" in w
        ? standardMeasure(w.between[0], w.between[1])
        : "mirrored" in w
          ? standardMeasure(w.mirrored, "mirrored")
          : undefined
    if (measure && "cun" in w) {
      checked++
      if (Math.abs(w.cun - measure.cun) > 1e-9)
        problems.push(
          `${view.id}: frame ${f.id} width gives ${w.cun} cun for ${measure.what}, standard is ${measure.cun}`,
        )
    }
  }
  return { problems, checked }
}

// ——— order along the channels ———

/** Hand yin and foot yang channels flow toward the fingers and toes; the others away from them. */
export const FLOWS_DISTALLY: ReadonlySet<string> = new Set(["LU", "PC", "HT", "ST", "BL", "GB"])
export const FLOWS_PROXIMALLY: ReadonlySet<string> = new Set(["LI", "SI", "TE", "SP", "KI", "LR"])

/**
 * On the limbs, consecutive points of a channel must progress toward (or away from) the fingers
 * and toes: limb frames all run from the root of the limb outward, so the step from one point to
 * the next is measured along the frame of each of the two, and must go the channel's way in both.
 * `allowed` lists the pairs whose course truly turns back (the Kidney loop around the heel).
 */
export const limbOrderProblems = (resolved: ResolvedView, allowed: ReadonlySet<string>) => {
  const problems: string[] = []
  let checked = 0
  const limbOf = (p: PointInstance) => resolved.view.frames.find((f) => f.id === p.frame)?.limb
  const near = placedInstances(resolved).filter((p) => p.site === undefined)
  const byCode = new Map(near.map((p) => [p.code, p]))
  for (const p of near) {
    const { group, number } = pointGroup(p.code)
    const next = byCode.get(`${group}-${number + 1}`)
    if (!next) continue
    const limb = limbOf(p)
    if (!limb || limb !== limbOf(next)) continue
    if (!FLOWS_DISTALLY.has(group) && !FLOWS_PROXIMALLY.has(group)) continue
    if (allowed.has(`${p.code}>${next.code}`)) continue
    checked++
    for (const frameId of new Set([p.frame, next.frame])) {
      const f = resolved.frames.get(frameId)!
      const from = toCun(f, nearSidePosition(resolved, p)).along
      const to = toCun(f, nearSidePosition(resolved, next)).along
      const step = FLOWS_DISTALLY.has(group) ? to - from : from - to
      // A tenth of a cun of slack: points level with each other (TE-6 and TE-7) may tie.
      if (step < -0.1)
        problems.push(
          `${viewIdOf(resolved)}: ${next.code} does not follow ${p.code} along the ${limb} (frame ${frameId})`,
        )
    }
  }
  return { problems, checked }
}

/** A run of points that must climb (or descend) the view in order: CV up the front, BL down the back. */
export interface CourseLeg {
  readonly view: ChartViewId
  readonly codes: ReadonlyArray<string>
  readonly direction: "up" | "down" | "left" | "right"
}

export const courseProblems = (resolved: ResolvedView, leg: CourseLeg) => {
  const problems: string[] = []
  let checked = 0
  const near = placedInstances(resolved)
  const at = (code: string) => near.find((p) => p.code === code && p.site === undefined)
  for (let i = 1; i < leg.codes.length; i++) {
    const a = at(leg.codes[i - 1]!)
    const b = at(leg.codes[i]!)
    if (!a || !b) {
      problems.push(`${leg.view}: ${leg.codes[i - 1]} or ${leg.codes[i]} is not on the view`)
      continue
    }
    checked++
    const dx = b.position[0] - a.position[0]
    const dy = b.position[1] - a.position[1]
    const step = leg.direction === "up" ? -dy : leg.direction === "down" ? dy : leg.direction === "left" ? -dx : dx
    if (step <= 0) problems.push(`${leg.view}: ${b.code} is not ${leg.direction} from ${a.code}`)
  }
  return { problems, checked }
}

// The body charts as each caller may see them. A view carries the points the caller may open (code,
// names, location text, every site, the safety flags a chart can highlight) and, for a caller
// without Pro, the points of Pro only as bare dots — no code, no name, no link, no flag, in an order
// taken from their positions alone — and only the pathways of channels and vessels they may open.
// Answers are built once per content version, plan level and language, serialised once, and named
// by an ETag, so a repeated request costs a map lookup (and a 304 when the browser has it).
import { createHash } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { BODY_VIEW_IDS, CHART_VIEW_IDS, type ChartViewId, isChartViewId } from "../../src/domain/charts/chart-ids.ts"
import { pointGroup, viewsForPoint } from "../../src/domain/charts/chart-navigation.ts"
import { chartPathways, type DrawnPathway } from "../../src/domain/charts/chart-pathways.ts"
import type { PointInstance, ResolvedView } from "../../src/domain/charts/chart-resolve.ts"
import { chartSafetyOf } from "../../src/domain/charts/chart-safety.ts"
import type {
  ChartIndex,
  ChartPlace,
  ChartSafety,
  ServedChart,
  ServedPathway,
  ServedPoint,
} from "../../src/domain/charts/chart-views.ts"
import { type Localized, localized, localizeText } from "../../src/domain/content/localize-content.ts"
import { hasPro, type Viewer } from "../../src/domain/content/permissions.ts"
import { NotFound } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Content, type ContentSnapshot } from "../content/service.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { type ChartLibrary, type ChartSource, ChartsRepo } from "./repo.ts"

export interface ChartCaller {
  readonly viewer: Viewer
  readonly language: SelectableLanguage
}

/** A serialised answer and its entity tag. */
export interface ChartAnswer {
  readonly body: string
  readonly etag: string
}

/** What a view's contents depend on besides the files: Pro or not. Visitors see what Standard users see. */
export type PlanLevel = "pro" | "standard"
export const planLevel = (viewer: Viewer): PlanLevel => (hasPro(viewer) ? "pro" : "standard")

/** Most views offered for one channel, vessel or body area. */
export const MAX_VIEWS_PER_ITEM = 3

const round = (n: number) => Math.round(n * 10) / 10

const polygonPath = (polygon: ReadonlyArray<readonly [number, number]>) =>
  `M${polygon.map(([x, y]) => `${round(x)} ${round(y)}`).join("L")}Z`

const answerOf = (value: unknown): ChartAnswer => {
  const body = JSON.stringify(value)
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` }
}

/**
 * The places of locked points as bare dots: each place once, sorted by x and then y. The order the
 * chart file lists its points in (channel by channel, point by point) would let anyone who has the
 * public point lists label every dot; sorted by position, the list says no more than the drawing.
 */
export const dotsOf = (instances: ReadonlyArray<PointInstance>): ReadonlyArray<readonly [number, number]> => {
  const places = new Map<string, readonly [number, number]>()
  for (const p of instances) {
    const place = [round(p.position[0]), round(p.position[1])] as const
    places.set(`${place[0]} ${place[1]}`, place)
  }
  return [...places.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

/** The facts of the content a chart needs, per content version. */
interface ContentFacts {
  readonly snapshot: ContentSnapshot
  /** The location text of a point in a language (English where it has no translation). */
  readonly location: (code: string, language: SelectableLanguage) => Localized<string>
  /** The safety flags a chart highlights, organs named in a language; undefined for a point without any. */
  readonly safety: (code: string, language: SelectableLanguage) => ChartSafety | undefined
  /** Whether a point is free, by code; a code the content does not know is never open. */
  readonly free: ReadonlyMap<string, boolean>
  readonly pathwayFree: ReadonlyMap<string, boolean>
  readonly areaPoints: ReadonlyMap<string, ReadonlySet<string>>
}

const factsOf = (snapshot: ContentSnapshot): ContentFacts => {
  const rows = new Map([...snapshot.pointBySlug.values()].map((row) => [row.code, row]))
  const location = (code: string, language: SelectableLanguage): Localized<string> => {
    const row = rows.get(code)
    if (row === undefined) return { value: "", language: "en" }
    return localizeText(
      row.data.location,
      language === "en" ? undefined : row.data.translations?.[language]?.location,
      language,
    )
  }
  const safety = (code: string, language: SelectableLanguage): ChartSafety | undefined => {
    const row = rows.get(code)
    if (row === undefined) return undefined
    return chartSafetyOf(row.data.safety, (id) => {
      const label = row.data.safetyLabels[id]
      return label === undefined ? id : localized(label, language)
    })
  }
  const areaPoints = new Map<string, Set<string>>()
  for (const ap of snapshot.areaPoints) {
    const set = areaPoints.get(ap.body_area_id) ?? new Set<string>()
    set.add(ap.point_code)
    areaPoints.set(ap.body_area_id, set)
  }
  return {
    snapshot,
    location,
    safety,
    free: new Map(snapshot.briefs.map((b) => [b.code, b.free])),
    pathwayFree: new Map([
      ...snapshot.channels.map((c) => [c.code, c.free] as const),
      ...snapshot.vessels.map((v) => [v.id, v.free] as const),
    ]),
    areaPoints,
  }
}

/** Per view, what does not depend on the caller: the pathways as drawn. */
const drawnPathways = new WeakMap<ChartSource, ReadonlyArray<DrawnPathway>>()
const pathwaysOf = (library: ChartLibrary, source: ChartSource) => {
  let drawn = drawnPathways.get(source)
  if (!drawn) {
    drawn = chartPathways(source.resolved, library.pathways)
    drawnPathways.set(source, drawn)
  }
  return drawn
}

/** One view for one plan level and language. */
export const serveView = (
  library: ChartLibrary,
  source: ChartSource,
  facts: ContentFacts,
  level: PlanLevel,
  language: SelectableLanguage,
): ServedChart => {
  const { resolved } = source
  const { view } = resolved
  const open = (code: string) => {
    const free = facts.free.get(code)
    return free !== undefined && (free || level === "pro")
  }
  const pathwayOpen = (id: string) => {
    const free = facts.pathwayFree.get(id)
    return free !== undefined && (free || level === "pro")
  }
  const byCode = new Map<string, Array<PointInstance>>()
  for (const p of resolved.points) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p])
  const points: Array<ServedPoint> = []
  const locked: Array<PointInstance> = []
  let lockedPoints = 0
  for (const [code, instances] of byCode) {
    const brief = facts.snapshot.briefByCode.get(code)
    if (!brief || !open(code)) {
      lockedPoints++
      locked.push(...instances)
      continue
    }
    // Only now, for a point the caller may open: a locked point's flags never leave the server.
    const safety = facts.safety(code, language)
    points.push({
      code,
      slug: brief.slug,
      pinyin: brief.pinyin,
      name: localized(brief.name, language),
      location: facts.location(code, language).value,
      locationLanguage: facts.location(code, language).language,
      group: pointGroup(code).group,
      sites: instances.map((p) => ({
        key: p.key,
        site: p.site ?? null,
        side: p.side,
        x: round(p.position[0]),
        y: round(p.position[1]),
      })),
      ...(safety === undefined ? {} : { safety }),
    })
  }
  const openKeys = new Set(points.flatMap((p) => p.sites.map((s) => s.key)))
  const pathways: Array<ServedPathway> = pathwaysOf(library, source)
    .filter((p) => pathwayOpen(p.id))
    .map((p) => ({
      id: p.id,
      kind: p.kind,
      side: p.side,
      d: p.d,
      // A course may bend through a point of another channel; a locked one is not named.
      stops: p.stops.map((s) => s.key).filter((key) => openKeys.has(key)),
    }))
  const groupIds = new Set([...points.map((p) => p.group), ...pathways.map((p) => p.id)])
  const { channels, vessels } = facts.snapshot
  const groups = [
    ...channels.filter((c) => groupIds.has(c.code)).map((c) => ({ id: c.code, name: c.data.name[language] })),
    ...vessels.filter((v) => groupIds.has(v.id)).map((v) => ({ id: v.id, name: v.data.name[language] })),
  ]
  return {
    id: view.id,
    title: view.title[language],
    description: view.description[language],
    viewBox: view.viewBox,
    nearSide: view.nearSide,
    art: source.art,
    regions: resolved.regions.map((r) => ({ area: r.area, d: polygonPath(r.polygon) })),
    points,
    dots: dotsOf(locked),
    lockedPoints,
    pathways,
    groups,
  }
}

/** What the index offers regardless of the caller: the places of every point, course and area. */
interface IndexFacts {
  readonly points: ReadonlyMap<string, ReadonlyArray<ChartPlace>>
  readonly pathways: ReadonlyMap<string, ReadonlyArray<ChartViewId>>
  readonly areas: ReadonlyMap<string, ReadonlyArray<ChartViewId>>
}

const rankViews = (counts: ReadonlyArray<{ view: ChartViewId; count: number }>, min: number) =>
  counts
    .filter((c) => c.count >= min)
    .sort(
      (a, b) =>
        b.count - a.count ||
        Number(BODY_VIEW_IDS.includes(b.view)) - Number(BODY_VIEW_IDS.includes(a.view)) ||
        CHART_VIEW_IDS.indexOf(a.view) - CHART_VIEW_IDS.indexOf(b.view),
    )
    .slice(0, MAX_VIEWS_PER_ITEM)
    .map((c) => c.view)

const indexFactsOf = (library: ChartLibrary, facts: ContentFacts): IndexFacts => {
  const sources = [...library.views.values()]
  const resolvedAll: ReadonlyArray<ResolvedView> = sources.map((s) => s.resolved)
  const codes = new Set(resolvedAll.flatMap((r) => r.points.map((p) => p.code)))
  const points = new Map<string, ReadonlyArray<ChartPlace>>()
  for (const code of codes) points.set(code, viewsForPoint(resolvedAll, code))
  const pathways = new Map<string, ReadonlyArray<ChartViewId>>()
  for (const pathway of library.pathways) {
    const counts = sources.map((source) => ({
      view: source.resolved.view.id,
      count: new Set(
        pathwaysOf(library, source)
          .filter((p) => p.id === pathway.id)
          .flatMap((p) => p.stops.map((s) => s.code)),
      ).size,
    }))
    pathways.set(pathway.id, rankViews(counts, 2))
  }
  const areas = new Map<string, ReadonlyArray<ChartViewId>>()
  for (const [area, members] of facts.areaPoints) {
    const counts = sources
      .filter((s) => s.resolved.regions.some((r) => r.area === area))
      .map((s) => ({
        view: s.resolved.view.id,
        count: new Set(s.resolved.points.filter((p) => members.has(p.code)).map((p) => p.code)).size,
      }))
    areas.set(area, rankViews(counts, 1))
  }
  return { points, pathways, areas }
}

const serveIndex = (
  library: ChartLibrary,
  facts: ContentFacts,
  indexFacts: IndexFacts,
  level: PlanLevel,
  language: SelectableLanguage,
): ChartIndex => {
  const open = (code: string) => {
    const free = facts.free.get(code)
    return free !== undefined && (free || level === "pro")
  }
  const pathwayOpen = (id: string) => {
    const free = facts.pathwayFree.get(id)
    return free !== undefined && (free || level === "pro")
  }
  return {
    views: [...library.views.values()].map(({ resolved }) => {
      const codes = new Set(resolved.points.map((p) => p.code))
      return {
        id: resolved.view.id,
        title: resolved.view.title[language],
        points: [...codes].filter(open).length,
        dots: dotsOf(resolved.points.filter((p) => !open(p.code))).length,
      }
    }),
    points: Object.fromEntries([...indexFacts.points].filter(([code]) => open(code))),
    pathways: Object.fromEntries([...indexFacts.pathways].filter(([id, views]) => pathwayOpen(id) && views.length > 0)),
    areas: Object.fromEntries([...indexFacts.areas].filter(([, views]) => views.length > 0)),
  }
}

export class Charts extends Context.Service<
  Charts,
  {
    readonly index: (caller: ChartCaller) => Effect.Effect<ChartAnswer>
    readonly view: (caller: ChartCaller, id: string) => Effect.Effect<ChartAnswer, NotFound>
    /** Every view as resolved from its file, for the features that place points on the charts (self-tests). */
    readonly resolvedViews: Effect.Effect<ReadonlyArray<ResolvedView>>
  }
>()("jingluo/server/Charts") {
  static readonly layer = Layer.effect(
    Charts,
    Effect.gen(function* () {
      const repo = yield* ChartsRepo
      const content = yield* Content
      const { message } = yield* Translations

      // Everything below is keyed by the content version; a new seed starts afresh.
      let version = ""
      let facts: ContentFacts | undefined
      let indexFacts: IndexFacts | undefined
      const answers = new Map<string, ChartAnswer>()
      const current = Effect.gen(function* () {
        const snapshot = yield* content.snapshot
        const library = yield* repo.library
        if (snapshot.version !== version || !facts) {
          version = snapshot.version
          facts = factsOf(snapshot)
          indexFacts = undefined
          answers.clear()
        }
        return { library, facts }
      })
      const cached = (key: string, build: () => unknown) => {
        let answer = answers.get(key)
        if (!answer) {
          answer = answerOf(build())
          answers.set(key, answer)
        }
        return answer
      }

      const index = Effect.fn("Charts.index")(function* (caller: ChartCaller) {
        const { library, facts } = yield* current
        const level = planLevel(caller.viewer)
        return cached(`index|${level}|${caller.language}`, () => {
          indexFacts ??= indexFactsOf(library, facts)
          return serveIndex(library, facts, indexFacts, level, caller.language)
        })
      })

      const view = Effect.fn("Charts.view")(function* (caller: ChartCaller, id: string) {
        const { library, facts } = yield* current
        const source = isChartViewId(id) ? library.views.get(id) : undefined
        if (!source) return yield* new NotFound({ message: message("notFound", caller.language) })
        const level = planLevel(caller.viewer)
        return cached(`view|${id}|${level}|${caller.language}`, () =>
          serveView(library, source, facts, level, caller.language),
        )
      })

      const resolvedViews = Effect.map(repo.library, (library) => [...library.views.values()].map((v) => v.resolved))
      return Charts.of({ index, view, resolvedViews })
    }),
  )
}

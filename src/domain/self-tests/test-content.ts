// What self-test questions are generated from, and which points a learner may meet in them. The
// server builds `TestContent` from the decoded content files (the decoded `content/` satisfies it
// as is) and a `TestPool` from the learner's plan and, for a group test, the group's points.
import type { ChartViewId } from "../charts/chart-ids.ts"
import type { BodyAreaId, ChannelCode, ChannelLevel, Localized, VesselId } from "../content/content-schema.ts"
import type { PointSafety } from "../content/point-safety.ts"
import { normalizeText, textTerms } from "./text-overlap.ts"

export interface TestPoint {
  readonly code: string
  readonly pinyin: string
  readonly pinyinPlain: string
  readonly hanzi: { readonly traditional: string; readonly simplified: string }
  readonly location: string
  readonly actions: ReadonlyArray<string>
  readonly indications: ReadonlyArray<string>
  readonly needling: { readonly cautions: ReadonlyArray<string>; readonly contraindications: ReadonlyArray<string> }
  readonly bodyAreas: ReadonlyArray<BodyAreaId>
  /** The safety flags (the content always has them; a test fixture may leave them out: no flags). */
  readonly safety?: PointSafety | undefined
}

export interface TestChannel {
  readonly code: ChannelCode
  readonly polarity: "yin" | "yang"
  readonly limb: "hand" | "foot" | "trunk"
  readonly pairedChannel: ChannelCode | null
  readonly coupledChannel: ChannelCode | null
  /** Six-channel level (Taiyang … Jueyin) of the twelve primary channels; null for Ren and Du. */
  readonly level: ChannelLevel | null
  /** Two-hour period of the organ clock; orders the flow of qi through the twelve channels. */
  readonly horary: { readonly from: string; readonly to: string } | null
  /** In order along the channel. */
  readonly points: ReadonlyArray<TestPoint>
}

export interface TestCategory {
  readonly id: string
  readonly members: ReadonlyArray<{ readonly point: string; readonly role?: Localized | undefined }>
}

export interface TestVessel {
  readonly id: VesselId
  readonly points: ReadonlyArray<string>
  readonly coupledVessel: VesselId
  readonly confluentPoint: string
}

/** One place a point is drawn on a chart view, in the view's coordinates. */
export interface TestChartSite {
  readonly key: string
  readonly code: string
  readonly x: number
  readonly y: number
}

export interface TestChartView {
  readonly id: ChartViewId
  /** The larger side of the drawing: distances on the view are judged against it. */
  readonly size: number
  readonly sites: ReadonlyArray<TestChartSite>
}

/** The body charts as the location test asks on them (see `test-charts.ts`). */
export interface TestCharts {
  readonly views: ReadonlyArray<TestChartView>
  /** Per point code, the views it is asked on (the best first) and its site to ask for there. */
  readonly places: Readonly<Record<string, ReadonlyArray<{ readonly view: ChartViewId; readonly key: string }>>>
}

export interface TestContent {
  readonly channels: ReadonlyArray<TestChannel>
  readonly extraPoints: ReadonlyArray<TestPoint>
  readonly categories: ReadonlyArray<TestCategory>
  readonly bodyAreas: ReadonlyArray<{ readonly id: BodyAreaId }>
  readonly vessels: ReadonlyArray<TestVessel>
  /** Without charts, the location test asks in words only. */
  readonly charts?: TestCharts | undefined
}

/** A point with everything the generators look up about it, computed once per content. */
export interface PointInfo {
  readonly code: string
  readonly point: TestPoint
  /** Position in content order: channels LU … GV, then the extra points. */
  readonly order: number
  readonly channel: TestChannel | null
  /** Index along its channel; -1 for an extra point. */
  readonly position: number
  /** Ids of the categories it belongs to, in content order. */
  readonly categories: ReadonlyArray<string>
  readonly areas: ReadonlySet<BodyAreaId>
  /** Significant terms of its actions and indications together. */
  readonly clinicalTerms: ReadonlySet<string>
  /** Significant terms of its needling cautions and contraindications together. */
  readonly cautionTerms: ReadonlySet<string>
  readonly pinyinKey: string
  readonly locationKey: string
  /** Normalized texts of its actions and indications together. */
  readonly clinicalKeys: ReadonlySet<string>
  /** Each text of these fields, normalized, with its significant terms (in field order). */
  readonly texts: Readonly<Record<"actions" | "indications" | "cautions", ReadonlyArray<IndexedText>>>
}

export interface IndexedText {
  readonly key: string
  readonly terms: ReadonlySet<string>
}

export interface TestIndex {
  readonly content: TestContent
  readonly points: ReadonlyArray<PointInfo>
  readonly byCode: ReadonlyMap<string, PointInfo>
  readonly channels: ReadonlyMap<ChannelCode, TestChannel>
  /** Body areas each channel's points lie in. */
  readonly channelAreas: ReadonlyMap<ChannelCode, ReadonlySet<BodyAreaId>>
  readonly categories: ReadonlyMap<string, TestCategory>
  readonly categoryMembers: ReadonlyMap<string, ReadonlySet<string>>
  /** The twelve primary channels in the order qi flows through them (by the organ clock). */
  readonly flowOrder: ReadonlyArray<ChannelCode>
  readonly vessels: ReadonlyMap<VesselId, TestVessel>
  /** `textTerms`, remembered per text. */
  readonly terms: (text: string) => ReadonlySet<string>
}

/** Letters of a pinyin name without tones, spaces or apostrophes: two names equal here sound alike. */
export const pinyinKey = (pinyin: string): string =>
  pinyin
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/v/g, "u")
    .replace(/[^a-z]/g, "")

const buildIndex = (content: TestContent): TestIndex => {
  const cache = new Map<string, ReadonlySet<string>>()
  const terms = (text: string) => {
    const key = normalizeText(text)
    let found = cache.get(key)
    if (!found) {
      found = textTerms(text)
      cache.set(key, found)
    }
    return found
  }
  const categoriesOf = new Map<string, Array<string>>()
  const categoryMembers = new Map<string, ReadonlySet<string>>()
  for (const category of content.categories) {
    categoryMembers.set(category.id, new Set(category.members.map((m) => m.point)))
    for (const member of category.members) {
      const list = categoriesOf.get(member.point) ?? []
      if (!list.includes(category.id)) list.push(category.id)
      categoriesOf.set(member.point, list)
    }
  }
  const indexed = (text: string): IndexedText => ({ key: normalizeText(text), terms: terms(text) })
  const union = (texts: ReadonlyArray<string>) => new Set(texts.flatMap((t) => [...terms(t)]))
  const info = (point: TestPoint, order: number, channel: TestChannel | null, position: number): PointInfo => ({
    code: point.code,
    point,
    order,
    channel,
    position,
    categories: categoriesOf.get(point.code) ?? [],
    areas: new Set(point.bodyAreas),
    clinicalTerms: union([...point.actions, ...point.indications]),
    cautionTerms: union([...point.needling.cautions, ...point.needling.contraindications]),
    pinyinKey: pinyinKey(point.pinyin),
    locationKey: normalizeText(point.location),
    clinicalKeys: new Set([...point.actions, ...point.indications].map(normalizeText)),
    texts: {
      actions: point.actions.map(indexed),
      indications: point.indications.map(indexed),
      cautions: point.needling.cautions.map(indexed),
    },
  })
  const points: Array<PointInfo> = []
  for (const channel of content.channels)
    channel.points.forEach((point, position) => {
      points.push(info(point, points.length, channel, position))
    })
  for (const point of content.extraPoints) points.push(info(point, points.length, null, -1))

  const channelAreas = new Map<ChannelCode, ReadonlySet<BodyAreaId>>(
    content.channels.map((c) => [c.code, new Set(c.points.flatMap((p) => p.bodyAreas))]),
  )
  const flowOrder = content.channels
    .filter((c): c is TestChannel & { horary: { from: string; to: string } } => c.horary !== null)
    .toSorted((a, b) => a.horary.from.localeCompare(b.horary.from))
    .map((c) => c.code)

  return {
    content,
    points,
    byCode: new Map(points.map((p) => [p.code, p])),
    channels: new Map(content.channels.map((c) => [c.code, c])),
    channelAreas,
    categories: new Map(content.categories.map((c) => [c.id, c])),
    categoryMembers,
    flowOrder,
    vessels: new Map(content.vessels.map((v) => [v.id, v])),
    terms,
  }
}

const indexes = new WeakMap<TestContent, TestIndex>()

/** The lookups for one content snapshot; built once per snapshot object. */
export const indexTestContent = (content: TestContent): TestIndex => {
  let index = indexes.get(content)
  if (!index) {
    index = buildIndex(content)
    indexes.set(content, index)
  }
  return index
}

/**
 * Which points a test may show and which it asks about. `points` are the points the learner may
 * open: no question, right answer or wrong option ever shows another. `focus` are the points the
 * questions are about (a point group's points, or all of `points`). `vessels` are the
 * extraordinary vessels whose pages the learner may open.
 */
export interface TestPool {
  readonly points: ReadonlySet<string>
  readonly focus: ReadonlySet<string>
  readonly vessels: ReadonlySet<VesselId>
}

/** A pool over known points only; `focus` is cut down to `points` (a Pro point in a group of a Standard user drops out). */
export const makeTestPool = (
  content: TestContent,
  spec: {
    readonly points: Iterable<string>
    readonly focus?: Iterable<string> | undefined
    readonly vessels?: Iterable<VesselId> | undefined
  },
): TestPool => {
  const index = indexTestContent(content)
  const points = new Set([...spec.points].filter((code) => index.byCode.has(code)))
  const focus = new Set([...(spec.focus ?? points)].filter((code) => points.has(code)))
  const vessels = new Set([...(spec.vessels ?? [])].filter((id) => index.vessels.has(id)))
  return { points, focus, vessels }
}

/** What `content/access.json` declares free for the test pool: channels and vessels. */
export interface FreeTestContent {
  readonly channels: ReadonlyArray<ChannelCode>
  readonly vessels: ReadonlyArray<VesselId>
}

/**
 * The pool of a learner (§6): a Pro learner may meet every point and vessel; a visitor or Standard
 * learner only the points of free channels (extra points are Pro) and the free vessels — the same
 * rule the content seed stores as `free`. `focus` limits the questions to a point group.
 */
export const learnerTestPool = (
  content: TestContent,
  free: FreeTestContent,
  pro: boolean,
  focus?: Iterable<string>,
): TestPool => {
  const index = indexTestContent(content)
  const freeChannels = new Set<ChannelCode>(free.channels)
  const points = pro
    ? index.points.map((p) => p.code)
    : index.points.filter((p) => p.channel !== null && freeChannels.has(p.channel.code)).map((p) => p.code)
  const vessels = pro ? content.vessels.map((v) => v.id) : free.vessels
  return makeTestPool(content, { points, focus, vessels })
}

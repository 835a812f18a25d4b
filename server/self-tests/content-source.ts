// What self-tests are generated from and worded with, per content version: the knowledge base as
// the domain's `TestContent` (rebuilt from the seeded rows, so tests follow the database like every
// page does), each point's `free` flag, and the learner's language — names from the content,
// texts (locations, actions …) from the German and Spanish overlays under content/translations —
// and where the body charts draw each point, for the location questions answered on a chart.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Context, Effect, Layer, Schema } from "effect"
import type { Localized, VesselId } from "../../src/domain/content/content-schema.ts"
import { localized } from "../../src/domain/content/localize-content.ts"
import {
  ChannelTranslationFile,
  ExtraPointsTranslationFile,
  type PointTranslation,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
} from "../../src/domain/content/translation-schema.ts"
import type { Hanzi, TextRef } from "../../src/domain/self-tests/question.ts"
import { testChartsOf } from "../../src/domain/self-tests/test-charts.ts"
import type {
  TestCategory,
  TestChannel,
  TestCharts,
  TestContent,
  TestPoint,
} from "../../src/domain/self-tests/test-content.ts"
import type { NameKind } from "../../src/domain/self-tests/test-views.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Charts } from "../charts/service.ts"
import { Content, type ContentSnapshot, type PointRow } from "../content/service.ts"
import { ServerConfig } from "../platform/config/server-config.ts"

export interface PointFacts {
  readonly code: string
  readonly slug: string
  readonly pinyin: string
  readonly hanzi: Hanzi
  readonly name: Localized
  readonly free: boolean
}

/** One content version, ready for generating and presenting questions. */
export interface TestContentBundle {
  readonly version: string
  readonly content: TestContent
  readonly points: ReadonlyMap<string, PointFacts & { readonly data: PointRow["data"] }>
  readonly freePoints: ReadonlyArray<string>
  readonly freeVessels: ReadonlyArray<VesselId>
  readonly allPoints: ReadonlyArray<string>
  /** Name of a channel, category, body area or vessel in a language (English where missing). */
  readonly name: (kind: NameKind, id: string, language: SelectableLanguage) => string | undefined
  /** A content text in a language, and the language it is actually in. */
  readonly text: (
    ref: TextRef,
    language: SelectableLanguage,
  ) => { readonly text: string; readonly language: SelectableLanguage }
}

type Overlays = Readonly<Record<TranslatedLanguage, ReadonlyMap<string, PointTranslation>>>

/** The point overlays of each translated language; a missing folder or file is simply untranslated. */
const readOverlays = (contentDir: string): Overlays => {
  const read = (language: TranslatedLanguage) => {
    const map = new Map<string, PointTranslation>()
    const dir = join(contentDir, "translations", language)
    const channels = join(dir, "channels")
    const files = existsSync(channels) ? readdirSync(channels).filter((f) => f.endsWith(".json")) : []
    for (const file of files) {
      const decoded = Schema.decodeUnknownSync(ChannelTranslationFile)(
        JSON.parse(readFileSync(join(channels, file), "utf8")),
      )
      for (const [code, text] of Object.entries(decoded.points)) map.set(code, text)
    }
    const extra = join(dir, "extra-points.json")
    if (existsSync(extra)) {
      const decoded = Schema.decodeUnknownSync(ExtraPointsTranslationFile)(JSON.parse(readFileSync(extra, "utf8")))
      for (const [code, text] of Object.entries(decoded.points)) map.set(code, text)
    }
    return map
  }
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, read(l)])) as unknown as Overlays
}

const textOf = (
  source: {
    readonly location: string
    readonly actions: ReadonlyArray<string>
    readonly indications: ReadonlyArray<string>
    readonly needling: { readonly cautions: ReadonlyArray<string>; readonly contraindications: ReadonlyArray<string> }
  },
  ref: TextRef,
): string | undefined => {
  switch (ref.field) {
    case "location":
      return source.location
    case "actions":
      return source.actions[ref.index]
    case "indications":
      return source.indications[ref.index]
    case "cautions":
      return source.needling.cautions[ref.index]
    case "contraindications":
      return source.needling.contraindications[ref.index]
  }
}

export const buildBundle = (
  snapshot: ContentSnapshot,
  overlays: Overlays,
  charts?: TestCharts | undefined,
): TestContentBundle => {
  const rows = [...snapshot.pointBySlug.values()]
  const testPoint = (row: PointRow): TestPoint => row.data
  const byChannel = new Map<string, Array<PointRow>>()
  for (const row of rows) {
    if (row.channel_code === null) continue
    const list = byChannel.get(row.channel_code) ?? []
    list.push(row)
    byChannel.set(row.channel_code, list)
  }
  const channels: Array<TestChannel> = snapshot.channels.map((c) => ({
    code: c.data.code,
    polarity: c.data.polarity,
    limb: c.data.limb,
    pairedChannel: c.data.pairedChannel,
    coupledChannel: c.data.coupledChannel,
    level: c.data.level,
    horary: c.data.horary,
    points: (byChannel.get(c.code) ?? []).toSorted((a, b) => a.position - b.position).map(testPoint),
  }))
  const extraRows = rows.filter((r) => r.kind === "extra").toSorted((a, b) => a.position - b.position)
  const membersOf = new Map<string, Array<{ point: string; role?: Localized }>>()
  for (const member of snapshot.members) {
    const list = membersOf.get(member.category_id) ?? []
    list.push({ point: member.point_code, ...(member.role ? { role: member.role } : {}) })
    membersOf.set(member.category_id, list)
  }
  const categories: Array<TestCategory> = snapshot.categories.map((c) => ({
    id: c.id,
    members: membersOf.get(c.id) ?? [],
  }))
  const content: TestContent = {
    channels,
    extraPoints: extraRows.map(testPoint),
    categories,
    bodyAreas: snapshot.bodyAreas.map((a) => ({ id: a.data.id })),
    vessels: snapshot.vessels.map((v) => ({
      id: v.data.id,
      points: v.data.points,
      coupledVessel: v.data.coupledVessel,
      confluentPoint: v.data.confluentPoint,
    })),
    charts,
  }
  const points = new Map(
    rows.map((r) => [
      r.code,
      {
        code: r.code,
        slug: r.slug,
        pinyin: r.data.pinyin,
        hanzi: r.data.hanzi,
        name: r.data.name,
        free: r.free,
        data: r.data,
      },
    ]),
  )
  const names: Record<NameKind, Map<string, Localized>> = {
    channel: new Map(snapshot.channels.map((c) => [c.code, c.data.name])),
    category: new Map(snapshot.categories.map((c) => [c.id, c.data.name])),
    bodyArea: new Map(snapshot.bodyAreas.map((a) => [a.id, a.data.name])),
    vessel: new Map(snapshot.vessels.map((v) => [v.id, v.data.name])),
  }
  const englishText = (ref: TextRef) => {
    const point = points.get(ref.point)
    return point ? textOf(point.data, ref) : undefined
  }
  return {
    version: snapshot.version,
    content,
    points,
    freePoints: rows.filter((r) => r.free).map((r) => r.code),
    freeVessels: snapshot.vessels.filter((v) => v.free).map((v) => v.data.id),
    allPoints: rows.map((r) => r.code),
    name: (kind, id, language) => {
      const found = names[kind].get(id)
      return found ? localized(found, language) : undefined
    },
    text: (ref, language) => {
      const overlay = language === "en" ? undefined : overlays[language].get(ref.point)
      const translated = overlay ? textOf(overlay, ref) : undefined
      if (translated) return { text: translated, language }
      // A reference to text that is gone (content changed under a stored test) reads as empty.
      return { text: englishText(ref) ?? "", language: "en" }
    },
  }
}

export class TestContentSource extends Context.Service<
  TestContentSource,
  { readonly current: Effect.Effect<TestContentBundle> }
>()("jingluo/server/TestContentSource") {
  static readonly layer = Layer.effect(
    TestContentSource,
    Effect.gen(function* () {
      const content = yield* Content
      const chartsService = yield* Charts
      const { contentDir } = yield* ServerConfig
      let overlays: Overlays | undefined
      // The chart files change only with a deploy: read once, like the overlays.
      let charts: TestCharts | undefined
      let cached: TestContentBundle | undefined
      const current = Effect.gen(function* () {
        const snapshot = yield* content.snapshot
        if (cached?.version === snapshot.version) return cached
        overlays ??= yield* Effect.sync(() => readOverlays(contentDir))
        if (!charts) {
          charts = testChartsOf(yield* chartsService.resolvedViews)
        }
        cached = buildBundle(snapshot, overlays, charts)
        return cached
      })
      return TestContentSource.of({ current })
    }),
  )
}

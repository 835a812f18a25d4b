// The knowledge base as callers see it: names and long texts in their language (English field by
// field where a translation is missing, with the language of each text), `permission` on every
// item by the one rule of src/domain/content/permissions.ts, and never the body of an item the caller may
// not open (403 ProRequired, with no content).
import { Context, Effect, Layer } from "effect"
import type {
  BodyAreaListItem,
  BodyAreaPage,
  BookPage,
  CategoryListItem,
  CategoryPage,
  ChannelIndex,
  ChannelPage,
  ExtraPointsPage,
  FieldOption,
  MenuSection,
  PointPage,
  VesselPage,
} from "../../src/domain/content/content-views.ts"
import {
  localizeChannel,
  localized,
  localizeInline,
  localizePoint,
  localizeVessel,
} from "../../src/domain/content/localize-content.ts"
import { canOpen } from "../../src/domain/content/permissions.ts"
import { localizeSafety } from "../../src/domain/content/point-safety.ts"
import { type LockedItem, NotFound, ProRequired } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { type Caller, categoryIndex, channelRef, groupByChannel, overlayOf, pageLanguage, summary } from "./listings.ts"
import { contentMenus } from "./menus.ts"
import { ContentRepo, type ContentSnapshot, type PointBrief } from "./repo.ts"

/** The loaded content's shapes and who asks, for the features that read it through this service. */
export type { Caller } from "./listings.ts"
export type { ContentSnapshot, PointRow } from "./repo.ts"

/** Fields of a point that the main search can look in (§2 search panels). */
export const POINT_FIELDS = [
  "point_name",
  "location",
  "locating",
  "needling",
  "actions",
  "indications",
  "commentary",
] as const

export class Content extends Context.Service<
  Content,
  {
    readonly menus: (caller: Caller) => Effect.Effect<ReadonlyArray<MenuSection>>
    readonly channelIndex: (caller: Caller) => Effect.Effect<ChannelIndex>
    readonly channel: (caller: Caller, slug: string) => Effect.Effect<ChannelPage, NotFound | ProRequired>
    readonly point: (caller: Caller, slug: string) => Effect.Effect<PointPage, NotFound | ProRequired>
    readonly bodyAreaList: (caller: Caller) => Effect.Effect<ReadonlyArray<BodyAreaListItem>>
    readonly bodyArea: (caller: Caller, slug: string) => Effect.Effect<BodyAreaPage, NotFound | ProRequired>
    readonly categoryList: (caller: Caller) => Effect.Effect<ReadonlyArray<CategoryListItem>>
    readonly category: (caller: Caller, slug: string) => Effect.Effect<CategoryPage, NotFound | ProRequired>
    readonly vessel: (caller: Caller, slug: string) => Effect.Effect<VesselPage, NotFound | ProRequired>
    readonly extraPoints: (caller: Caller) => Effect.Effect<ExtraPointsPage, ProRequired>
    readonly staticMenus: (
      caller: Caller,
    ) => Effect.Effect<ReadonlyArray<{ slug: string; title: string; summary: string; permission: boolean }>>
    readonly page: (caller: Caller, slug: string) => Effect.Effect<BookPage, NotFound | ProRequired>
    readonly channelFields: (caller: Caller) => Effect.Effect<ReadonlyArray<FieldOption>>
    readonly pointFields: (caller: Caller) => Effect.Effect<ReadonlyArray<FieldOption>>
    readonly pointNameFields: (
      caller: Caller,
      channelSlug: string,
    ) => Effect.Effect<ReadonlyArray<FieldOption>, NotFound>
    /** The content version every answer above is made from; answers change only when it does. */
    readonly version: Effect.Effect<string>
    /** The loaded content itself, for the features built on it (self-tests, charts); keyed by its version. */
    readonly snapshot: Effect.Effect<ContentSnapshot>
  }
>()("jingluo/server/Content") {
  static readonly layer = Layer.effect(
    Content,
    Effect.gen(function* () {
      const repo = yield* ContentRepo
      const { t, message } = yield* Translations
      const extraPointsTitle = (language: SelectableLanguage, count: number) =>
        t(language, "server:content.extraPointsTitle", { count })
      const sectionTitle = (language: SelectableLanguage, id: MenuSection["id"]) =>
        t(language, `server:content.menuSections.${id}`)

      const notFound = (language: SelectableLanguage) => new NotFound({ message: message("notFound", language) })
      const proRequired = (language: SelectableLanguage, item?: LockedItem) =>
        new ProRequired({ message: message("proRequired", language), ...(item ? { item } : {}) })

      /** Fails unless the item exists and the caller may open it; a locked one is named by its public facts. */
      const guard = <A extends { readonly free: boolean }>(
        caller: Caller,
        found: A | undefined,
        facts: (item: A) => LockedItem,
      ) =>
        found === undefined
          ? Effect.fail(notFound(caller.language))
          : canOpen(caller.viewer, found)
            ? Effect.succeed(found)
            : Effect.fail(proRequired(caller.language, facts(found)))

      const menus = Effect.fn("Content.menus")(function* (caller: Caller) {
        return contentMenus(yield* repo.snapshot, caller, { sectionTitle, extraPointsTitle })
      })

      const channelIndex = Effect.fn("Content.channelIndex")(function* (caller: Caller) {
        const { channels, briefs: points, vessels } = yield* repo.snapshot
        const extras = points.filter((p) => p.kind === "extra")
        return {
          channels: channels.map((c) => ({
            code: c.code,
            slug: c.slug,
            name: localized(c.data.name, caller.language),
            pinyin: c.data.pinyin,
            hanzi: c.data.hanzi.traditional,
            pointCount: points.filter((p) => p.channel_code === c.code).length,
            permission: canOpen(caller.viewer, c),
          })),
          vessels: vessels.map((v) => ({
            id: v.id,
            slug: v.slug,
            name: localized(v.data.name, caller.language),
            permission: canOpen(caller.viewer, v),
          })),
          extraPoints: { count: extras.length, permission: extras.some((p) => canOpen(caller.viewer, p)) },
        }
      })

      const channel = Effect.fn("Content.channel")(function* (caller: Caller, slug: string) {
        const snapshot = yield* repo.snapshot
        const row = yield* guard(caller, snapshot.channelBySlug.get(slug), (c) => ({
          kind: "channel",
          code: c.code,
          pinyin: c.data.pinyin,
          name: localized(c.data.name, caller.language),
        }))
        const points = snapshot.briefs
        const categories = categoryIndex(caller, snapshot)
        const partner = (code: string | null) => {
          const found = code === null ? undefined : snapshot.channelByCode.get(code)
          return found ? channelRef(caller, found) : null
        }
        const d = row.data
        const texts = localizeChannel(d, overlayOf(d.translations, caller.language), caller.language)
        return {
          code: row.code,
          slug: row.slug,
          name: localized(d.name, caller.language),
          pinyin: d.pinyin,
          hanzi: d.hanzi,
          polarity: d.polarity,
          limb: d.limb,
          level: d.level,
          phase: d.phase,
          organ: d.organ ? localized(d.organ, caller.language) : null,
          horary: d.horary,
          pairedChannel: partner(d.pairedChannel),
          coupledChannel: partner(d.coupledChannel),
          summary: texts.summary,
          pathway: texts.pathway,
          connections: texts.connections,
          textLanguage: pageLanguage(texts.languages, caller.language),
          textLanguages: texts.languages,
          points: points.filter((p) => p.channel_code === row.code).map((p) => summary(caller, p, categories)),
        }
      })

      const point = Effect.fn("Content.point")(function* (caller: Caller, slug: string) {
        const snapshot = yield* repo.snapshot
        const row = yield* guard(caller, snapshot.pointBySlug.get(slug), (p) => {
          // Which channel a point lies on is public: its code says it, and every list names it.
          const channel = p.channel_code === null ? undefined : snapshot.channelByCode.get(p.channel_code)
          return {
            kind: "point",
            code: p.code,
            pinyin: p.data.pinyin,
            name: localized(p.data.name, caller.language),
            ...(channel === undefined ? {} : { channel: localized(channel.data.name, caller.language) }),
          }
        })
        const { briefs, bodyAreas: areas, areaPoints } = snapshot
        const categories = categoryIndex(caller, snapshot)
        const channelRow = row.channel_code === null ? null : (snapshot.channelByCode.get(row.channel_code) ?? null)
        const siblings = briefs.filter((p) =>
          row.kind === "extra" ? p.kind === "extra" : p.channel_code === row.channel_code,
        )
        const index = siblings.findIndex((p) => p.code === row.code)
        const ref = (p: PointBrief | undefined) =>
          p ? { code: p.code, slug: p.slug, name: localized(p.name, caller.language), pinyin: p.pinyin } : null
        const d = row.data
        const texts = localizePoint(d, overlayOf(d.translations, caller.language), caller.language)
        // A flag's reason is its sentence as `texts` shows it; its label the glossary's, by id.
        const safety = localizeSafety(d.safety, texts.needling, (id) => {
          const label = d.safetyLabels[id]
          return label === undefined ? id : localized(label, caller.language)
        })
        const areaIds = new Set(areaPoints.filter((ap) => ap.point_code === row.code).map((ap) => ap.body_area_id))
        return {
          code: row.code,
          altCodes: d.altCodes,
          slug: row.slug,
          pinyin: d.pinyin,
          hanzi: d.hanzi,
          name: localized(d.name, caller.language),
          names: d.name,
          channel: channelRow ? channelRef(caller, channelRow) : null,
          region: d.region ?? null,
          location: texts.location,
          locating: texts.locating,
          needling: texts.needling,
          safety,
          actions: texts.actions,
          indications: texts.indications,
          commentary: texts.commentary,
          textLanguage: pageLanguage(texts.languages, caller.language),
          textLanguages: texts.languages,
          categories: categories.get(row.code) ?? [],
          bodyAreas: areas
            .filter((a) => areaIds.has(a.id))
            .map((a) => ({
              slug: a.slug,
              name: localized(a.data.name, caller.language),
              permission: canOpen(caller.viewer, a),
            })),
          previous: ref(index > 0 ? siblings[index - 1] : undefined),
          next: ref(index >= 0 ? siblings[index + 1] : undefined),
        }
      })

      const bodyAreaList = Effect.fn("Content.bodyAreaList")(function* (caller: Caller) {
        const { bodyAreas: areas } = yield* repo.snapshot
        return areas.map((a) => ({
          id: a.id,
          title: localized(a.data.name, caller.language),
          slug: a.slug,
          mapping_id: a.id,
          permission: canOpen(caller.viewer, a),
        }))
      })

      const bodyArea = Effect.fn("Content.bodyArea")(function* (caller: Caller, slug: string) {
        const snapshot = yield* repo.snapshot
        const row = yield* guard(caller, snapshot.bodyAreaBySlug.get(slug), (a) => ({
          kind: "bodyArea",
          code: null,
          pinyin: null,
          name: localized(a.data.name, caller.language),
        }))
        const { briefs, areaPoints, channels } = snapshot
        const categories = categoryIndex(caller, snapshot)
        const codes = new Set(areaPoints.filter((ap) => ap.body_area_id === row.id).map((ap) => ap.point_code))
        const description = localizeInline(row.data.description, caller.language)
        return {
          id: row.id,
          slug: row.slug,
          title: localized(row.data.name, caller.language),
          description: description.value,
          textLanguage: description.language,
          groups: groupByChannel(
            caller,
            briefs.filter((p) => codes.has(p.code)),
            channels,
            categories,
          ),
        }
      })

      const categoryList = Effect.fn("Content.categoryList")(function* (caller: Caller) {
        const { categories, members } = yield* repo.snapshot
        return categories.map((c) => ({
          id: c.id,
          slug: c.slug,
          title: localized(c.data.name, caller.language),
          pointCount: members.filter((m) => m.category_id === c.id).length,
          permission: canOpen(caller.viewer, c),
        }))
      })

      const category = Effect.fn("Content.category")(function* (caller: Caller, slug: string) {
        const snapshot = yield* repo.snapshot
        const row = yield* guard(caller, snapshot.categoryBySlug.get(slug), (c) => ({
          kind: "category",
          code: null,
          pinyin: null,
          name: localized(c.data.name, caller.language),
        }))
        const { members } = snapshot
        const categories = categoryIndex(caller, snapshot)
        const byCode = snapshot.briefByCode
        const description = localizeInline(row.data.description, caller.language)
        return {
          id: row.id,
          slug: row.slug,
          title: localized(row.data.name, caller.language),
          description: description.value,
          textLanguage: description.language,
          members: members
            .filter((m) => m.category_id === row.id && byCode.has(m.point_code))
            .map((m) => ({
              point: summary(caller, byCode.get(m.point_code)!, categories),
              role: m.role ? localized(m.role, caller.language) : null,
              phase: m.phase,
            })),
        }
      })

      const vessel = Effect.fn("Content.vessel")(function* (caller: Caller, slug: string) {
        const snapshot = yield* repo.snapshot
        const row = yield* guard(caller, snapshot.vesselBySlug.get(slug), (v) => ({
          kind: "vessel",
          code: null,
          pinyin: v.data.pinyin,
          name: localized(v.data.name, caller.language),
        }))
        const { vessels } = snapshot
        const categories = categoryIndex(caller, snapshot)
        const byCode = snapshot.briefByCode
        const s = (code: string | null) =>
          code && byCode.has(code) ? summary(caller, byCode.get(code)!, categories) : null
        const coupled = vessels.find((v) => v.id === row.data.coupledVessel)!
        const d = row.data
        const texts = localizeVessel(d, overlayOf(d.translations, caller.language), caller.language)
        return {
          id: row.id,
          slug: row.slug,
          name: localized(d.name, caller.language),
          pinyin: d.pinyin,
          hanzi: d.hanzi,
          pathway: texts.pathway,
          commentary: texts.commentary,
          uses: texts.uses,
          textLanguage: pageLanguage(texts.languages, caller.language),
          textLanguages: texts.languages,
          confluentPoint: s(d.confluentPoint)!,
          coupledVessel: {
            slug: coupled.slug,
            name: localized(coupled.data.name, caller.language),
            permission: canOpen(caller.viewer, coupled),
          },
          xiCleftPoint: s(d.xiCleftPoint),
          luoPoint: s(d.luoPoint),
          points: d.points.flatMap((code) => s(code) ?? []),
        }
      })

      const extraPoints = Effect.fn("Content.extraPoints")(function* (caller: Caller) {
        const snapshot = yield* repo.snapshot
        const categories = categoryIndex(caller, snapshot)
        const extras = snapshot.briefs.filter((p) => p.kind === "extra")
        if (!extras.some((p) => canOpen(caller.viewer, p))) {
          return yield* proRequired(caller.language, {
            kind: "extraPoints",
            code: null,
            pinyin: null,
            name: extraPointsTitle(caller.language, extras.length),
          })
        }
        const regions = [...new Set(extras.map((p) => p.region ?? ""))]
        return {
          regions: regions.map((region) => ({
            region,
            points: extras.filter((p) => (p.region ?? "") === region).map((p) => summary(caller, p, categories)),
          })),
        }
      })

      const staticMenus = Effect.fn("Content.staticMenus")(function* (caller: Caller) {
        const { pages } = yield* repo.snapshot
        return pages.map((p) => ({
          slug: p.slug,
          title: localized(p.data.title, caller.language),
          summary: localized(p.data.summary, caller.language),
          permission: canOpen(caller.viewer, p),
        }))
      })

      const page = Effect.fn("Content.page")(function* (caller: Caller, slug: string) {
        const row = yield* guard(caller, (yield* repo.snapshot).pageBySlug.get(slug), (p) => ({
          kind: "page",
          code: null,
          pinyin: null,
          name: localized(p.data.title, caller.language),
        }))
        return {
          slug: row.slug,
          title: localized(row.data.title, caller.language),
          summary: localized(row.data.summary, caller.language),
          body: row.data.body[caller.language],
          textLanguage: caller.language,
        }
      })

      const channelFields = Effect.fn("Content.channelFields")(function* (caller: Caller) {
        // The select in search lists channels only: the eight extraordinary vessels are left out (§6).
        const { channels } = yield* repo.snapshot
        return channels.map((c) => ({
          slug: c.slug,
          title: `${c.code} · ${localized(c.data.name, caller.language)}`,
          permission: canOpen(caller.viewer, c),
        }))
      })

      const pointFields = (caller: Caller) =>
        Effect.succeed(
          POINT_FIELDS.map((field) => ({
            slug: field,
            title: t(caller.language, `server:content.pointFields.${field}`),
            permission: true,
          })),
        )

      const pointNameFields = Effect.fn("Content.pointNameFields")(function* (caller: Caller, channelSlug: string) {
        const snapshot = yield* repo.snapshot
        const channelRow = snapshot.channelBySlug.get(channelSlug)
        if (channelRow === undefined) return yield* notFound(caller.language)
        return snapshot.briefs
          .filter((p) => p.channel_code === channelRow.code)
          .map((p) => ({ slug: p.slug, title: `${p.code} ${p.pinyin}`, permission: canOpen(caller.viewer, p) }))
      })

      return Content.of({
        version: repo.version,
        snapshot: repo.snapshot,
        menus,
        channelIndex,
        channel,
        point,
        bodyAreaList,
        bodyArea,
        categoryList,
        category,
        vessel,
        extraPoints,
        staticMenus,
        page,
        channelFields,
        pointFields,
        pointNameFields,
      })
    }),
  )
}

// How the content pages list what they link to, in the caller's language and by the one rule of
// src/domain/content/permissions.ts: a channel reference, the category badges per point, a point as
// a page lists it and as the menus list it, points grouped by channel; and which translation of a
// row a page reads. Pure, over the loaded content (repo.ts).
import type { ChannelRef, MenuPoint, PointSummary } from "../../src/domain/content/content-views.ts"
import { languagesOf, localized } from "../../src/domain/content/localize-content.ts"
import { canOpen, type Viewer } from "../../src/domain/content/permissions.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import type { ChannelRow, ContentSnapshot, PointBrief } from "./repo.ts"

/** Who is asking: visitor or member with a plan, and in which language. */
export interface Caller {
  readonly viewer: Viewer
  readonly language: SelectableLanguage
}

/** A category badge of a point. */
export interface CategoryBadge {
  readonly slug: string
  readonly name: string
  readonly role: string | null
  readonly permission: boolean
}

export const channelRef = (caller: Caller, row: ChannelRow): ChannelRef => ({
  code: row.code,
  slug: row.slug,
  name: localized(row.data.name, caller.language),
  permission: canOpen(caller.viewer, row),
})

/** Category badges per point, for summaries. */
export const categoryIndex = (
  caller: Caller,
  snapshot: ContentSnapshot,
): ReadonlyMap<string, ReadonlyArray<CategoryBadge>> => {
  const { categories, members } = snapshot
  const byId = new Map(categories.map((c) => [c.id, c]))
  const index = new Map<string, Array<CategoryBadge>>()
  for (const member of members) {
    const category = byId.get(member.category_id)
    if (!category) continue
    const list = index.get(member.point_code) ?? []
    if (!list.some((c) => c.slug === category.slug)) {
      list.push({
        slug: category.slug,
        name: localized(category.data.name, caller.language),
        role: member.role ? localized(member.role, caller.language) : null,
        permission: canOpen(caller.viewer, category),
      })
    }
    index.set(member.point_code, list)
  }
  return index
}

/**
 * A point as listed on a page. A point the caller may not open is named by its public facts
 * only, as everywhere else: which categories it belongs to is part of what Pro opens.
 */
export const summary = (
  caller: Caller,
  point: PointBrief,
  categories: ReadonlyMap<string, ReadonlyArray<{ slug: string; name: string }>>,
): PointSummary => {
  const permission = canOpen(caller.viewer, point)
  return {
    code: point.code,
    slug: point.slug,
    pinyin: point.pinyin,
    hanzi: point.hanzi,
    name: localized(point.name, caller.language),
    permission,
    categories: permission ? (categories.get(point.code) ?? []).map(({ slug, name }) => ({ slug, name })) : [],
  }
}

/** A point as the menus list it. */
export const menuPoint = (caller: Caller, point: PointBrief, role: string | null = null): MenuPoint => ({
  id: point.code,
  name: point.code,
  title: `${point.pinyin} · ${localized(point.name, caller.language)}`,
  slug: point.slug,
  itemType: "point",
  channel_id: point.channel_code,
  permission: canOpen(caller.viewer, point),
  role,
})

/** Points grouped by channel in channel order; extra points last. */
export const groupByChannel = (
  caller: Caller,
  points: ReadonlyArray<PointBrief>,
  channels: ReadonlyArray<ChannelRow>,
  categories: ReadonlyMap<string, ReadonlyArray<{ slug: string; name: string }>>,
) => {
  const groups = channels
    .map((c) => ({
      channel: channelRef(caller, c),
      points: points.filter((p) => p.channel_code === c.code).map((p) => summary(caller, p, categories)),
    }))
    .filter((g) => g.points.length > 0)
  const extras = points.filter((p) => p.kind === "extra").map((p) => summary(caller, p, categories))
  return extras.length > 0 ? [...groups, { channel: null, points: extras }] : groups
}

/** The translation a row carries for the caller's language; none for English, the source. */
export const overlayOf = <A>(
  translations: { readonly de?: A | undefined; readonly es?: A | undefined } | undefined,
  language: SelectableLanguage,
): A | undefined => (language === "en" ? undefined : translations?.[language])

/** A page's `textLanguage`: the caller's language when every text is in it, else English. */
export const pageLanguage = (languages: object, language: SelectableLanguage) =>
  languagesOf(languages).every((l) => l === language) ? language : "en"

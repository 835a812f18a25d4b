// What the content calls answer (§3 entities, §7 calls): the drill-down menu, channel, point, body
// area, category, vessel and book pages, and the option lists for search. Names and long texts come
// in the request's language; a long text not yet translated comes in English, and `textLanguages`
// says per field which language each text is in (`textLanguage` is the request's language when
// every text is in it, else "en").
import { Schema } from "effect"
import { PointSafetyView } from "./point-safety.ts"

/** "en", "de" or "es": the language a text is shown in. */
const TextLanguage = Schema.String

export const MenuType = Schema.Literals(["channels", "categories", "bodyAreas"])
export type MenuType = typeof MenuType.Type

/** The heading an entry is listed under inside its section (channels, vessels and extra points share one). */
export const MenuGroup = Schema.Literals(["channels", "vessels", "extraPoints", "categories", "bodyAreas"])
export type MenuGroup = typeof MenuGroup.Type

export const MenuPoint = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  itemType: Schema.Literal("point"),
  channel_id: Schema.NullOr(Schema.String),
  permission: Schema.Boolean,
  /** For category members: what the point stands for in the group (organ, phase, sea…). */
  role: Schema.NullOr(Schema.String),
})
export type MenuPoint = typeof MenuPoint.Type

export const MenuEntry = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  itemType: Schema.Literals(["channel", "vessel", "extra-points", "group", "body-area"]),
  menuType: MenuType,
  group: MenuGroup,
  channel_id: Schema.NullOr(Schema.String),
  permission: Schema.Boolean,
  /** Empty for a locked entry: its points are Pro content. */
  points: Schema.Array(MenuPoint),
  children: Schema.Array(Schema.Unknown),
})
export type MenuEntry = typeof MenuEntry.Type

export const MenuSection = Schema.Struct({
  id: MenuType,
  name: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  itemType: Schema.Literal("menu"),
  menuType: MenuType,
  channel_id: Schema.Null,
  permission: Schema.Boolean,
  children: Schema.Array(MenuEntry),
  points: Schema.Array(MenuPoint),
})
export type MenuSection = typeof MenuSection.Type

export const PointSummary = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.String,
  name: Schema.String,
  permission: Schema.Boolean,
  categories: Schema.Array(Schema.Struct({ slug: Schema.String, name: Schema.String })),
})
export type PointSummary = typeof PointSummary.Type

export const ChannelRef = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  permission: Schema.Boolean,
})
export type ChannelRef = typeof ChannelRef.Type

export const ChannelListItem = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.String,
  pointCount: Schema.Int,
  permission: Schema.Boolean,
})

export const ChannelIndex = Schema.Struct({
  channels: Schema.Array(ChannelListItem),
  vessels: Schema.Array(
    Schema.Struct({ id: Schema.String, slug: Schema.String, name: Schema.String, permission: Schema.Boolean }),
  ),
  extraPoints: Schema.Struct({ count: Schema.Int, permission: Schema.Boolean }),
})
export type ChannelIndex = typeof ChannelIndex.Type

export const ChannelPage = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.Struct({ traditional: Schema.String, simplified: Schema.String }),
  polarity: Schema.String,
  limb: Schema.String,
  level: Schema.NullOr(Schema.String),
  phase: Schema.NullOr(Schema.String),
  organ: Schema.NullOr(Schema.String),
  horary: Schema.NullOr(Schema.Struct({ from: Schema.String, to: Schema.String })),
  pairedChannel: Schema.NullOr(ChannelRef),
  coupledChannel: Schema.NullOr(ChannelRef),
  summary: Schema.String,
  pathway: Schema.Struct({ external: Schema.String, internal: Schema.String }),
  connections: Schema.Array(Schema.String),
  textLanguage: TextLanguage,
  textLanguages: Schema.Struct({
    summary: TextLanguage,
    pathway: Schema.Struct({ external: TextLanguage, internal: TextLanguage }),
    connections: TextLanguage,
  }),
  points: Schema.Array(PointSummary),
})
export type ChannelPage = typeof ChannelPage.Type

export const PointRef = Schema.Struct({
  code: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  pinyin: Schema.String,
})
export type PointRef = typeof PointRef.Type

export const PointPage = Schema.Struct({
  code: Schema.String,
  altCodes: Schema.Array(Schema.String),
  slug: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.Struct({ traditional: Schema.String, simplified: Schema.String }),
  name: Schema.String,
  names: Schema.Struct({ en: Schema.String, de: Schema.String, es: Schema.String }),
  channel: Schema.NullOr(ChannelRef),
  region: Schema.NullOr(Schema.String),
  location: Schema.String,
  locating: Schema.String,
  needling: Schema.Struct({
    method: Schema.String,
    depth: Schema.String,
    angle: Schema.String,
    cautions: Schema.Array(Schema.String),
    contraindications: Schema.Array(Schema.String),
    moxibustion: Schema.String,
  }),
  /** Its safety flags with their labels and reasons in the page's language (point-safety.ts). */
  safety: PointSafetyView,
  actions: Schema.Array(Schema.String),
  indications: Schema.Array(Schema.String),
  commentary: Schema.String,
  textLanguage: TextLanguage,
  textLanguages: Schema.Struct({
    location: TextLanguage,
    locating: TextLanguage,
    needling: Schema.Struct({
      method: TextLanguage,
      depth: TextLanguage,
      cautions: TextLanguage,
      contraindications: TextLanguage,
    }),
    actions: TextLanguage,
    indications: TextLanguage,
    commentary: TextLanguage,
  }),
  categories: Schema.Array(
    Schema.Struct({
      slug: Schema.String,
      name: Schema.String,
      role: Schema.NullOr(Schema.String),
      permission: Schema.Boolean,
    }),
  ),
  bodyAreas: Schema.Array(Schema.Struct({ slug: Schema.String, name: Schema.String, permission: Schema.Boolean })),
  previous: Schema.NullOr(PointRef),
  next: Schema.NullOr(PointRef),
})
export type PointPage = typeof PointPage.Type

/**
 * A point's public facts for the all-points search on the device when there is no network (§2
 * "Search panels", offline): its codes and names in every language, as its page has them, and
 * whether the caller may open it.
 */
export const PointIndexEntry = PointPage.mapFields(({ code, altCodes, slug, pinyin, hanzi, names }) => ({
  code,
  altCodes,
  slug,
  pinyin,
  hanzi,
  names,
  permission: Schema.Boolean,
}))
export type PointIndexEntry = typeof PointIndexEntry.Type

export const BodyAreaListItem = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  mapping_id: Schema.String,
  permission: Schema.Boolean,
})
export type BodyAreaListItem = typeof BodyAreaListItem.Type

export const PointGroupByChannel = Schema.Struct({
  channel: Schema.NullOr(ChannelRef),
  points: Schema.Array(PointSummary),
})

export const BodyAreaPage = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  description: Schema.String,
  textLanguage: TextLanguage,
  groups: Schema.Array(PointGroupByChannel),
})
export type BodyAreaPage = typeof BodyAreaPage.Type

/** A category in the index of categories: its name and size, whether it is open or Pro. */
export const CategoryListItem = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  pointCount: Schema.Int,
  permission: Schema.Boolean,
})
export type CategoryListItem = typeof CategoryListItem.Type

export const CategoryPage = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  description: Schema.String,
  textLanguage: TextLanguage,
  members: Schema.Array(
    Schema.Struct({ point: PointSummary, role: Schema.NullOr(Schema.String), phase: Schema.NullOr(Schema.String) }),
  ),
})
export type CategoryPage = typeof CategoryPage.Type

export const VesselPage = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  pinyin: Schema.String,
  hanzi: Schema.Struct({ traditional: Schema.String, simplified: Schema.String }),
  pathway: Schema.String,
  commentary: Schema.String,
  uses: Schema.Array(Schema.String),
  textLanguage: TextLanguage,
  textLanguages: Schema.Struct({ pathway: TextLanguage, uses: TextLanguage, commentary: TextLanguage }),
  confluentPoint: PointSummary,
  coupledVessel: Schema.Struct({ slug: Schema.String, name: Schema.String, permission: Schema.Boolean }),
  xiCleftPoint: Schema.NullOr(PointSummary),
  luoPoint: Schema.NullOr(PointSummary),
  points: Schema.Array(PointSummary),
})
export type VesselPage = typeof VesselPage.Type

export const ExtraPointsPage = Schema.Struct({
  regions: Schema.Array(Schema.Struct({ region: Schema.String, points: Schema.Array(PointSummary) })),
})
export type ExtraPointsPage = typeof ExtraPointsPage.Type

export const StaticMenuItem = Schema.Struct({
  slug: Schema.String,
  title: Schema.String,
  summary: Schema.String,
  permission: Schema.Boolean,
})
export type StaticMenuItem = typeof StaticMenuItem.Type
/** The book's pages, as /api/static-menus lists them. */
export type StaticMenu = ReadonlyArray<StaticMenuItem>

export const PageBlockView = Schema.Union([
  Schema.Struct({ type: Schema.Literal("heading"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("paragraph"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("list"), items: Schema.Array(Schema.String) }),
])

export const BookPage = Schema.Struct({
  slug: Schema.String,
  title: Schema.String,
  summary: Schema.String,
  body: Schema.Array(PageBlockView),
  textLanguage: TextLanguage,
})
export type BookPage = typeof BookPage.Type

export const FieldOption = Schema.Struct({ slug: Schema.String, title: Schema.String, permission: Schema.Boolean })
export type FieldOption = typeof FieldOption.Type

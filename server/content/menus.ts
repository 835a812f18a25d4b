// The channel menus (GET /api/channel-menus, §2 "Drill-down menu"): the channels, vessels and extra
// points, the categories and the body areas, each entry with the points it lists when the caller
// may open it (a locked entry lists none), in the caller's language. Pure, over the loaded content.
import type { MenuEntry, MenuPoint, MenuSection } from "../../src/domain/content/content-views.ts"
import { localized } from "../../src/domain/content/localize-content.ts"
import { canOpen } from "../../src/domain/content/permissions.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { type Caller, menuPoint } from "./listings.ts"
import type { ContentSnapshot, MemberRow } from "./repo.ts"

/**
 * A vessel's menu label, "Rèn Mài · Conception Vessel": its pinyin first and the name without its
 * "(Ren Mai)", so that Ren and Du as extraordinary vessels never read like the CV and GV channels
 * listed above them.
 */
export const vesselLabel = (pinyin: string, name: string) => `${pinyin} · ${name.replace(/\s*\([^)]*\)\s*$/, "")}`

/** The menus' own words, from the server's texts. */
export interface MenuWords {
  readonly sectionTitle: (language: SelectableLanguage, id: MenuSection["id"]) => string
  readonly extraPointsTitle: (language: SelectableLanguage, count: number) => string
}

export const contentMenus = (
  snapshot: ContentSnapshot,
  caller: Caller,
  { sectionTitle, extraPointsTitle }: MenuWords,
): ReadonlyArray<MenuSection> => {
  const { channels, briefs: points, vessels, categories, members, bodyAreas: areas, areaPoints } = snapshot
  const byCode = snapshot.briefByCode
  const pointsOf = (codes: ReadonlyArray<string>) => codes.flatMap((code) => byCode.get(code) ?? [])
  const entry = (
    fields: Pick<MenuEntry, "id" | "name" | "title" | "slug" | "itemType" | "menuType" | "group" | "channel_id">,
    open: boolean,
    listed: () => ReadonlyArray<MenuPoint>,
  ): MenuEntry => ({ ...fields, permission: open, points: open ? listed() : [], children: [] })

  const extras = points.filter((p) => p.kind === "extra")
  const channelEntries: Array<MenuEntry> = [
    ...channels.map((c) =>
      entry(
        {
          id: c.code,
          name: c.code,
          title: localized(c.data.name, caller.language),
          slug: c.slug,
          itemType: "channel",
          menuType: "channels",
          group: "channels",
          channel_id: c.code,
        },
        canOpen(caller.viewer, c),
        () => points.filter((p) => p.channel_code === c.code).map((p) => menuPoint(caller, p)),
      ),
    ),
    ...vessels.map((v) =>
      entry(
        {
          id: v.id,
          name: v.data.pinyin,
          title: vesselLabel(v.data.pinyin, localized(v.data.name, caller.language)),
          slug: v.slug,
          itemType: "vessel",
          menuType: "channels",
          group: "vessels",
          channel_id: null,
        },
        canOpen(caller.viewer, v),
        () => pointsOf(v.data.points).map((p) => menuPoint(caller, p)),
      ),
    ),
    entry(
      {
        id: "extra-points",
        name: "EX",
        title: extraPointsTitle(caller.language, extras.length),
        slug: "extra-points",
        itemType: "extra-points",
        menuType: "channels",
        group: "extraPoints",
        channel_id: null,
      },
      extras.some((p) => canOpen(caller.viewer, p)),
      () => extras.map((p) => menuPoint(caller, p)),
    ),
  ]
  const membersOf = (id: string) => members.filter((m) => m.category_id === id)
  const roleOf = (m: MemberRow) => (m.role ? localized(m.role, caller.language) : null)
  const groupEntries = categories.map((c) =>
    entry(
      {
        id: c.id,
        name: localized(c.data.name, caller.language),
        title: localized(c.data.name, caller.language),
        slug: c.slug,
        itemType: "group",
        menuType: "categories",
        group: "categories",
        channel_id: null,
      },
      canOpen(caller.viewer, c),
      () =>
        membersOf(c.id).flatMap((m) =>
          byCode.has(m.point_code) ? [menuPoint(caller, byCode.get(m.point_code)!, roleOf(m))] : [],
        ),
    ),
  )
  const areaEntries = areas.map((a) =>
    entry(
      {
        id: a.id,
        name: localized(a.data.name, caller.language),
        title: localized(a.data.name, caller.language),
        slug: a.slug,
        itemType: "body-area",
        menuType: "bodyAreas",
        group: "bodyAreas",
        channel_id: null,
      },
      canOpen(caller.viewer, a),
      () =>
        pointsOf(areaPoints.filter((ap) => ap.body_area_id === a.id).map((ap) => ap.point_code)).map((p) =>
          menuPoint(caller, p),
        ),
    ),
  )
  const section = (id: MenuSection["id"], children: ReadonlyArray<MenuEntry>): MenuSection => ({
    id,
    name: sectionTitle(caller.language, id),
    title: sectionTitle(caller.language, id),
    slug: id,
    itemType: "menu",
    menuType: id,
    channel_id: null,
    permission: true,
    children,
    points: [],
  })
  return [section("channels", channelEntries), section("categories", groupEntries), section("bodyAreas", areaEntries)]
}

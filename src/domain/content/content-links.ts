// Where each content item lives in the app: the page of a point, a channel, a vessel, the extra
// points, a category and a body area, and the indexes of each kind. The menu, the pages and the
// book link with these, so a route is spelled in one place.
import type { MenuEntry, MenuSection } from "./content-views.ts"

export const pointHref = (slug: string) => `/point/${slug}`
export const channelHref = (slug: string) => `/book/pages/channels/${slug}`
export const vesselHref = (slug: string) => `/book/pages/vessels/${slug}`
export const categoryHref = (slug: string) => `/book/pages/categories/${slug}`
export const bodyAreaHref = (slug: string) => `/body-area/${slug}`
export const EXTRA_POINTS_HREF = "/book/pages/extra-points"
export const CHANNEL_INDEX_HREF = "/book/pages/channels"
export const CATEGORY_INDEX_HREF = "/book/pages/categories"
export const BODY_AREA_INDEX_HREF = "/book/pages/body-areas"
export const BOOK_HREF = "/book/pages"
/** A chapter of the book. */
export const bookPageHref = (slug: string) => `${BOOK_HREF}/${slug}`
/** The book's chapter on the point categories, which links to every category page. */
export const CATEGORIES_CHAPTER_SLUG = "point-categories"

/** The page of a menu entry: the channel, vessel, category or body area itself. */
export const menuEntryHref = (entry: Pick<MenuEntry, "itemType" | "slug">): string => {
  switch (entry.itemType) {
    case "channel":
      return channelHref(entry.slug)
    case "vessel":
      return vesselHref(entry.slug)
    case "extra-points":
      return EXTRA_POINTS_HREF
    case "group":
      return categoryHref(entry.slug)
    case "body-area":
      return bodyAreaHref(entry.slug)
  }
}

/** The index page of a menu section: every channel, every category, every body area. */
export const menuSectionHref = (section: Pick<MenuSection, "id">): string => {
  switch (section.id) {
    case "channels":
      return CHANNEL_INDEX_HREF
    case "categories":
      return CATEGORY_INDEX_HREF
    case "bodyAreas":
      return BODY_AREA_INDEX_HREF
  }
}

/** §3: a channel's or vessel's video. */
export const channelVideoHref = (slug: string) => `/video/play-channel-video/${slug}`

/** §3: a channel's point videos one after another, from `start` (a point's page address) when given. */
export const pointVideosHref = (slug: string, start?: string) =>
  `/video/play-channel/${slug}${start === undefined ? "" : `?start=${encodeURIComponent(start)}`}`

// Which content page an address shows, and for which slug: the app's content routes (src/ui/App.tsx)
// read as data, so the server can render a content page with its answer already in hand and the app
// start its page from that answer instead of asking again (src/entry-server.tsx, main.tsx).
import { isCanonicalPointSlug } from "../search/search-links.ts"

/** The content pages, named as the app's wiring names their machines (src/wiring/content.ts). */
export type ContentPageName =
  | "point"
  | "channel"
  | "channelIndex"
  | "bodyArea"
  | "bodyAreaIndex"
  | "category"
  | "categoryIndex"
  | "vessel"
  | "extraPoints"
  | "bookIndex"
  | "bookPage"

export interface ContentRoute {
  readonly page: ContentPageName
  /** The item's slug; "" for an index page. */
  readonly slug: string
}

const SLUG = "([^/]+)"

/** In the order the app's router tries them: the first that matches wins. */
const ROUTES: ReadonlyArray<readonly [RegExp, ContentPageName]> = [
  [/^\/book\/pages$/, "bookIndex"],
  [/^\/book\/pages\/channels$/, "channelIndex"],
  [new RegExp(`^/book/pages/channels/${SLUG}$`), "channel"],
  [/^\/book\/pages\/categories$/, "categoryIndex"],
  [/^\/book\/pages\/body-areas$/, "bodyAreaIndex"],
  [new RegExp(`^/book/pages/categories/${SLUG}$`), "category"],
  [new RegExp(`^/book/pages/vessels/${SLUG}$`), "vessel"],
  [/^\/book\/pages\/extra-points$/, "extraPoints"],
  [new RegExp(`^/book/pages/${SLUG}$`), "bookPage"],
  [new RegExp(`^/point/${SLUG}$`), "point"],
  [new RegExp(`^/body-area/${SLUG}$`), "bodyArea"],
]

/**
 * The content page at `path` (already decoded, without query), or undefined for any other address —
 * including `/point/LU9`, which the app looks up and replaces by the point's own address.
 */
export const contentRouteOf = (path: string): ContentRoute | undefined => {
  for (const [pattern, page] of ROUTES) {
    const match = pattern.exec(path)
    if (!match) continue
    const slug = match[1] ?? ""
    if (page === "point" && !isCanonicalPointSlug(slug)) return undefined
    return { page, slug }
  }
  return undefined
}

/** The key an answer travels under in the page's embedded data: the page and its slug. */
export const contentAnswerKey = (route: ContentRoute) => `${route.page}/${route.slug}`

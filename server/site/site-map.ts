// What search engines are told about the site. sitemap.xml lists every public page: the about and
// pricing pages, the charts, the book with its chapters, and every channel, vessel, category, body
// area and point — locked ones too, since their pages show their public facts (code, names,
// channel). robots.txt keeps crawlers out of the API, of one person's pages and of the self-tests,
// and names the sitemap. No `<lastmod>`: the content carries no date of its own.
import { CHARTS_HREF } from "../../src/domain/charts/chart-ids.ts"
import {
  BODY_AREA_INDEX_HREF,
  BOOK_HREF,
  bodyAreaHref,
  bookPageHref,
  CATEGORY_INDEX_HREF,
  CHANNEL_INDEX_HREF,
  categoryHref,
  channelHref,
  EXTRA_POINTS_HREF,
  pointHref,
  vesselHref,
} from "../../src/domain/content/content-links.ts"
import { MY_GROUPS_HREF } from "../../src/domain/groups/group-links.ts"
import { RESULTS_PATH } from "../../src/domain/self-tests/test-links.ts"
import { escapeHtml } from "../platform/http/html.ts"

/** The slugs of the content's items, in the order the book lists them. */
export interface SiteContent {
  readonly bookPages: ReadonlyArray<string>
  readonly channels: ReadonlyArray<string>
  readonly vessels: ReadonlyArray<string>
  readonly categories: ReadonlyArray<string>
  readonly bodyAreas: ReadonlyArray<string>
  readonly points: ReadonlyArray<string>
}

/** The pages outside the book that anyone may read. */
export const PUBLIC_PAGES = ["/", "/about", "/about-us", "/pricing", CHARTS_HREF] as const

/** Every public page's path, each once. */
export const sitePaths = (content: SiteContent): ReadonlyArray<string> => [
  ...new Set([
    ...PUBLIC_PAGES,
    BOOK_HREF,
    ...content.bookPages.map(bookPageHref),
    CHANNEL_INDEX_HREF,
    ...content.channels.map(channelHref),
    ...content.vessels.map(vesselHref),
    EXTRA_POINTS_HREF,
    CATEGORY_INDEX_HREF,
    ...content.categories.map(categoryHref),
    BODY_AREA_INDEX_HREF,
    ...content.bodyAreas.map(bodyAreaHref),
    ...content.points.map(pointHref),
  ]),
]

/** The sitemap protocol's document (sitemaps.org): one absolute `<loc>` per page. */
export const sitemapXml = (origin: string, paths: ReadonlyArray<string>): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<url><loc>${escapeHtml(`${origin}${encodeURI(path)}`)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n")

/**
 * Where crawlers need not go: the API, the account settings, patients' links, a learner's notes and
 * point groups, the self-tests and their results. Those pages say noindex as well (page-head.ts).
 */
export const DISALLOWED_PATHS = [
  "/api/",
  "/account-settings/",
  "/patient/",
  "/my-notes",
  MY_GROUPS_HREF,
  "/test",
  RESULTS_PATH,
] as const

export const SITEMAP_PATH = "/sitemap.xml"
export const ROBOTS_PATH = "/robots.txt"

export const robotsTxt = (origin: string): string =>
  [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    "",
  ].join("\n")

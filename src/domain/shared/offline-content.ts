// The learner's part kept on the device (issue 33): after sign-in, in the background, the app keeps
// the content answer of every page the learner may open — menus, channels, vessels, extra points,
// categories, body areas, the book's pages, the charts, the all-points search's index and every
// point their plan opens — in the interface's language, so any of those pages shows offline, not
// only those opened before, and a point is found by name or number. Pure:
// which answers to ask for, given the index answers, and whether a kept one is of the current
// content version. What is fetched never includes an item the answers mark locked: a Standard
// learner's device is never even asked to hold a Pro point's answer.

/** Per device, not per account: whether the learner keeps the content on this device ("off" when not). */
export const OFFLINE_SETTING_KEY = "jingluo.offlineContent"

/** Per device: the browser's install offer was taken or turned down from the account menu. */
export const INSTALL_OFFER_KEY = "jingluo.installOffer"

/** The device's own choices, which signing out keeps (they are not the learner's data). */
export const isDeviceSettingKey = (key: string) => key === OFFLINE_SETTING_KEY || key === INSTALL_OFFER_KEY

/** Whether the content is kept on this device: on unless the learner turned it off here. */
export const keepsContent = (stored: string | undefined) => stored !== "off"

/** How many answers are asked for at once: enough to finish soon, few enough never to hold up the page's own calls. */
export const DOWNLOAD_CONCURRENCY = 3

/**
 * The index answers, asked for first: they name everything else, and the menus' ETag names the
 * content version, the language and the plan level every other answer is checked against.
 */
export const MENUS_ANSWER = "/api/channel-menus"

/** Every point's public facts, searched on the device when there is no network (src/domain/search/local-point-search.ts). */
export const POINT_INDEX_ANSWER = "/api/point-index"
export const INDEX_ANSWERS = [
  MENUS_ANSWER,
  "/api/channels",
  "/api/categories",
  "/api/body-area/list",
  "/api/static-menus",
  "/api/charts",
] as const

/** The parts of the index answers read here (src/domain/content/content-views.ts, charts/chart-views.ts). */
interface Openable {
  readonly slug: string
  readonly permission: boolean
}
interface MenuNode extends Openable {
  readonly points?: ReadonlyArray<Openable>
  readonly children?: ReadonlyArray<unknown>
}
export interface ContentIndex {
  readonly menus: ReadonlyArray<MenuNode>
  readonly channels: {
    readonly channels: ReadonlyArray<Openable>
    readonly vessels: ReadonlyArray<Openable>
    readonly extraPoints: { readonly permission: boolean }
  }
  readonly categories: ReadonlyArray<Openable>
  readonly bodyAreas: ReadonlyArray<Openable>
  readonly bookPages: ReadonlyArray<Openable>
  readonly charts: { readonly views: ReadonlyArray<{ readonly id: string }> }
}

export interface PlannedAnswer {
  readonly path: string
  /** A point's answer: what the progress counts. */
  readonly point: boolean
}

const isMenuNode = (value: unknown): value is MenuNode =>
  typeof value === "object" && value !== null && "slug" in value && "permission" in value

/** Every point the menus list as open to the learner (a locked entry lists none), each once. */
export const openPoints = (menus: ReadonlyArray<MenuNode>): ReadonlyArray<string> => {
  const slugs = new Set<string>()
  const visit = (node: MenuNode) => {
    for (const point of node.points ?? []) if (point.permission) slugs.add(point.slug)
    for (const child of node.children ?? []) if (isMenuNode(child)) visit(child)
  }
  for (const section of menus) visit(section)
  return [...slugs]
}

const open = (items: ReadonlyArray<Openable>, prefix: string) =>
  items.filter((item) => item.permission).map((item) => `${prefix}${encodeURIComponent(item.slug)}`)

/**
 * The answers to keep besides the indexes: each page the learner may open, the points last (the
 * pages listing them come first, so a channel opens offline early).
 */
export const plannedAnswers = (index: ContentIndex): ReadonlyArray<PlannedAnswer> => {
  const pages = [
    // The all-points search's index: finding a point by name or number works offline too.
    POINT_INDEX_ANSWER,
    ...open(index.channels.channels, "/api/channels/"),
    ...open(index.channels.vessels, "/api/vessels/"),
    ...(index.channels.extraPoints.permission ? ["/api/extra-points"] : []),
    ...open(index.categories, "/api/categories/"),
    ...open(index.bodyAreas, "/api/body-area/"),
    ...open(index.bookPages, "/api/pages/"),
    ...index.charts.views.map((view) => `/api/charts/${encodeURIComponent(view.id)}`),
  ]
  const points = openPoints(index.menus).map((slug) => `/api/point/${encodeURIComponent(slug)}`)
  return [
    ...[...new Set(pages)].map((path) => ({ path, point: false })),
    ...points.map((path) => ({ path, point: true })),
  ]
}

/**
 * What a content answer's ETag says it was made from: the content version's first 8 characters,
 * the language and the plan level (server/content/content-cache.ts); null for another kind of tag
 * (the charts name theirs by their bytes alone).
 */
export const answerStamp = (etag: string | null | undefined): string | null => {
  const match = /^(?:W\/)?"(.{8})-(en|de|es)-(visitor|standard|pro)-/.exec(etag ?? "")
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

/**
 * Whether a kept answer needs no asking again: it was made from the same content version, in the
 * same language and for the same plan as the menus just fetched. Any other kept answer is asked
 * for with its ETag, and the server sends it again only when its bytes changed.
 */
export const isCurrent = (keptEtag: string | null | undefined, current: string | null) =>
  current !== null && answerStamp(keptEtag) === current

const LEVELS = ["visitor", "standard", "pro"]

/**
 * Whether the copies kept were made for a plan that opened more than the learner's plan now does
 * (Pro ended): then every copy goes before the download starts again, so the device holds no Pro
 * text the learner may no longer open.
 */
export const openedMoreBefore = (keptEtag: string | null | undefined, currentEtag: string | null | undefined) => {
  const kept = answerStamp(keptEtag)?.split("-").at(-1)
  const now = answerStamp(currentEtag)?.split("-").at(-1)
  return kept !== undefined && now !== undefined && LEVELS.indexOf(kept) > LEVELS.indexOf(now)
}

/** Progress as the account menu shows it. */
export interface OfflineProgress {
  readonly done: number
  readonly total: number
}

// What a page says about itself in its head: the title its view sets (the same text, so the title
// does not change when the app starts), a description for search results and shared links, its
// canonical address, and whether search engines may index it. The server writes it into each page
// it renders (src/entry-server.tsx). The language is not part of an address — it comes from the
// language cookie, then Accept-Language — so each page has one canonical address and no hreflang
// alternates. A locked page tells only its public facts: code, names, channel.
import { Schema } from "effect"
import { EMAIL_RESTORE_PATH } from "../account/email-restore-links.ts"
import { ACUPRESSURE_VIDEOS_HREF, isPatientPath, PATIENT_UNSUBSCRIBE_PATH } from "../acupressure/sharing-links.ts"
import { CHARTS_HREF, isChartViewId } from "../charts/chart-ids.ts"
import { type ContentRoute, contentRouteOf } from "../content/content-routes.ts"
import {
  BodyAreaListItem,
  BodyAreaPage,
  BookPage,
  CategoryListItem,
  CategoryPage,
  ChannelIndex,
  ChannelPage,
  ExtraPointsPage,
  PointPage,
  StaticMenuItem,
  VesselPage,
} from "../content/content-views.ts"
import { isLockedPage, lockedHeading } from "../content/locked-page.ts"
import type { LockedPage } from "../content/locked-page-schema.ts"
import { GROUP_TEST_PARENT, groupIdOf, MY_GROUPS_HREF } from "../groups/group-links.ts"
import { FULL_TEXT_HREF, SEARCH_HREF } from "../search/search-links.ts"
import { RESULTS_PATH } from "../self-tests/test-links.ts"
import { isSessionTestType, REVIEW_TEST_ID, STANDALONE_TEST_TYPES } from "../self-tests/test-review.ts"
import { escapeHtml } from "./escape-html.ts"
import { VIDEO_PATHS } from "./page-groups.ts"
import { ownTitle, pageTitle, SITE_NAME } from "./page-title.ts"

export interface PageHead {
  /** Exactly what the page's view sets with usePageTitle: "LU-9 Tàiyuān · Jingluo", or "Jingluo". */
  readonly title: string
  /** At most DESCRIPTION_MAX_LENGTH characters, cut between words and never in a sentence's last words. */
  readonly description: string
  /** The page's absolute address. */
  readonly canonical: string
  /** false: `<meta name="robots" content="noindex">` — pages of one person, of a flow, or of no content. */
  readonly indexable: boolean
}

/** The app's i18next `t`: "key" in the common namespace, "ns:key" in another. */
export type Translate = (key: string, values?: Record<string, unknown>) => string

/** The longest description: what search results show before they cut. */
export const DESCRIPTION_MAX_LENGTH = 160
/** The most of a free point's description its location takes; its main actions fill the rest. */
export const POINT_LOCATION_MAX_LENGTH = 100

/** What a page shows at the top and says of itself: its title's key (null: the app's name alone) and description. */
interface Shown {
  readonly title: string | null
  readonly description: string
}

// ---- Descriptions: whole sentences, whole words ----

/** A word ending in a full stop that ends no sentence: "z.", "e.g.", "ca.", the "3." of "3. Rippe". */
const ABBREVIATION = /^(?:\p{L}|\p{L}\.\p{L}|\d{1,2}|ca|approx|aprox|bzw|etc|vgl|usw|ej|cf)\.$/iu
/** What a sentence may start with. */
const SENTENCE_START = /^[\p{Lu}\d"“„«¿¡(]/u

/** The sentences of a text: a full stop, question or exclamation mark before a capital ends one. */
const sentencesOf = (text: string): ReadonlyArray<string> => {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "")
  const sentences: Array<string> = []
  let current: Array<string> = []
  words.forEach((word, i) => {
    current.push(word)
    const next = words[i + 1]
    const ends = /[.!?…]["”»)]?$/.test(word) && !ABBREVIATION.test(word)
    if (next === undefined || (ends && SENTENCE_START.test(next))) {
      sentences.push(current.join(" "))
      current = []
    }
  })
  return sentences
}

/** The text cut between two words to fit `max` with its "…"; the text itself when it fits. */
const shortenAtWord = (text: string, max: number): string => {
  if (text.length <= max) return text
  const space = text.lastIndexOf(" ", max - 1)
  const head = space > 0 ? text.slice(0, space) : text.slice(0, max - 1)
  return `${head.replace(/[\s,;:.\-–—(]+$/u, "")}…`
}

/** As many whole sentences from the start of the text as fit; the first one shortened when even it is too long. */
const leadSentences = (text: string, max: number): string => {
  const sentences = sentencesOf(text)
  let lead = ""
  for (const sentence of sentences) {
    const longer = lead === "" ? sentence : `${lead} ${sentence}`
    if (longer.length > max) break
    lead = longer
  }
  return lead !== "" ? lead : shortenAtWord(sentences[0] ?? "", max)
}

const describe = (text: string) => leadSentences(text, DESCRIPTION_MAX_LENGTH)

/**
 * "Name: the first sentences of its text", within the limit; the text's first sentence alone when
 * it fits whole only without the name (the title names the page anyway), rather than cut.
 */
const named = (t: Translate, name: string, text: string): string => {
  const room = DESCRIPTION_MAX_LENGTH - t("head.named", { name, text: "" }).length
  const first = sentencesOf(text)[0] ?? ""
  if (first === "") return name
  if (first.length > room && first.length <= DESCRIPTION_MAX_LENGTH) return first
  return shortenAtWord(t("head.named", { name, text: leadSentences(text, room) }), DESCRIPTION_MAX_LENGTH)
}

/** The shortest a free point's location gets, to leave its first main action room. */
const POINT_LOCATION_MIN_LENGTH = 30

/**
 * A free point: where it lies (its first sentences, cut between words when the first is long) and
 * as many of its main actions as fit, each whole. The location takes at most
 * POINT_LOCATION_MAX_LENGTH and leaves the first action room.
 */
const pointDescription = (t: Translate, point: PointPage): string => {
  const actions = point.actions.map((action) => action.trim().replace(/[.;]+$/, "")).filter((a) => a !== "")
  const firstFrame = t("head.point", { location: "", actions: actions[0] ?? "" }).length
  const room = Math.min(POINT_LOCATION_MAX_LENGTH, DESCRIPTION_MAX_LENGTH - firstFrame)
  const location = leadSentences(point.location, Math.max(POINT_LOCATION_MIN_LENGTH, room))
  for (let count = actions.length; count > 0; count--) {
    const text = t("head.point", { location, actions: actions.slice(0, count).join("; ") })
    if (text.length <= DESCRIPTION_MAX_LENGTH) return text
  }
  return describe(point.location)
}

/** A locked item by its public facts only: code, pinyin, name, a point's channel, and that it is part of Pro. */
const lockedDescription = (t: Translate, { item }: LockedPage): string => {
  if (item.kind === "point") {
    const point = `${lockedHeading(item).title} (${item.name})`
    return shortenAtWord(
      item.channel === undefined
        ? t("head.locked.extraPoint", { point })
        : t("head.locked.point", { point, channel: item.channel }),
      DESCRIPTION_MAX_LENGTH,
    )
  }
  const name = [item.code, item.name].filter((part) => part !== null).join(" ")
  return shortenAtWord(
    t("head.locked.item", {
      name: item.pinyin === null ? name : `${name} (${item.pinyin})`,
      intro: t(`browse.locked.intro.${item.kind}`),
    }),
    DESCRIPTION_MAX_LENGTH,
  )
}

// ---- Content pages: their answer says what they show ----

const is = {
  point: Schema.is(PointPage),
  channel: Schema.is(ChannelPage),
  channelIndex: Schema.is(ChannelIndex),
  bodyArea: Schema.is(BodyAreaPage),
  bodyAreaIndex: Schema.is(Schema.Array(BodyAreaListItem)),
  category: Schema.is(CategoryPage),
  categoryIndex: Schema.is(Schema.Array(CategoryListItem)),
  vessel: Schema.is(VesselPage),
  extraPoints: Schema.is(ExtraPointsPage),
  bookIndex: Schema.is(Schema.Array(StaticMenuItem)),
  bookPage: Schema.is(BookPage),
}

/** What a content page shows for its answer; undefined when there is no page (an unknown slug). */
const contentShown = (t: Translate, route: ContentRoute, answer: unknown): Shown | undefined => {
  if (isLockedPage(answer))
    return { title: lockedHeading(answer.item).title, description: lockedDescription(t, answer) }
  switch (route.page) {
    case "point":
      return is.point(answer)
        ? { title: `${answer.code} ${answer.pinyin}`, description: pointDescription(t, answer) }
        : undefined
    case "channel":
      return is.channel(answer) ? { title: answer.name, description: named(t, answer.name, answer.summary) } : undefined
    case "channelIndex":
      return is.channelIndex(answer)
        ? { title: t("browse.channelsTitle"), description: describe(t("browse.channelsIntro")) }
        : undefined
    case "bodyArea":
      return is.bodyArea(answer) ? { title: answer.title, description: describe(answer.description) } : undefined
    case "bodyAreaIndex":
      return is.bodyAreaIndex(answer)
        ? {
            title: t("browse.bodyAreaIndexTitle"),
            description: describe(t("browse.bodyAreaIndexIntro", { count: answer.length })),
          }
        : undefined
    case "category":
      return is.category(answer) ? { title: answer.title, description: describe(answer.description) } : undefined
    case "categoryIndex":
      return is.categoryIndex(answer)
        ? {
            title: t("browse.categoryIndexTitle"),
            description: describe(t("head.description.categoryIndex", { count: answer.length })),
          }
        : undefined
    case "vessel":
      return is.vessel(answer)
        ? { title: answer.name, description: named(t, answer.name, answer.commentary) }
        : undefined
    case "extraPoints":
      return is.extraPoints(answer)
        ? { title: t("browse.extraPoints"), description: describe(t("browse.extraIntro")) }
        : undefined
    case "bookIndex":
      return is.bookIndex(answer)
        ? { title: t("browse.bookTitle"), description: describe(t("browse.bookIntro")) }
        : undefined
    case "bookPage":
      return is.bookPage(answer) ? { title: answer.title, description: describe(answer.summary) } : undefined
  }
}

// ---- The other pages, by address ----

interface FixedPage {
  /** The key of the title the page's view sets; null when it depends on what the page loads. */
  readonly title: string | null
  /** The key of the description; the app's own description when absent. */
  readonly description?: string
  readonly indexable: boolean
  /** The address the page is the same as, when it has another. */
  readonly canonical?: string
}

const open = (title: string, description: string): FixedPage => ({ title, description, indexable: true })
const closed = (title: string | null): FixedPage => ({ title, indexable: false })

const NOT_FOUND: FixedPage = { title: "notFound.title", description: "notFound.text", indexable: false }
const TESTS_HOME = closed("self-tests:title")

/** Pages at one address each, with the title their views set (src/ui/App.tsx and the feature routes). */
const FIXED_PAGES: ReadonlyMap<string, FixedPage> = new Map([
  ["/", open("home:title", "head.description.home")],
  ["/about", open("about:product.title", "head.description.about")],
  ["/about-us", open("about:us.title", "head.description.aboutUs")],
  ["/login", open("user:login.title", "head.description.login")],
  ["/register", open("user:register.title", "head.description.register")],
  // What a visitor sees there; a member with Pro sees their plan instead, once signed in.
  ["/pricing", open("billing:pricingTitle", "head.description.pricing")],
  ["/plan-pro", { ...open("billing:pricingTitle", "head.description.pricing"), canonical: "/pricing" }],
  [SEARCH_HREF, open("search.main.title", "search.main.intro")],
  [FULL_TEXT_HREF, open("search.fullText.title", "search.fullText.intro")],
  [CHARTS_HREF, open("charts:explorer.title", "charts:explorer.intro")],
  ["/not-found", NOT_FOUND],
  ["/social/callback", closed("social:callback.title")],
  ["/resetpassword", closed("user:reset.title")],
  ["/verify-email", closed("user:verify.title")],
  [EMAIL_RESTORE_PATH, closed("account:restore.title")],
  // Confirming, welcome or no payment found: it depends on what the server says.
  ["/payment-success", closed(null)],
  ["/payment-failure", closed("billing:failureTitle")],
  ["/account-settings/my-membership", closed("billing:membershipTitle")],
  ["/account-settings/support", closed("feedback:title")],
  ["/account-settings/my-profile", closed("account:profile.title")],
  ["/account-settings/change-my-password", closed("account:password.title")],
  ["/account-settings/registered-devices", closed("account:devices.title")],
  ["/account-settings/delete-account", closed("account:delete.title")],
  ["/account-settings/notes", closed("account:toggles.title")],
  ["/account-settings/video-settings", closed("account:video.title")],
  ["/account-settings/tests-settings", closed("self-tests:settings.title")],
  ["/my-notes", closed("notes:myNotes.title")],
  [MY_GROUPS_HREF, closed("groups:pageTitle")],
  ["/test", TESTS_HOME],
  ["/test/", TESTS_HOME],
  // These lead to the tests' page.
  ["/test/new", TESTS_HOME],
  ["/test/new/", TESTS_HOME],
  ["/test/new/pointgroup", TESTS_HOME],
  ["/test/new/pointgroup/", TESTS_HOME],
  ["/test/scores", closed("self-tests:scores.title")],
  [RESULTS_PATH, closed("self-tests:result.pageTitle")],
  [ACUPRESSURE_VIDEOS_HREF, closed("sharing:title")],
  [PATIENT_UNSUBSCRIBE_PATH, closed("sharing:unsubscribe.title")],
])

const STARTABLE_TESTS = new Set<string>([...STANDALONE_TEST_TYPES, REVIEW_TEST_ID])

/**
 * A page whose address has a part that varies — a chart view, a new test, a point asked for by its
 * code, a video, a patient's link — or, for any other address, the not-found page the app shows.
 */
const patternPage = (path: string): FixedPage => {
  const chart = new RegExp(`^${CHARTS_HREF}/([^/]+)$`).exec(path)
  if (chart) {
    const page = open("charts:explorer.title", "charts:explorer.intro")
    return isChartViewId(chart[1]!) ? page : { ...page, indexable: false }
  }
  const test = /^\/test\/new\/([^/]+)$/.exec(path)
  if (test) {
    const type = test[1]!
    return isSessionTestType(type) && STARTABLE_TESTS.has(type) ? closed(`self-tests:types.${type}.name`) : NOT_FOUND
  }
  const groupTest = /^\/test\/new\/pointgroup\/([^/]+)\/([^/]+)$/.exec(path)
  // Named after the learner's group, which only the test's answer says.
  if (groupTest)
    return groupTest[1] === GROUP_TEST_PARENT && groupIdOf(groupTest[2]!) !== null ? closed(null) : NOT_FOUND
  // "/point/LU9": looked up, then replaced by the point's own address.
  if (/^\/point\/[^/]+$/.test(path)) return closed("search.reference.finding")
  // Named after the channel the video's answer names; a patient's link after the share it opens.
  if (VIDEO_PATHS.test(path) || isPatientPath(path)) return closed(null)
  return NOT_FOUND
}

/** The page at `path` (decoded, without query), in the language of `t`, with the content answer it shows. */
export const pageHead = (input: {
  readonly path: string
  readonly origin: string
  readonly answer: unknown
  readonly t: Translate
}): PageHead => {
  const { path, origin, answer, t } = input
  const canonical = (address: string) => `${origin}${encodeURI(address)}`
  const route = contentRouteOf(path)
  const shown = route === undefined ? undefined : contentShown(t, route, answer)
  if (shown !== undefined) {
    return {
      title: pageTitle(shown.title),
      description: shown.description,
      canonical: canonical(path),
      indexable: true,
    }
  }
  // A content address without its page (an unknown slug) shows the not-found page, as the app does.
  const page = route !== undefined ? NOT_FOUND : (FIXED_PAGES.get(path) ?? patternPage(path))
  return {
    title: pageTitle(page.title === null ? null : t(page.title)),
    description: describe(t(page.description ?? "head.description.default")),
    canonical: canonical(page.canonical ?? path),
    indexable: page.indexable,
  }
}

/** The Open Graph locale of an interface language. */
const OG_LOCALES: Readonly<Record<string, string>> = { en: "en_US", de: "de_DE", es: "es_ES" }

/** The head's tags, every value escaped: title, description, canonical link, Open Graph, Twitter card, robots. */
export const pageHeadHtml = (head: PageHead, language: string): string => {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:title", ownTitle(head.title)),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.canonical),
    meta("property", "og:locale", OG_LOCALES[language] ?? OG_LOCALES.en!),
    meta("name", "twitter:card", "summary"),
    ...(head.indexable ? [] : [meta("name", "robots", "noindex")]),
  ].join("\n")
}

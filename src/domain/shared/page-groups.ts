// The app's pages in groups that load together: each group is one script the app fetches when one
// of its pages is first shown (src/ui/App.tsx), and the server names the scripts of an address's
// groups in the page it sends for it (server/platform/http/static-app.ts), so the first page's
// scripts download beside the app's own instead of after it. A page of another feature shown inside
// the account settings layout (membership, support) needs two groups: the account group's layout
// and its own. Pages outside every group (home, about, not found) come with the app itself.
import { SHARING_PATHS } from "../acupressure/sharing-links.ts"
import { MY_GROUPS_HREF } from "../groups/group-links.ts"
import { FULL_TEXT_HREF, SEARCH_HREF } from "../search/search-links.ts"

/** Browsing the book: its index pages, a channel, vessel, category, body area or point. */
export const CONTENT_PATHS = /^\/(book\/pages|point\/|body-area\/)/
/** The self-tests of §2 and their settings. */
export const TEST_PATHS = /^\/(test(\/.*)?|get\/results|account-settings\/tests-settings)$/
/** The video pages of §3: a channel's or vessel's video, and a channel's point videos. */
export const VIDEO_PATHS = /^\/video\/(play-channel-video|play-channel)\/[^/]+$/
/** Signing in: the page most visits to the sign-in pages are for, apart so that it loads alone. */
export const SIGN_IN_PATHS = /^\/login$/
/** Signing up, resetting a password, and the pages a sign-up's or reset's mail and a social provider lead back to. */
export const SIGN_UP_PATHS = /^\/(register|social\/callback|resetpassword|verify-email|restore-email)$/
/** The account settings pages of the account feature (the membership, support and tests pages are their features'). */
export const ACCOUNT_SETTINGS_PATHS =
  /^\/account-settings\/(my-profile|change-my-password|registered-devices|delete-account|notes|video-settings)$/
/**
 * The pages of other features that src/ui/App.tsx shows inside the account group's settings layout
 * (`AccountSettingsLayout`). The tests settings page is not one of them: it has no settings layout.
 */
export const SETTINGS_LAYOUT_ADDRESSES = ["/account-settings/my-membership", "/account-settings/support"] as const

export const PAGE_GROUPS = {
  content: [CONTENT_PATHS],
  "self-tests": [TEST_PATHS],
  // Apart, so that signing in does not wait for the settings' selects, radio groups and switches,
  // nor for the sign-up's checkboxes and the verification's and reset's flows.
  "sign-in": [SIGN_IN_PATHS],
  "sign-up": [SIGN_UP_PATHS],
  account: [ACCOUNT_SETTINGS_PATHS],
  billing: [/^\/(pricing|plan-pro|payment-success|payment-failure|account-settings\/my-membership)$/],
  search: [new RegExp(`^(${SEARCH_HREF}|${FULL_TEXT_HREF})$`)],
  groups: [new RegExp(`^${MY_GROUPS_HREF}$`)],
  notes: [/^\/my-notes$/],
  feedback: [/^\/account-settings\/support$/],
  videos: [VIDEO_PATHS],
  sharing: [SHARING_PATHS],
} as const satisfies Record<string, ReadonlyArray<RegExp>>

export type PageGroup = keyof typeof PAGE_GROUPS

/**
 * The flows a group's pages run, by the file that wires them (src/wiring/{name}.ts): each is its own
 * script, which the app wires when the group's script arrives (src/main.tsx) and the server's page
 * for the group preloads with it (scripts/language-pages.ts). The shell's own flows (session,
 * billing, content, charts, language, quote) come with the app.
 */
export const PAGE_GROUP_FLOWS = {
  // A point's note loads with its part, after the page (ui/content/page-parts.tsx); "add to group"'s
  // dialog and flow on the button's first press (ui/groups/AddToGroup.tsx).
  content: [],
  "sign-in": ["sign-in", "social"],
  "sign-up": ["sign-up", "social"],
  account: ["account-pages"],
  billing: [],
  search: ["search"],
  "self-tests": ["self-tests"],
  groups: ["groups"],
  notes: ["notes"],
  feedback: ["feedback"],
  videos: ["videos"],
  sharing: ["sharing"],
} as const satisfies Record<PageGroup, ReadonlyArray<string>>

export type FlowScript = (typeof PAGE_GROUP_FLOWS)[PageGroup][number]

/**
 * The texts (`locales/{language}/{namespace}.json`) a group's pages read besides the app's first,
 * `common`: main.tsx loads them with the group's script, and the server's page for the group
 * preloads them. The sign-in and account pages share `user`, the plans' pages read `billing` and
 * the tests' `self-tests`; other pages load their own texts as they render, or the server's drawing names them.
 */
export const PAGE_GROUP_TEXTS = {
  "sign-in": ["user"],
  "sign-up": ["user"],
  account: ["user"],
  billing: ["billing"],
  "self-tests": ["self-tests"],
  content: [],
  search: [],
  groups: [],
  notes: [],
  feedback: [],
  videos: [],
  sharing: [],
} as const satisfies Record<PageGroup, ReadonlyArray<string>>

/** The texts the pages of `path` read besides `common` (PAGE_GROUP_TEXTS of its groups). */
export const pageTextsOf = (path: string): ReadonlyArray<string> => [
  ...new Set(pageGroupsOf(path).flatMap((group) => PAGE_GROUP_TEXTS[group])),
]

const GROUPS = Object.keys(PAGE_GROUPS) as ReadonlyArray<PageGroup>

/**
 * The groups whose scripts show the page at `path` (no query): none for the app's own pages, the
 * page's group, and for a page inside the settings layout the account group first, then its own.
 */
export const pageGroupsOf = (path: string): ReadonlyArray<PageGroup> => {
  const own = GROUPS.find((group) => PAGE_GROUPS[group].some((pattern) => pattern.test(path)))
  const layout: ReadonlyArray<PageGroup> = (SETTINGS_LAYOUT_ADDRESSES as ReadonlyArray<string>).includes(path)
    ? ["account"]
    : []
  return [...new Set([...layout, ...(own === undefined ? [] : [own])])]
}

/**
 * Every set of groups an address can need, each once, in pageGroupsOf's order: each group alone,
 * and the account group with the group of each page inside the settings layout. The build writes
 * one page per set (scripts/language-pages.ts).
 */
export const PAGE_GROUP_SETS: ReadonlyArray<ReadonlyArray<PageGroup>> = [
  ...new Map(
    [...GROUPS.map((group) => [group]), ...SETTINGS_LAYOUT_ADDRESSES.map(pageGroupsOf)].map((groups) => [
      groups.join(" "),
      groups,
    ]),
  ).values(),
]

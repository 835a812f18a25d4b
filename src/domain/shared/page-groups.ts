// The app's pages in groups that load together: each group is one script the app fetches when one
// of its pages is first shown (src/ui/App.tsx), and the server names that script in the page it
// sends for an address of the group (server/platform/http/static-app.ts), so the first page's
// script downloads beside the app's own instead of after it. Pages outside every group (home,
// about, not found) come with the app itself.
import { MY_GROUPS_HREF } from "../groups/group-links.ts"
import { FULL_TEXT_HREF, SEARCH_HREF } from "../search/search-links.ts"

/** Browsing the book: its index pages, a channel, vessel, category, body area or point. */
export const CONTENT_PATHS = /^\/(book\/pages|point\/|body-area\/)/
/** The self-tests of §2 and their settings. */
export const TEST_PATHS = /^\/(test(\/.*)?|get\/results|account-settings\/tests-settings)$/
/** The account settings pages of the account feature (the membership, support and tests pages are their features'). */
export const ACCOUNT_SETTINGS_PATHS =
  /^\/account-settings\/(my-profile|change-my-password|registered-devices|delete-account|notes)$/

export const PAGE_GROUPS = {
  content: [CONTENT_PATHS],
  tests: [TEST_PATHS],
  account: [/^\/(login|register|social\/callback|resetpassword|verify-email)$/, ACCOUNT_SETTINGS_PATHS],
  billing: [/^\/(pricing|plan-pro|payment-success|payment-failure|account-settings\/my-membership)$/],
  search: [new RegExp(`^(${SEARCH_HREF}|${FULL_TEXT_HREF})$`)],
  groups: [new RegExp(`^${MY_GROUPS_HREF}$`)],
  notes: [/^\/my-notes$/],
  feedback: [/^\/account-settings\/support$/],
} as const satisfies Record<string, ReadonlyArray<RegExp>>

export type PageGroup = keyof typeof PAGE_GROUPS

/** The group whose script shows the page at `path` (no query), or undefined for the app's own pages. */
export const pageGroupOf = (path: string): PageGroup | undefined =>
  (Object.keys(PAGE_GROUPS) as Array<PageGroup>).find((group) =>
    PAGE_GROUPS[group].some((pattern) => pattern.test(path)),
  )

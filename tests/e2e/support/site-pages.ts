// The app's pages, for the journeys that walk all of them: every page checked by axe in each
// language (every-page.spec.ts) and every page checked for layout on a phone (layout.spec.ts).
// Channel pages come from the knowledge base, so a new channel is walked without editing this list.
import { loadContent } from "../../../server/content/load-content.ts"
import { TEST_TYPE_IDS } from "../../../src/domain/self-tests/test-types.ts"

/** Pages for everyone, without a session. */
export const VISITOR_PAGES = [
  "/about",
  "/about-us",
  "/register",
  "/resetpassword",
  "/verify-email",
  "/payment-failure",
] as const

/** Addresses with a query that change what the page shows. */
export const VISITOR_QUERY_PAGES = [
  "/resetpassword?email=anna%40example.com",
  "/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026",
  "/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026&code=1234",
] as const

export const PLAN_PAGES = ["/pricing", "/plan-pro"] as const

/** The book's free pages: its index pages, a free channel (and its videos), category and body area, the guides. */
export const FREE_BOOK_PAGES = [
  "/book/pages",
  "/book/pages/channels",
  "/book/pages/categories",
  "/book/pages/body-areas",
  "/book/pages/channels/lung-channel",
  "/video/play-channel-video/lung-channel",
  "/video/play-channel/lung-channel",
  "/book/pages/categories/yuan-source",
  "/body-area/hand",
  "/book/pages/point-categories",
  "/book/pages/measuring-with-cun",
] as const

/** Pages of Pro: a visitor or Standard user meets the upgrade modal on them. */
export const LOCKED_PAGES = [
  ["/point/st-36-zusanli", "ST-36 Zúsānlǐ · Jingluo"],
  ["/book/pages/vessels/chong-mai-penetrating-vessel", undefined],
  ["/book/pages/extra-points", undefined],
  ["/book/pages/categories/luo-connecting", undefined],
] as const

/** Pages a Pro user opens that others cannot, besides the locked ones above. */
export const PRO_PAGES = [
  "/point/ex-hn3-yintang",
  "/point/gb-20-fengchi",
  "/book/pages/channels/bladder-channel",
  "/body-area/knee-and-lower-leg",
  "/book/pages/channels/governing-vessel",
  "/book/pages/introduction-to-the-channels",
] as const

/** Every channel's page. */
export const CHANNEL_PAGES = loadContent().channels.map((c) => `/book/pages/channels/${c.slug}`)

/** The pages of a signed-in user's own: settings, notes, groups, search, the self-tests and their setups. */
export const MEMBER_PAGES = [
  "/account-settings/my-profile",
  "/account-settings/change-my-password",
  "/account-settings/my-membership",
  "/account-settings/notes",
  "/account-settings/tests-settings",
  "/account-settings/video-settings",
  "/account-settings/registered-devices",
  "/account-settings/support",
  "/account-settings/delete-account",
  "/my-notes",
  "/my-point-groups",
  "/search",
  "/full-text",
  "/book/charts",
  "/test/",
  "/test/scores",
  ...TEST_TYPE_IDS.filter((id) => id !== "point-group-test").map((id) => `/test/new/${id}`),
] as const

// The API data every jsdom view and model test shares — the msw origin, the footer's quote, a
// signed-in Standard user and their dashboard — without React, so model files (which Playwright
// loads too) can import it.
import type { StoredUser, UserData } from "../../../src/domain/account/user.ts"
import type { QuoteOfTheDay } from "../../../src/domain/api/system-api.ts"

export const API = "http://localhost"

export const quote = {
  id: "ht-7-spirit-gate",
  text: "HT-7 settles the spirit.",
  source: "Jingluo notes",
  original: null,
  point: { code: "HT-7", slug: "ht-7-shenmen", name: "Spirit Gate", pinyin: "Shénmén" },
  offset: 0,
  total: 2,
} satisfies typeof QuoteOfTheDay.Encoded

export const signedInUser = {
  id: 7,
  uuid: "0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026",
  email: "mei@example.com",
  first_name: "Mei",
  last_name: "Chen",
  role: "user",
  beta_tester: false,
  tips_subscription: false,
  plan_name: "Standard",
  purchased_subscription: false,
  verification_confirmed: true,
  showNotes: false,
  addChannels: false,
  logoutPop: false,
  user_subscription: { plan_name: "Standard", plan_id: 2 },
  subscription: null,
} satisfies typeof StoredUser.Encoded

export const dashboard = {
  user_profile: {
    email: "mei@example.com",
    first_name: "Mei",
    last_name: "Chen",
    uuid: signedInUser.uuid,
    promotional_emails: false,
    purchased_subscription: false,
    password_available: true,
  },
  user_subscription: { plan_name: "Standard", plan_id: 2 },
  payment_platform: null,
  user_subscription_cancelled: 0,
  migrated_user: 0,
  country: null,
  currency: null,
  language: null,
} satisfies typeof UserData.Encoded

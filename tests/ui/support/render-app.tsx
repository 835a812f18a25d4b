// Renders the whole app as main.tsx wires it (real machines, real ApiClient over fetch) at a path,
// with msw answering the API. Full reloads are recorded instead of performed.
import { render, screen } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import type { StoredUser, UserData } from "../../../src/domain/account/user.ts"
import type { QuoteOfTheDay } from "../../../src/domain/api/system-api.ts"
import { wire } from "../../../src/main.tsx"

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

/** Answers every test needs: the footer's quote, no social sign-in. Tests add their own with server.use(). */
export const server = setupServer(
  http.get(`${API}/api/social-providers`, () => HttpResponse.json({ providers: [] })),
  http.get(`${API}/api/quote-of-the-day`, ({ request }) => {
    const offset = Number(new URL(request.url).searchParams.get("offset") ?? 0)
    return HttpResponse.json({ ...quote, id: `q-${offset}`, text: `Quote ${offset}`, offset })
  }),
)

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

export interface RenderOptions {
  readonly signedIn?: boolean
  readonly language?: "en" | "de" | "es"
  readonly cookiesAccepted?: boolean
  /** The clock timed flows run on (a SimulatedClock), instead of the browser's. */
  readonly clock?: Parameters<typeof wire>[0]["clock"]
}

export const renderApp = async (path: string, options: RenderOptions = {}) => {
  const { signedIn = false, language, cookiesAccepted = true, clock } = options
  if (cookiesAccepted) document.cookie = "cookieAccepted=yes; Path=/"
  if (language) document.cookie = `language=${language}; Path=/`
  // Signed in, the browser holds the readable userdata cookie; the session cookie is HttpOnly and
  // travels with same-origin calls, so no script (and no test here) sees it.
  if (signedIn) document.cookie = `userdata=${encodeURIComponent(JSON.stringify(signedInUser))}; Path=/`
  window.history.replaceState(null, "", path)
  const reloads: Array<string> = []
  const app = await wire({ baseUrl: API, reload: (to) => void reloads.push(to), ...(clock ? { clock } : {}) })
  const view = render(app.element)
  await screen.findByRole("contentinfo")
  return { ...view, ...app, reloads }
}

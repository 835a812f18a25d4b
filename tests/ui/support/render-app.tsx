// Renders the whole app as main.tsx wires it (real machines, real ApiClient over fetch) at a path,
// with msw answering the API. Full reloads are recorded instead of performed.
import { render, screen, waitFor } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { expect } from "vitest"
import type { SimulatedClock } from "xstate"
import { UNAUTHORIZED_RELOAD_DELAY_MS } from "../../../src/domain/shared/failures.ts"
import { wire } from "../../../src/main.tsx"
import { API, dashboard, quote, signedInUser } from "./api-data.ts"

export { API, dashboard, quote, signedInUser }

/**
 * Answers every test needs: the footer's quote, no social sign-in, no e-mail change waiting for its
 * code. Tests add their own with server.use().
 */
export const server = setupServer(
  http.get(`${API}/api/social-providers`, () => HttpResponse.json({ providers: [] })),
  http.get(`${API}/api/email-change`, () => HttpResponse.json({ pending_email: null })),
  http.get(`${API}/api/quote-of-the-day`, ({ request }) => {
    const offset = Number(new URL(request.url).searchParams.get("offset") ?? 0)
    return HttpResponse.json({ ...quote, id: `q-${offset}`, text: `Quote ${offset}`, offset })
  }),
)

export interface RenderOptions {
  readonly signedIn?: boolean
  readonly language?: "en" | "de" | "es"
  readonly cookiesAccepted?: boolean
  /** The clock timed flows run on (a SimulatedClock), instead of the browser's. */
  readonly clock?: Parameters<typeof wire>[0]["clock"]
  /** Where the full reloads the app asks for are recorded (a new list when not given). */
  readonly reloads?: Array<string>
  /** The clock of the session's timer (the reload at /login after a 401), moved by the test. */
  readonly sessionClock?: SimulatedClock
}

export const renderApp = async (path: string, options: RenderOptions = {}) => {
  const { signedIn = false, language, cookiesAccepted = true, clock, reloads = [], sessionClock } = options
  if (cookiesAccepted) document.cookie = "cookieAccepted=yes; Path=/"
  if (language) document.cookie = `language=${language}; Path=/`
  // Signed in, the browser holds the readable userdata cookie; the session cookie is HttpOnly and
  // travels with same-origin calls, so no script (and no test here) sees it.
  if (signedIn) document.cookie = `userdata=${encodeURIComponent(JSON.stringify(signedInUser))}; Path=/`
  window.history.replaceState(null, "", path)
  const app = await wire({
    baseUrl: API,
    reload: (to) => void reloads.push(to),
    ...(clock ? { clock } : {}),
    ...(sessionClock ? { sessionClock } : {}),
  })
  const view = render(app.element)
  await screen.findByRole("contentinfo")
  return { ...view, ...app, reloads }
}

/**
 * An ended session's reload at /login, on the session's simulated clock: once the toast says the
 * session ended, nothing reloads until UNAUTHORIZED_RELOAD_DELAY_MS have passed, then `to` does.
 */
export const expectReloadToLogin = async (reloads: ReadonlyArray<string>, sessionClock: SimulatedClock, to: string) => {
  await screen.findByText("Your session has ended. Please log in again.")
  sessionClock.increment(UNAUTHORIZED_RELOAD_DELAY_MS - 1)
  expect(reloads).toEqual([])
  sessionClock.increment(1)
  await waitFor(() => expect(reloads).toEqual([to]))
}

// The patient's pages, without an account and without anything else of the app (no header, menus,
// search, footer, cookie or upgrade prompts). The link: open (who sent which videos, the player
// with English captions and the transcript, until when), ended (expired, or ended by the
// practitioner), not valid (404), or failing with a retry — and a signed-in member, even one whose
// session has ended, sees the same plain page and is never sent to sign in. The unsubscribe page:
// nothing is sent on opening it; the button stops the mails; a key the server refuses says so.
import { act, render, screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { SimulatedClock } from "xstate"
import { API_TIMEOUT_MS, UNAUTHORIZED_RELOAD_DELAY_MS } from "../../../src/domain/shared/failures.ts"
import { wire } from "../../../src/main.tsx"
import { expectNoAxeViolations } from "../support/axe.ts"
import { FAILURES, type Failure, failureResponse } from "../support/failures.ts"
import { API, server, signedInUser } from "../support/render-app.tsx"
import { openPage } from "../support/sharing-data.ts"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const TOKEN = "Zq3xk9Lm2Pw7"

/** The app at a patient's address, as a browser opens it from the mail (cookie banner not yet answered). */
const openAt = async (
  path: string,
  options: { readonly signedIn?: boolean; readonly sessionClock?: SimulatedClock } = {},
) => {
  if (options.signedIn) document.cookie = `userdata=${encodeURIComponent(JSON.stringify(signedInUser))}; Path=/`
  window.history.replaceState(null, "", path)
  const reloads: Array<string> = []
  const app = await wire({
    baseUrl: API,
    reload: (to) => void reloads.push(to),
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
  })
  const view = render(app.element)
  return { ...view, ...app, reloads }
}

/** Counts every call to the member's API, which a patient's page must never make. */
const memberCalls = () => {
  const calls: Array<string> = []
  server.use(
    http.all(`${API}/api/*`, ({ request }) => {
      const path = new URL(request.url).pathname
      if (!path.startsWith("/api/patient/") && path !== "/api/quote-of-the-day") calls.push(path)
      return undefined
    }),
  )
  return calls
}

/** Nothing of the member's app: no navigation, search, menus, footer, cookie banner or upgrade. */
const expectPlainPage = () => {
  expect(screen.getByRole("banner")).toHaveTextContent("Jingluo")
  expect(within(screen.getByRole("banner")).queryAllByRole("button")).toEqual([])
  expect(within(screen.getByRole("banner")).queryAllByRole("link")).toEqual([])
  expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull()
  expect(screen.queryByRole("contentinfo")).toBeNull()
  expect(screen.queryByRole("button", { name: /My account|Log in|Search|Menu|cookies|Pro/i })).toBeNull()
  expect(screen.queryByText(/cookies/i)).toBeNull()
}

const linkAnswers = (resolver: Parameters<typeof http.get>[1]) =>
  server.use(http.get(`${API}/api/patient/:token`, resolver))

describe("the patient's link", () => {
  it("shows who sent which videos, the player with English captions and the transcript, and until when", async () => {
    const calls = memberCalls()
    linkAnswers(({ params }) =>
      params.token === TOKEN ? HttpResponse.json(openPage) : HttpResponse.json({}, { status: 404 }),
    )
    const user = userEvent.setup()
    await openAt(`/patient/${TOKEN}`)
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acupressure videos from Anna Berg" }),
    ).toBeInTheDocument()
    expect(screen.getByText("This link works until 29 Dec 2026.")).toBeInTheDocument()
    expect(screen.getByRole("group", { name: /LI-4 for headaches/ })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Captions" })).toHaveAttribute("aria-pressed", "true")
    expect(screen.getByRole("heading", { name: "Transcript" })).toBeInTheDocument()
    expect(document.querySelector("track[srclang='en']")).not.toBeNull()
    expect(document.title).toBe("Acupressure videos from Anna Berg · Jingluo")
    // The other video, chosen by keyboard from the list.
    const other = screen.getByRole("button", { name: /PC-6 for nausea/ })
    other.focus()
    await user.keyboard("{Enter}")
    expect(await screen.findByRole("group", { name: /PC-6 for nausea/ })).toBeInTheDocument()
    expect(other.closest("li")).toHaveAttribute("aria-current", "true")
    expectPlainPage()
    await expectNoAxeViolations()
    expect(calls).toEqual([])
  })

  it("is the same plain page for a signed-in member, in English whatever their language", async () => {
    linkAnswers(() => HttpResponse.json(openPage))
    document.cookie = "language=de; Path=/"
    await openAt(`/patient/${TOKEN}`, { signedIn: true })
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acupressure videos from Anna Berg" }),
    ).toBeInTheDocument()
    expectPlainPage()
  })

  it("never sends a member whose session ended to sign in (no session check, no 401 handling here)", async () => {
    let dashboardCalls = 0
    server.use(
      http.get(`${API}/api/dashboard`, () => {
        dashboardCalls++
        return HttpResponse.json({ _tag: "Unauthorized", message: "x" }, { status: 401 })
      }),
    )
    linkAnswers(() => HttpResponse.json({ _tag: "Unauthorized", message: "x" }, { status: 401 }))
    const sessionClock = new SimulatedClock()
    const { reloads, session } = await openAt(`/patient/${TOKEN}`, { signedIn: true, sessionClock })
    expect(
      await screen.findByRole("heading", { level: 1, name: "Your videos could not be loaded" }),
    ).toBeInTheDocument()
    // Well past the reload an ended session would schedule.
    sessionClock.increment(UNAUTHORIZED_RELOAD_DELAY_MS * 2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dashboardCalls).toBe(0)
    expect(session.getSnapshot().context.user).not.toBeNull()
    expect(reloads).toEqual([])
    expect(window.location.pathname).toBe(`/patient/${TOKEN}`)
  })

  it.each([
    ["expired", "This link has expired", null],
    ["revoked", "This link has ended", "The practitioner who sent it has ended this link."],
  ] as const)("says plainly that an %s link has ended, and what to do", async (reason, title, why) => {
    linkAnswers(() => HttpResponse.json({ _tag: "Ended", reason }))
    await openAt(`/patient/${TOKEN}`)
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument()
    if (why) expect(screen.getByText(why)).toBeInTheDocument()
    expect(
      screen.getByText("Ask your practitioner for a new link if you would like to watch the videos again."),
    ).toBeInTheDocument()
    expect(screen.queryByRole("group", { name: /LI-4/ })).toBeNull()
    expectPlainPage()
    await expectNoAxeViolations()
  })

  it.each(FAILURES)("%s: says so on the page, never leaving it", async (failure: Failure) => {
    linkAnswers(() => failureResponse(failure, { forbidden: { _tag: "Forbidden", message: "no" }, fieldErrors: {} }))
    if (failure === "timeout")
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
    const { reloads } = await openAt(`/patient/${TOKEN}`)
    if (failure === "timeout") {
      await screen.findByRole("heading", { level: 1, name: "Loading your videos…" })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
      })
    }
    const title = failure === "404" ? "This link is not valid" : "Your videos could not be loaded"
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument()
    if (failure !== "404") expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/patient/${TOKEN}`)
    expect(reloads).toEqual([])
    expectPlainPage()
  })

  it("loads again on Try again", async () => {
    let fail = true
    linkAnswers(() =>
      fail
        ? HttpResponse.json({ _tag: "ServerError", message: "x", correlationId: "c" }, { status: 500 })
        : HttpResponse.json(openPage),
    )
    await openAt(`/patient/${TOKEN}`)
    const retry = await screen.findByRole("button", { name: "Try again" })
    fail = false
    await userEvent.setup().click(retry)
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acupressure videos from Anna Berg" }),
    ).toBeInTheDocument()
  })
})

describe("the unsubscribe page", () => {
  const unsubscribes = () => {
    const keys: Array<string> = []
    server.use(
      http.post(`${API}/api/patient/unsubscribe`, async ({ request }) => {
        const { key } = (await request.json()) as { key: string }
        keys.push(key)
        return key === "good-key"
          ? HttpResponse.json({ message: "ok" })
          : HttpResponse.json(
              { _tag: "ValidationFailed", message: "x", errors: { key: "validation.invalid" } },
              { status: 422 },
            )
      }),
    )
    return keys
  }

  it("sends nothing on opening (mail scanners follow links); the button stops the mails", async () => {
    const keys = unsubscribes()
    const user = userEvent.setup()
    await openAt("/patient/unsubscribe?key=good-key")
    const button = await screen.findByRole("button", { name: "Stop e-mails from Jingluo members" })
    expect(screen.getByRole("heading", { level: 1, name: "Stop e-mails from Jingluo members" })).toBeInTheDocument()
    expectPlainPage()
    await expectNoAxeViolations()
    expect(keys).toEqual([])
    button.focus()
    await user.keyboard("{Enter}")
    const done = await screen.findByText("Done: Jingluo members can no longer e-mail this address.")
    expect(keys).toEqual(["good-key"])
    await waitFor(() => expect(done).toHaveFocus())
  })

  it("says a key the server refuses (422) is not valid", async () => {
    const keys = unsubscribes()
    const user = userEvent.setup()
    await openAt("/patient/unsubscribe?key=forged")
    await user.click(await screen.findByRole("button", { name: "Stop e-mails from Jingluo members" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid.")
    expect(keys).toEqual(["forged"])
  })

  it("says a link without a key is not valid, sending nothing", async () => {
    const keys = unsubscribes()
    const user = userEvent.setup()
    await openAt("/patient/unsubscribe")
    await user.click(await screen.findByRole("button", { name: "Stop e-mails from Jingluo members" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid.")
    expect(keys).toEqual([])
  })

  it("says when the request failed, and sends it again", async () => {
    let fail = true
    server.use(
      http.post(`${API}/api/patient/unsubscribe`, () =>
        fail ? HttpResponse.error() : HttpResponse.json({ message: "ok" }),
      ),
    )
    const user = userEvent.setup()
    await openAt("/patient/unsubscribe?key=good-key")
    await user.click(await screen.findByRole("button", { name: "Stop e-mails from Jingluo members" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Your request was not sent\./)
    fail = false
    await user.click(screen.getByRole("button", { name: "Stop e-mails from Jingluo members" }))
    expect(await screen.findByText("Done: Jingluo members can no longer e-mail this address.")).toBeInTheDocument()
  })
})

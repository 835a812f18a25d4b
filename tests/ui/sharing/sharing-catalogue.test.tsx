// The sharing page against the error catalogue of §8, call by call (401, 403, 404, 422, 429, 500, a
// timeout, offline). Loading the videos and the list: an ended session ends as everywhere, Pro
// required shows the locked page, anything else says so in place with a retry — never /not-found.
// Sharing: everything typed and chosen stays; 422 at the fields, 429 with the time it frees up, 403
// the upgrade modal, the rest the catalogue's message and a retry. Revoking: the row stays active,
// a link gone meanwhile (404) says so and the list loads again.
import { act, screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { API_TIMEOUT_MS } from "../../../src/domain/shared/failures.ts"
import { FAILURES, type Failure, failureResponse } from "../support/failures.ts"
import { API, dashboard, renderApp, server } from "../support/render-app.tsx"
import { rememberProMember, sharingHandlers } from "../support/sharing-api.ts"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const PATH = "/acupressure-videos"
const CALLS = ["429", ...FAILURES] as const
type CatalogueCase = (typeof CALLS)[number]

/** The server's answer for a failure; 429 with an hour and a half to wait. */
const answer = (failure: CatalogueCase) => () =>
  failure === "429"
    ? HttpResponse.json({ _tag: "TooManyRequests", message: "Limit reached", retryAfterSeconds: 5400 }, { status: 429 })
    : failureResponse(failure as Failure, {
        forbidden: { _tag: "ProRequired", message: "Sharing videos is part of Jingluo Pro." },
        fieldErrors: { email: "validation.patientUnsubscribed" },
      })

const toast = async () =>
  within(await screen.findByRole("region", { name: /Notifications/ })).findByRole("listitem", {}, { timeout: 3000 })

/** Opens the page as a Pro member; a timeout case runs on fake timers the test moves past the API's timeout. */
const open = async (failure: CatalogueCase, failing: ReadonlyArray<ReturnType<typeof http.get>>) => {
  const fake = sharingHandlers()
  server.use(...failing, ...fake.handlers)
  if (failure === "timeout")
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
  rememberProMember()
  const app = await renderApp(PATH, {})
  return { ...app, ...fake }
}

const passTimeout = (failure: CatalogueCase) =>
  failure === "timeout"
    ? act(async () => {
        await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
      })
    : Promise.resolve()

const userFor = (failure: CatalogueCase) =>
  userEvent.setup(failure === "timeout" ? { advanceTimers: vi.advanceTimersByTime } : {})

describe("loading the videos and the list", () => {
  it.each(CALLS)("%s: said where it happens, never /not-found", async (failure) => {
    const { reloads } = await open(failure, [
      http.get(`${API}/api/jing/patient_videos`, answer(failure)),
      http.get(`${API}/api/jing/patient_shares`, answer(failure)),
    ])
    await screen.findByRole("heading", { level: 1, name: "Acupressure videos" })
    await passTimeout(failure)
    if (failure === "timeout") {
      // The list loads once the page is known not to be locked: its call waits in turn.
      await screen.findByText(/^The videos could not be loaded\./)
      await passTimeout(failure)
    }
    if (failure === "401") {
      expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
      return
    }
    if (failure === "403") {
      expect(
        await screen.findByText("Sharing acupressure videos with your patients is part of Jingluo Pro."),
      ).toBeInTheDocument()
      expect(screen.queryByRole("textbox", { name: "Patient's e-mail address" })).toBeNull()
      return
    }
    expect(await screen.findByText(/^The videos could not be loaded\./)).toBeInTheDocument()
    expect(await screen.findByText(/^What you shared could not be loaded\./)).toBeInTheDocument()
    expect(screen.getAllByRole("button", { name: "Try again" })).toHaveLength(2)
    expect(window.location.pathname).toBe(PATH)
    expect(reloads).toEqual([])
  })

  it("loads again on Try again", async () => {
    let fail = true
    await open("500", [http.get(`${API}/api/jing/patient_videos`, () => (fail ? answer("500")() : undefined))])
    const retry = await screen.findByRole("button", { name: "Try again" })
    fail = false
    await userEvent.setup().click(retry)
    expect(await screen.findByRole("group", { name: "Videos" })).toBeInTheDocument()
  })
})

describe("sharing", () => {
  it.each(CALLS)("%s: keeps everything typed and chosen, and says what to do", async (failure) => {
    await open(failure, [
      http.post(`${API}/api/jing/email/patient_videos`, answer(failure)),
      // A 403: the member's plan has ended on the server, which the session learns too.
      ...(failure === "403"
        ? [
            http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
            http.get(`${API}/api/plan-list`, () => HttpResponse.json([])),
          ]
        : []),
    ])
    const user = userFor(failure)
    const email = await screen.findByRole("textbox", { name: "Patient's e-mail address" })
    await user.type(email, "june@example.com")
    await user.click(screen.getByRole("checkbox", { name: "PC-6 for nausea" }))
    await user.click(screen.getByRole("checkbox", { name: "My patient agreed to receive this e-mail" }))
    await user.click(screen.getByRole("button", { name: "Share" }))
    await passTimeout(failure)
    switch (failure) {
      case "401":
        // The catalogue's session-ended path: nothing of the member's is kept on the page.
        expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
        return
      case "403":
        expect(await screen.findByRole("dialog")).toBeInTheDocument()
        expect(screen.getByText(/Sharing videos needs Jingluo Pro\./)).toBeInTheDocument()
        break
      case "422":
        await waitFor(() =>
          expect(email).toHaveAccessibleDescription(
            /This address asked to receive no more e-mails from Jingluo members/,
          ),
        )
        expect(email).toHaveFocus()
        break
      case "429":
        expect(
          await screen.findByText(/^You have reached today's sharing limit\. You can share again at \d\d:\d\d\.$/),
        ).toBeInTheDocument()
        break
      default:
        expect(await screen.findByText(/^The e-mail was not sent\./)).toBeInTheDocument()
        expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled()
        if (failure !== "404") await toast()
        expect(window.location.pathname).toBe(PATH)
    }
    expect(email).toHaveValue("june@example.com")
    expect(screen.getByRole("checkbox", { name: "PC-6 for nausea", hidden: true })).toBeChecked()
    expect(
      screen.getByRole("checkbox", { name: "My patient agreed to receive this e-mail", hidden: true }),
    ).toBeChecked()
  })
})

describe("revoking", () => {
  it.each(CALLS)("%s: the link stays listed as it is on the server", async (failure) => {
    const { reloads } = await open(failure, [http.delete(`${API}/api/jing/patient_shares/:id`, answer(failure))])
    const user = userFor(failure)
    await user.click(await screen.findByRole("button", { name: /^Revoke the link sent to j•••@example.com/ }))
    await user.click(await screen.findByRole("button", { name: "Yes, revoke" }))
    await passTimeout(failure)
    if (failure === "401") {
      expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
      return
    }
    if (failure === "404") {
      expect(await screen.findByText("That link had already ended. The list is up to date.")).toBeInTheDocument()
      await waitFor(() => expect(screen.getByRole("heading", { name: "Shared with patients" })).toHaveFocus())
    } else {
      expect(await screen.findByRole("alert")).toHaveTextContent(/.+/)
      expect(screen.getByText("Active until 29 Dec 2026")).toBeInTheDocument()
      expect(screen.getByRole("button", { name: /^Revoke the link sent to j•••@example.com/ })).toBeEnabled()
    }
    expect(window.location.pathname).toBe(PATH)
    expect(reloads).toEqual([])
  })
})

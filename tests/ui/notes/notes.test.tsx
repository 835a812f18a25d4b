// Notes and the app review against the error catalogue of §8, as a user meets them. Saving a note:
// 401 ends the session, 404 goes to /not-found, 403/422/500/timeout/offline say in place that the
// note is not saved and keep the text in the field and on the device (offline saves it once the
// browser is back online). Loading the notes and the review, and saving the review: the same
// catalogue, with the failure said inline and a retry.
import { act, screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { SimulatedClock } from "xstate"
import { withReturnPath } from "../../../src/domain/account/return-path.ts"
import { DEFAULT_USER_SETTINGS } from "../../../src/domain/account/user-settings.ts"
import type { AppReview } from "../../../src/domain/feedback/app-review.ts"
import { type NoteListItem, noteDraftKey } from "../../../src/domain/notes/note.ts"
import { API_TIMEOUT_MS } from "../../../src/domain/shared/failures.ts"
import { type Failure, failureResponse } from "../support/failures.ts"
import { LU9_STORED_NOTE, lu9PageHandlers } from "../support/point-page-api.ts"
import { API, expectReloadToLogin, renderApp, server, signedInUser } from "../support/render-app.tsx"
import { userEvent } from "../support/user.ts"

const SUPPORT = "/account-settings/support"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const stored = LU9_STORED_NOTE
const review: AppReview = {
  rating: 4,
  comment: "Good",
  improve: "",
  language: "en",
  updatedAt: "2026-01-02T10:00:00.000Z",
}

const baseApi = (notes: ReadonlyArray<NoteListItem> = [stored]) =>
  server.use(
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes: true })),
    http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes })),
    http.get(`${API}/api/get-app-review`, () => HttpResponse.json({ review })),
  )

const answer =
  (failure: Failure, field = "text") =>
  () =>
    failureResponse(failure, {
      forbidden: { _tag: "ProRequired", message: "This is part of Jingluo Pro." },
      fieldErrors: { [field]: field === "text" ? "validation.noteTooLong" : "validation.reviewCommentTooLong" },
    })

/** A user whose waits follow the fake clock when a test runs on one. */
const userFor = (failure: string) =>
  userEvent.setup(failure === "timeout" ? { advanceTimers: vi.advanceTimersByTime } : {})

const toast = async () =>
  within(await screen.findByRole("region", { name: /Notifications/ })).findByRole("listitem", {}, { timeout: 10_000 })

// The note is a part of the page that loads after it (ui/content/page-parts.tsx); the first save loads the API client.
const noteField = () => screen.findByRole("textbox", { name: "Your note on LU-9" }, { timeout: 10_000 })

/** Opens LU-9, types into the note and waits for the save to be sent. */
const typeNote = async (failure: Failure) => {
  baseApi()
  let sent = 0
  server.use(
    http.post(`${API}/api/save-point-notes`, async () => {
      sent++
      return answer(failure)()
    }),
  )
  if (failure === "timeout")
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
  const user = userFor(failure)
  const sessionClock = new SimulatedClock()
  const app = await renderApp("/point/lu-9-taiyuan", { signedIn: true, sessionClock })
  const field = await noteField()
  expect(field).toHaveValue("Pulse point")
  await user.type(field, " of the lung")
  await waitFor(() => expect(sent).toBe(1), { timeout: 10_000 })
  if (failure === "timeout") {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
    })
  }
  return { ...app, field, sessionClock }
}

describe("saving a note", () => {
  it("is saved as the user types and says so", async () => {
    baseApi()
    const bodies: Array<unknown> = []
    server.use(
      http.post(`${API}/api/save-point-notes`, async ({ request }) => {
        const body = (await request.json()) as { text: string }
        bodies.push(body)
        return HttpResponse.json({
          note: { point: "LU-9", text: body.text, version: 4, updatedAt: "2026-01-03T00:00:00.000Z" },
        })
      }),
    )
    const user = userEvent.setup()
    await renderApp("/point/lu-9-taiyuan", { signedIn: true })
    await user.type(await noteField(), "!")
    expect(await screen.findByRole("status", {}, { timeout: 10_000 })).toHaveTextContent(/Saving…|Saved/)
    await waitFor(() => expect(screen.getByText("Saved")).toBeInTheDocument(), { timeout: 10_000 })
    expect(bodies).toEqual([{ point: "LU-9", text: "Pulse point!", version: 3 }])
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toBeNull()
  })

  it("401: the session ends as everywhere in the app, and the typed text stays on the device", async () => {
    const { reloads, sessionClock } = await typeNote("401")
    expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
    // Signing in again leads back to the point.
    await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", "/point/lu-9-taiyuan"))
    // The session's storage is cleared, but not what the user typed: signing in again brings it back.
    expect(document.cookie).not.toContain("token=")
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toContain("Pulse point of the lung")
  })

  it("signing out removes text kept on the device (the device may be shared)", async () => {
    baseApi()
    localStorage.setItem(noteDraftKey(signedInUser.id, "LU-9"), JSON.stringify({ text: "typed before", version: 3 }))
    localStorage.setItem("some.other.key", "x")
    const { session } = await renderApp("/my-notes", { signedIn: true })
    act(() => void session.send({ type: "session.signOut" }))
    await waitFor(() => expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toBeNull())
    expect(localStorage.getItem("some.other.key")).toBeNull()
  })

  it("text another user kept on this device is neither shown nor saved", async () => {
    baseApi()
    let sent = 0
    server.use(
      http.post(`${API}/api/save-point-notes`, () => {
        sent++
        return HttpResponse.json({ note: null })
      }),
    )
    const otherKey = noteDraftKey(signedInUser.id + 1, "LU-9")
    localStorage.setItem(otherKey, JSON.stringify({ text: "someone else's text", version: 3 }))
    await renderApp("/point/lu-9-taiyuan", { signedIn: true })
    expect(await noteField()).toHaveValue("Pulse point")
    expect(sent).toBe(0)
    expect(localStorage.getItem(otherKey)).toContain("someone else's text")
  })

  it("404: goes to /not-found", async () => {
    await typeNote("404")
    await waitFor(() => expect(window.location.pathname).toBe("/not-found"), { timeout: 10_000 })
    // What was typed stays on the device for the next visit.
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toContain("Pulse point of the lung")
  })

  it("403: says the note is not saved and keeps the text", async () => {
    const { field } = await typeNote("403")
    expect(
      await screen.findByText(/Not saved: .* Your note is kept on this device\./, {}, { timeout: 10_000 }),
    ).toBeVisible()
    expect(field).toHaveValue("Pulse point of the lung")
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toContain("Pulse point of the lung")
  })

  it("422: a note over the limit shows the message at the field and keeps the text", async () => {
    const { field } = await typeNote("422")
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"), { timeout: 10_000 })
    expect(screen.getByText(/A note can have at most 10,000 characters/)).toBeVisible()
    expect(field).toHaveValue("Pulse point of the lung")
  })

  it("500: an error toast, the note says it is not saved, and Try again sends it again", async () => {
    const { field } = await typeNote("500")
    expect(await toast()).toHaveTextContent("Something broke, c0ffee")
    expect(await screen.findByText(/Not saved: Something went wrong/)).toBeVisible()
    expect(field).toHaveValue("Pulse point of the lung")
    server.use(
      http.post(`${API}/api/save-point-notes`, () =>
        HttpResponse.json({
          note: { point: "LU-9", text: "Pulse point of the lung", version: 4, updatedAt: "2026-01-03T00:00:00.000Z" },
        }),
      ),
    )
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }))
    await waitFor(() => expect(screen.getByText("Saved")).toBeInTheDocument(), { timeout: 10_000 })
  })

  it(`timeout: gives up after ${API_TIMEOUT_MS / 1000} s, says so and keeps the text`, async () => {
    const { field } = await typeNote("timeout")
    expect(await screen.findByText(/Not saved: .*took too long/i, {}, { timeout: 10_000 })).toBeVisible()
    expect(field).toHaveValue("Pulse point of the lung")
  })

  it("offline: keeps the note on the device and saves it when the browser is back online", async () => {
    const { field } = await typeNote("offline")
    expect(
      await screen.findByText(/You are offline\. Your note is kept on this device/, {}, { timeout: 10_000 }),
    ).toBeVisible()
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toContain("Pulse point of the lung")
    server.use(
      http.post(`${API}/api/save-point-notes`, () =>
        HttpResponse.json({
          note: { point: "LU-9", text: "Pulse point of the lung", version: 4, updatedAt: "2026-01-03T00:00:00.000Z" },
        }),
      ),
    )
    act(() => void window.dispatchEvent(new Event("online")))
    await waitFor(() => expect(screen.getByText("Saved")).toBeInTheDocument(), { timeout: 10_000 })
    expect(field).toHaveValue("Pulse point of the lung")
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toBeNull()
  })

  it("restores text kept on the device after a reload and saves it", async () => {
    baseApi()
    const bodies: Array<unknown> = []
    server.use(
      http.post(`${API}/api/save-point-notes`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({
          note: { point: "LU-9", text: "typed before", version: 4, updatedAt: "2026-01-03T00:00:00.000Z" },
        })
      }),
    )
    localStorage.setItem(noteDraftKey(signedInUser.id, "LU-9"), JSON.stringify({ text: "typed before", version: 3 }))
    await renderApp("/point/lu-9-taiyuan", { signedIn: true })
    expect(await noteField()).toHaveValue("typed before")
    await waitFor(() => expect(bodies).toEqual([{ point: "LU-9", text: "typed before", version: 3 }]), {
      timeout: 10_000,
    })
  })

  it("the point page's notes switch confirms a saved setting with the settings toast and keeps focus", async () => {
    baseApi()
    const sent: Array<unknown> = []
    server.use(
      http.post(`${API}/api/user-settings`, async ({ request }) => {
        const body = (await request.json()) as { showNotes: boolean }
        sent.push(body)
        return HttpResponse.json({ ...DEFAULT_USER_SETTINGS, ...body })
      }),
    )
    const user = userEvent.setup()
    await renderApp("/point/lu-9-taiyuan", { signedIn: true })
    await noteField()
    const toggle = screen.getByRole("switch", { name: "Show my notes on point pages" })
    await user.click(toggle)
    expect(await toast()).toHaveTextContent("Your settings have been saved.")
    expect(sent).toEqual([{ showNotes: false }])
    expect(toggle).toHaveFocus()
  })

  it("visitors see no note field", async () => {
    baseApi()
    await renderApp("/point/lu-9-taiyuan")
    await screen.findByRole("heading", { level: 1, name: /LU-9/ })
    expect(screen.queryByRole("heading", { name: "My note" })).toBeNull()
  })
})

describe.each(["401", "403", "404", "500", "timeout", "offline"] as const)("loading /my-notes: %s", (failure) => {
  it("follows the catalogue; otherwise says so inline and tries again", async () => {
    baseApi()
    let hits = 0
    server.use(
      http.get(`${API}/api/get-all-notes`, () => {
        hits++
        return answer(failure)()
      }),
    )
    if (failure === "timeout")
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
    const sessionClock = new SimulatedClock()
    const { reloads } = await renderApp("/my-notes", { signedIn: true, sessionClock })
    await waitFor(() => expect(hits).toBe(1), { timeout: 10_000 })
    if (failure === "timeout")
      await act(async () => {
        await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
      })
    if (failure === "401") {
      await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", "/my-notes"))
      return
    }
    if (failure === "404") {
      await waitFor(() => expect(window.location.pathname).toBe("/not-found"), { timeout: 10_000 })
      return
    }
    expect(await screen.findByText(/Your notes could not be loaded\./, {}, { timeout: 10_000 })).toBeVisible()
    server.use(http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes: [stored] })))
    await userFor(failure).click(screen.getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("link", { name: /LU-9 Tàiyuān — Great Abyss/ })).toHaveAttribute(
      "href",
      "/point/lu-9-taiyuan",
    )
  })
})

describe("/my-notes", () => {
  it("says how to write a note when there is none", async () => {
    baseApi([])
    await renderApp("/my-notes", { signedIn: true })
    expect(await screen.findByText(/You have no notes yet\. Open any point/)).toBeVisible()
  })

  it("shows a note on a point locked after a downgrade with the Pro badge", async () => {
    baseApi([{ ...stored, permission: false }])
    await renderApp("/my-notes", { signedIn: true })
    const link = await screen.findByRole("link", { name: /LU-9/ })
    expect(link.closest("li")).toHaveTextContent("Pro")
  })
})

describe.each(["401", "403", "404", "500", "timeout", "offline"] as const)("loading the review: %s", (failure) => {
  it("follows the catalogue; otherwise says so inline and tries again", async () => {
    baseApi()
    let hits = 0
    server.use(
      http.get(`${API}/api/get-app-review`, () => {
        hits++
        return answer(failure)()
      }),
    )
    if (failure === "timeout")
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
    const sessionClock = new SimulatedClock()
    const { reloads } = await renderApp(SUPPORT, { signedIn: true, sessionClock })
    await waitFor(() => expect(hits).toBe(1), { timeout: 10_000 })
    if (failure === "timeout")
      await act(async () => {
        await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
      })
    if (failure === "401")
      return void (await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", SUPPORT)))
    if (failure === "404")
      return void (await waitFor(() => expect(window.location.pathname).toBe("/not-found"), { timeout: 10_000 }))
    expect(await screen.findByText(/Your review could not be loaded\./, {}, { timeout: 10_000 })).toBeVisible()
    server.use(http.get(`${API}/api/get-app-review`, () => HttpResponse.json({ review })))
    await userFor(failure).click(screen.getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("radio", { name: "4 of 5 stars" })).toBeChecked()
  })
})

describe.each(["401", "403", "404", "422", "500", "timeout", "offline"] as const)(
  "saving the review: %s",
  (failure) => {
    it("follows the catalogue and keeps what was typed", async () => {
      baseApi()
      server.use(http.post(`${API}/api/save-app-review`, answer(failure, "comment")))
      if (failure === "timeout")
        vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
      const user = userFor(failure)
      const sessionClock = new SimulatedClock()
      const { reloads } = await renderApp(SUPPORT, { signedIn: true, sessionClock })
      await user.click(await screen.findByRole("radio", { name: "2 of 5 stars" }))
      await user.type(screen.getByRole("textbox", { name: "What should we improve?" }), "More charts")
      await user.click(screen.getByRole("button", { name: "Change review" }))
      if (failure === "timeout")
        await act(async () => {
          await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
        })
      if (failure === "401")
        return void (await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", SUPPORT)))
      if (failure === "404")
        return void (await waitFor(() => expect(window.location.pathname).toBe("/not-found"), { timeout: 10_000 }))
      const message = {
        "403": /went wrong|error/i,
        "422": /Please check the highlighted fields|check/i,
        "500": /Something went wrong/,
        timeout: /too long/i,
        offline: /offline|connection/i,
      }[failure]
      await waitFor(
        () =>
          expect(
            screen
              .getAllByRole("alert")
              .map((a) => a.textContent)
              .join(" "),
          ).toMatch(message),
        {
          timeout: 10_000,
        },
      )
      if (failure === "422") expect(screen.getByText("Use at most 2,000 characters.")).toBeVisible()
      expect(screen.getByRole("textbox", { name: "What should we improve?" })).toHaveValue("More charts")
      expect(screen.getByRole("radio", { name: "2 of 5 stars" })).toBeChecked()
    })
  },
)

describe("saving the review", () => {
  it("toasts when saved and shows the stored review", async () => {
    baseApi()
    server.use(
      http.get(`${API}/api/get-app-review`, () => HttpResponse.json({ review: null })),
      http.post(`${API}/api/save-app-review`, async ({ request }) => {
        const body = (await request.json()) as { rating: number; comment?: string }
        return HttpResponse.json({ review: { ...review, rating: body.rating, comment: body.comment ?? "" } })
      }),
    )
    const user = userEvent.setup()
    await renderApp(SUPPORT, { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Send review" }))
    expect(await screen.findByText("Choose a rating from 1 to 5 stars.")).toBeVisible()
    await user.click(screen.getByRole("radio", { name: "5 of 5 stars" }))
    expect(screen.queryByRole("textbox", { name: "What should we improve?" })).toBeNull()
    await user.click(screen.getByRole("button", { name: "Send review" }))
    expect(await toast()).toHaveTextContent("Thank you! Your review is saved.")
    expect(await screen.findByText(/Your review: 5 of 5 stars/)).toBeVisible()
  })
})

// The video-settings page against the error catalogue of §8 (msw): the stored choices shown, every
// setting changed by mouse and by keyboard and sent together only on Save, the saved notice in a
// polite live region; 422 puts the message at the refused choice, 500 and offline say so on the
// page (and in a toast), 401 ends the session, a load failure says so inline — and no choice is lost.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_USER_SETTINGS, type UserSettings } from "../../src/domain/account/user-settings.ts"
import { API, dashboard, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const PATH = "/account-settings/video-settings"
const CHOSEN = {
  continousPlay: true,
  videoCaptions: true,
  videoCaptionLanguage: "de",
  videoSpeed: 1.5,
  videoReducedMotion: "on",
} as const

/** The learner's settings as the server keeps them, and every body saved. */
const fakeSettings = (stored: UserSettings = { ...DEFAULT_USER_SETTINGS, videoSpeed: 1.25 }) => {
  const saves: Array<unknown> = []
  let settings = stored
  server.use(
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json(settings)),
    http.post(`${API}/api/user-settings`, async ({ request }) => {
      const body = (await request.json()) as Partial<UserSettings>
      saves.push(body)
      settings = { ...settings, ...body }
      return HttpResponse.json(settings)
    }),
  )
  return saves
}

const failSave = (status: number, body: unknown) =>
  server.use(http.post(`${API}/api/user-settings`, () => HttpResponse.json(body as never, { status })))

const group = (name: string) => screen.getByRole("radiogroup", { name })
const toast = async () => {
  const region = await screen.findByRole("region", { name: /Notifications/ })
  return within(region).findByRole("listitem", {}, { timeout: 3000 })
}

/** Every setting changed: the switches and the caption language by mouse, speed and motion by keyboard. */
const chooseAll = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole("switch", { name: "Play the next video by itself" }))
  await user.click(screen.getByRole("switch", { name: "Captions on when a video starts" }))
  await user.click(within(group("Caption language")).getByRole("radio", { name: "Deutsch" }))
  // Tab from the caption language lands on the chosen speed; the arrow moves to the next one.
  await user.tab()
  expect(within(group("Playback speed")).getByRole("radio", { name: "1.25×" })).toHaveFocus()
  await user.keyboard("{ArrowRight}")
  await user.tab()
  expect(within(group("Reduced motion")).getByRole("radio", { name: "As my device is set" })).toHaveFocus()
  await user.keyboard("{ArrowDown}")
}

const expectChosen = () => {
  expect(screen.getByRole("switch", { name: "Play the next video by itself" })).toBeChecked()
  expect(screen.getByRole("switch", { name: "Captions on when a video starts" })).toBeChecked()
  expect(within(group("Caption language")).getByRole("radio", { name: "Deutsch" })).toBeChecked()
  expect(within(group("Playback speed")).getByRole("radio", { name: "1.5×" })).toBeChecked()
  expect(within(group("Reduced motion")).getByRole("radio", { name: "On: still frames" })).toBeChecked()
}

describe("video settings", () => {
  it("sends a visitor to sign in, to come back here", async () => {
    await renderApp(PATH)
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument()
    expect(window.location.pathname + window.location.search).toBe(`/login?next=${encodeURIComponent(PATH)}`)
  })

  it("shows the stored choices, and saves every change together on Save only, announced politely", async () => {
    const saves = fakeSettings()
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    expect(await screen.findByRole("heading", { level: 1, name: "Video settings" })).toBeInTheDocument()
    expect(await screen.findByRole("radio", { name: "1.25×" })).toBeChecked()
    expect(within(group("Caption language")).getByRole("radio", { name: "The app's language (English)" })).toBeChecked()
    expect(screen.getByRole("switch", { name: "Play the next video by itself" })).toHaveAccessibleDescription(
      "When a point video of a channel ends, the next one starts.",
    )
    await chooseAll(user)
    expectChosen()
    expect(saves).toEqual([])
    await user.click(screen.getByRole("button", { name: "Save video settings" }))
    await waitFor(() => expect(saves).toEqual([CHOSEN]))
    const notice = await screen.findByText("Your video settings have been saved.")
    expect(notice.closest('[role="status"]')).not.toBeNull()
    // Another choice takes the notice back until it is saved.
    await user.click(within(group("Playback speed")).getByRole("radio", { name: "2×" }))
    expect(screen.queryByText("Your video settings have been saved.")).toBeNull()
  })

  it("422: the message at the refused choice, the cursor on it, every choice kept, no toast", async () => {
    fakeSettings()
    failSave(422, {
      _tag: "ValidationFailed",
      message: "Check",
      errors: { videoCaptionLanguage: "validation.invalid" },
    })
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    await chooseAll(user)
    await user.click(screen.getByRole("button", { name: "Save video settings" }))
    await waitFor(() => expect(group("Caption language")).toHaveAccessibleDescription("This value is not valid"))
    expect(within(group("Caption language")).getByRole("radio", { name: "Deutsch" })).toHaveFocus()
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Your video settings were not saved; your choices are still here. Please check the highlighted fields.",
    )
    expectChosen()
    expect(await screen.findByRole("region", { name: /Notifications/ })).not.toHaveTextContent(/Check/)
  })

  it("500: the server's words as a toast, the page says the save failed, every choice kept", async () => {
    fakeSettings()
    failSave(500, { _tag: "ServerError", message: "Something broke", correlationId: "c0ffee" })
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    await chooseAll(user)
    await user.click(screen.getByRole("button", { name: "Save video settings" }))
    expect(await toast()).toHaveTextContent("Something broke, c0ffee")
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your video settings were not saved; your choices are still here. Something went wrong. Please try again.",
    )
    expectChosen()
  })

  it("offline: warns, the page says so too, every choice kept; saving again works", async () => {
    const saves = fakeSettings()
    server.use(http.post(`${API}/api/user-settings`, () => HttpResponse.error(), { once: true }))
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    await chooseAll(user)
    await user.click(screen.getByRole("button", { name: "Save video settings" }))
    expect(await toast()).toHaveTextContent("You seem to be offline")
    expect(await screen.findByRole("alert")).toHaveTextContent(/You seem to be offline/)
    expectChosen()
    await user.click(screen.getByRole("button", { name: "Save video settings" }))
    await waitFor(() => expect(saves).toEqual([CHOSEN]))
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull())
  })

  it("401: ends the session with a toast", async () => {
    fakeSettings()
    failSave(401, { _tag: "Unauthorized", message: "expired" })
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Save video settings" }))
    expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
    await waitFor(() => expect(document.cookie).not.toContain("userdata="))
  })

  it("a load failure says so inline, and trying again shows the choices", async () => {
    fakeSettings()
    server.use(
      http.get(
        `${API}/api/user-settings`,
        () => HttpResponse.json({ _tag: "ServerError", message: "Down", correlationId: "c1" }, { status: 500 }),
        { once: true },
      ),
    )
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    expect(await screen.findByText(/Your video settings could not be loaded\./)).toBeVisible()
    expect(screen.queryByRole("radiogroup")).toBeNull()
    await user.click(screen.getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("radio", { name: "1.25×" })).toBeChecked()
  })
})

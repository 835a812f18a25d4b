// The learner's part kept on the device, as the learner meets it (msw answering the content calls):
// the account menu's line "Available offline: 1 of 2 points" while the download runs and "2 of 2"
// once done, announced politely, opening the setting; a locked point is never asked for; the switch
// on the registered-devices page turns it off (kept on this device) and on again, with the storage
// used in the interface's language; and the install offer, once the browser allows it, with its
// own "Not now".
import { act, screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { INSTALL_OFFER_KEY, OFFLINE_SETTING_KEY } from "../../src/domain/shared/offline-content.ts"
import { API, dashboard, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
beforeEach(() => localStorage.clear())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ETAG = '"v1v1v1v1-en-standard-abc"'
const json = (body: unknown) => HttpResponse.json(body as never, { headers: { etag: ETAG } })
const openPoint = (slug: string) => ({ slug, permission: true })

/** The content calls a Standard learner's download makes; `asked` lists the paths asked for. */
const contentAnswers = (asked: Array<string>, hold?: Promise<void>) => [
  http.get(`${API}/api/*`, async ({ request }) => {
    const path = new URL(request.url).pathname
    asked.push(path)
    // The home page's own call: unanswered, it would fail as offline and pause the download.
    if (path === "/api/dashboard") return HttpResponse.json(dashboard)
    if (path === "/api/channel-menus")
      return json([
        {
          slug: "channels",
          permission: true,
          points: [],
          children: [
            {
              slug: "lung-channel",
              permission: true,
              points: [openPoint("lu-9-taiyuan"), openPoint("lu-11-shaoshang")],
              children: [],
            },
            { slug: "stomach-channel", permission: false, points: [], children: [] },
          ],
        },
      ])
    if (path === "/api/channels")
      return json({
        channels: [openPoint("lung-channel"), { slug: "stomach-channel", permission: false }],
        vessels: [{ slug: "governing-vessel", permission: false }],
        extraPoints: { count: 48, permission: false },
      })
    if (path === "/api/point-index") return json([])
    if (path === "/api/charts") return json({ views: [{ id: "front" }], points: {}, pathways: {}, areas: {} })
    if (["/api/categories", "/api/body-area/list", "/api/static-menus"].includes(path)) return json([])
    if (path === "/api/point/lu-11-shaoshang") await hold
    if (path.startsWith("/api/point/") || path.startsWith("/api/channels/") || path.startsWith("/api/charts/"))
      return json({ slug: path })
    return undefined
  }),
]

const openAccountMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", { name: /My account/ }))
  return screen.findByRole("menu")
}

describe("the learner's part kept on the device", () => {
  it("shows its progress in the account menu, announces when done, asks for no locked point, and opens the setting", async () => {
    const asked: Array<string> = []
    let release = () => {}
    const hold = new Promise<void>((resolve) => (release = resolve))
    server.use(...contentAnswers(asked, hold))
    const user = userEvent.setup()
    const app = await renderApp("/", { signedIn: true })
    act(() => void app.offlineDownload.send({ type: "offline.start" }))

    let menu = await openAccountMenu(user)
    expect(
      await within(menu).findByRole("menuitem", { name: "Available offline: 1 of 2 points" }, { timeout: 5000 }),
    ).toBeVisible()
    await user.keyboard("{Escape}")
    release()
    await waitFor(() => expect(app.offlineDownload.getSnapshot().value).toBe("done"), { timeout: 5000 })
    expect(await screen.findByText("The learning content is on this device: 2 points available offline.")).toBeTruthy()
    expect(
      screen.getByText("The learning content is on this device: 2 points available offline.").closest("[aria-live]"),
    ).toHaveAttribute("aria-live", "polite")

    menu = await openAccountMenu(user)
    const line = within(menu).getByRole("menuitem", { name: "Available offline: 2 of 2 points" })
    // Neither the locked channel nor any page of it was asked for.
    expect(asked.filter((path) => /stomach|governing|extra-points/.test(path))).toEqual([])
    expect(asked).toEqual(
      expect.arrayContaining(["/api/point-index", "/api/point/lu-9-taiyuan", "/api/point/lu-11-shaoshang"]),
    )
    await user.click(line)
    await waitFor(() => expect(window.location.pathname).toBe("/account-settings/registered-devices"))
  })

  it("is turned off and on again on the registered-devices page, kept on this device, with the storage used", async () => {
    const asked: Array<string> = []
    server.use(
      ...contentAnswers(asked),
      http.get(`${API}/api/registered-devices`, () => HttpResponse.json([])),
    )
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { estimate: async () => ({ usage: 12_400_000, quota: 1e9 }) },
    })
    const user = userEvent.setup()
    const app = await renderApp("/account-settings/registered-devices", { signedIn: true, language: "de" })
    act(() => void app.offlineDownload.send({ type: "offline.start" }))
    const toggle = await screen.findByRole("switch", { name: "Lerninhalte auf diesem Gerät behalten" })
    expect(toggle).toBeChecked()
    expect(await screen.findByText("Offline verfügbar: 2 von 2 Punkten")).toBeVisible()
    expect(screen.getByText(/Von Jingluo auf diesem Gerät belegter Speicher: 12,4\sMB/)).toBeVisible()

    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    expect(app.offlineDownload.getSnapshot().value).toBe("off")
    expect(localStorage.getItem(OFFLINE_SETTING_KEY)).toBe("off")
    expect(screen.queryByText(/Offline verfügbar/)).toBeNull()

    asked.length = 0
    await user.click(toggle)
    expect(toggle).toBeChecked()
    expect(localStorage.getItem(OFFLINE_SETTING_KEY)).toBe("on")
    expect(await screen.findByText("Offline verfügbar: 2 von 2 Punkten")).toBeVisible()
    expect(asked).toContain("/api/point/lu-9-taiyuan")
    Reflect.deleteProperty(navigator, "storage")
  })

  it("starts off on a device where it was turned off", async () => {
    localStorage.setItem(OFFLINE_SETTING_KEY, "off")
    const asked: Array<string> = []
    server.use(...contentAnswers(asked))
    const user = userEvent.setup()
    const app = await renderApp("/", { signedIn: true })
    act(() => void app.offlineDownload.send({ type: "offline.start" }))
    const menu = await openAccountMenu(user)
    expect(within(menu).getByRole("menuitem", { name: "Available offline: off" })).toBeVisible()
    // The home page's own calls (the dashboard, the quote) go on; nothing of the download does.
    expect(asked.filter((path) => /^\/api\/(point|channels|charts|vessels|categories|body-area)\//.test(path))).toEqual(
      [],
    )
  })
})

describe("the install offer", () => {
  /** The browser's event, as Chromium fires it when the app can be installed. */
  const installEvent = (outcome: "accepted" | "dismissed") => {
    const event = new Event("beforeinstallprompt", { cancelable: true })
    const prompted: Array<boolean> = []
    Object.assign(event, {
      prompt: async () => void prompted.push(true),
      userChoice: Promise.resolve({ outcome }),
    })
    return { event, prompted }
  }

  it("is an entry of the account menu once the browser allows installing; choosing it asks the browser", async () => {
    server.use(...contentAnswers([]))
    const user = userEvent.setup()
    await renderApp("/", { signedIn: true })
    let menu = await openAccountMenu(user)
    expect(within(menu).queryByRole("menuitem", { name: "Install Jingluo on this device" })).toBeNull()
    await user.keyboard("{Escape}")

    const { event, prompted } = installEvent("accepted")
    act(() => void window.dispatchEvent(event))
    // The browser's own banner is held back: the offer is the menu's.
    expect(event.defaultPrevented).toBe(true)
    expect(screen.queryByRole("dialog")).toBeNull()
    menu = await openAccountMenu(user)
    await user.click(within(menu).getByRole("menuitem", { name: "Install Jingluo on this device" }))
    expect(prompted).toEqual([true])
    await waitFor(() => expect(localStorage.getItem(INSTALL_OFFER_KEY)).toBe("settled"))
    menu = await openAccountMenu(user)
    expect(within(menu).queryByRole("menuitem", { name: "Install Jingluo on this device" })).toBeNull()
  })

  it("goes for good with its own 'Not now'", async () => {
    server.use(...contentAnswers([]))
    const user = userEvent.setup()
    await renderApp("/", { signedIn: true })
    const { event, prompted } = installEvent("dismissed")
    act(() => void window.dispatchEvent(event))
    let menu = await openAccountMenu(user)
    await user.click(within(menu).getByRole("menuitem", { name: "Not now, do not offer installing again" }))
    expect(prompted).toEqual([])
    expect(localStorage.getItem(INSTALL_OFFER_KEY)).toBe("settled")
    act(() => void window.dispatchEvent(installEvent("accepted").event))
    menu = await openAccountMenu(user)
    expect(within(menu).queryByRole("menuitem", { name: /Install Jingluo/ })).toBeNull()
  })
})

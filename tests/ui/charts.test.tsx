// The body chart on a point page as a user meets it: the point highlighted on its best view with
// its channel neighbours, walked by arrow keys and opened with Enter, a second view, the list of
// the same points, zoom, Pro points as unlabelled dots — and the error catalogue of the chart
// calls: whatever fails, the chart says so in its place and the page keeps working.
import { act, screen, waitFor, within } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { SimulatedClock } from "xstate"
import { withReturnPath } from "../../src/domain/account/return-path.ts"
import { API_TIMEOUT_MS } from "../../src/domain/shared/failures.ts"
import { chartIndex, chartsById } from "../support/chart-fixtures.ts"
import { lu2Page, lu3Page, plans } from "../support/point-fixtures.ts"
import { API, dashboard, expectReloadToLogin, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const calls: Array<string> = []
const chartApi = () => {
  calls.length = 0
  server.use(
    http.get(`${API}/api/point/lu-3-tianfu`, () => HttpResponse.json(lu3Page)),
    http.get(`${API}/api/point/lu-2-yunmen`, () => HttpResponse.json(lu2Page)),
    http.get(`${API}/api/charts`, () => {
      calls.push("index")
      return HttpResponse.json(chartIndex)
    }),
    http.get(`${API}/api/charts/:view`, ({ params }) => {
      calls.push(String(params.view))
      return HttpResponse.json(chartsById[String(params.view)])
    }),
    http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
  )
}

const chartSection = () => screen.findByRole("region", { name: "On the body chart" }, { timeout: 5000 })
const drawing = async () =>
  within(await chartSection()).findByRole("group", { name: "On the body chart" }, { timeout: 5000 })
type User = ReturnType<typeof userEvent.setup>

/** Tab from the page's heading until the chart holds the keyboard. */
const tabIntoChart = async (user: User) => {
  const chart = await drawing()
  screen.getByRole("heading", { level: 1 }).focus()
  for (let i = 0; i < 25 && !chart.contains(document.activeElement); i++) await user.tab()
  expect(chart.contains(document.activeElement)).toBe(true)
}

describe("the chart on a point page", () => {
  it("highlights the point on its best view, names it and labels its neighbours", async () => {
    chartApi()
    await renderApp("/point/lu-3-tianfu")
    const chart = await drawing()
    const lu3 = within(chart).getByRole("link", { name: "LU-3 Tiānfǔ, Heavenly Storehouse (right side)" })
    expect(lu3).toHaveAttribute("aria-current", "true")
    expect(lu3).toHaveAttribute("href", "/point/lu-3-tianfu")
    // One tab stop: the page's point.
    expect(lu3).toHaveAttribute("tabindex", "0")
    expect(within(chart).getByRole("link", { name: /LU-4/ })).toHaveAttribute("tabindex", "-1")
    // The location text describes the drawing.
    expect(chart.getAttribute("aria-describedby")).toContain("point-location-text")
    const labels = [...chart.querySelectorAll(".chart-labels text")].map((t) => t.textContent)
    expect(labels).toEqual(expect.arrayContaining(["LU-3 Tiānfǔ", "LU-4"]))
    expect(calls).toEqual(["index", "hand-palm"])
  })

  it("loads the second view only when it is chosen, and walks the channel there by arrow keys", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu")
    await drawing()
    await user.click(within(await chartSection()).getByRole("radio", { name: "Whole body, front" }))
    const chart = await drawing()
    await within(chart).findByRole("link", { name: /LU-1 Zhōngfǔ, Central Treasury \(right side\)/ })
    expect(calls).toEqual(["index", "hand-palm", "body-front"])
    await tabIntoChart(user)
    expect(document.activeElement).toHaveAccessibleName("LU-3 Tiānfǔ, Heavenly Storehouse (right side)")
    await user.keyboard("{ArrowRight}")
    expect(document.activeElement).toHaveAccessibleName("LU-4 Xiábái, Guarding White (right side)")
    await user.keyboard("{ArrowLeft}{ArrowLeft}{ArrowUp}")
    expect(document.activeElement).toHaveAccessibleName("LU-1 Zhōngfǔ, Central Treasury (right side)")
    await user.keyboard("{End}")
    expect(document.activeElement).toHaveAccessibleName(/^LU-4/)
    await user.keyboard("{PageDown}")
    expect(document.activeElement).toHaveAccessibleName(/^LI-1/)
    // Tab leaves the chart: it is one stop.
    await user.tab()
    expect(chart.contains(document.activeElement)).toBe(false)
    // Back again to the palm view, shown at once.
    await user.click(within(await chartSection()).getByRole("radio", { name: "Hand, palm" }))
    expect(within(await drawing()).getByRole("link", { name: /LU-3/ })).toBeInTheDocument()
    expect(calls).toHaveLength(3)
  })

  it("opens the point under the keyboard with Enter", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu")
    await user.click(await within(await chartSection()).findByRole("radio", { name: "Whole body, front" }))
    await within(await drawing()).findByRole("link", { name: /LU-1 Zhōngfǔ, Central Treasury \(right side\)/ })
    await tabIntoChart(user)
    await user.keyboard("{ArrowLeft}{Enter}")
    expect(await screen.findByRole("heading", { level: 1, name: /LU-2 Yúnmén/ })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/point/lu-2-yunmen")
  })

  it("shows the same points as a list with their location texts", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu")
    await drawing()
    await user.click(within(await chartSection()).getByRole("radio", { name: "List" }))
    const section = await chartSection()
    expect(within(section).queryByRole("group", { name: "On the body chart" })).toBeNull()
    const list = within(section).getByRole("heading", { name: "Lung Channel" }).closest("section")!
    expect(within(list).getByRole("link", { name: /LU-3 Tiānfǔ — Heavenly Storehouse/ })).toHaveAttribute(
      "aria-current",
      "page",
    )
    expect(list).toHaveTextContent("Heavenly Storehouse: where LU-3 lies, in words.")
    expect(await within(section).findByText("The points are shown as a list.")).toBeInTheDocument()
    await user.click(within(section).getByRole("radio", { name: "Chart" }))
    expect(await drawing()).toBeInTheDocument()
  })

  it("zooms in and out with the buttons and the keys, and says so", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu")
    await drawing()
    const section = await chartSection()
    const tools = within(section).getByRole("toolbar", { name: "Zoom and pan" })
    expect(within(tools).getByRole("button", { name: "Zoom out" })).toBeDisabled()
    expect(within(tools).queryByRole("button", { name: "Move up" })).toBeNull()
    await user.click(within(tools).getByRole("button", { name: "Zoom in" }))
    expect(await within(section).findByText("Zoom 150 %")).toBeInTheDocument()
    expect(within(tools).getByRole("button", { name: "Whole view" })).toBeEnabled()
    await user.click(within(tools).getByRole("button", { name: "Move up" }))
    await tabIntoChart(user)
    await user.keyboard("+")
    expect(await within(section).findByText("Zoom 225 %")).toBeInTheDocument()
    await user.keyboard("0")
    expect(await within(section).findByText("Zoom 100 %")).toBeInTheDocument()
    expect(within(tools).getByRole("button", { name: "Zoom out" })).toBeDisabled()
  })

  it("shows Pro points as unlabelled dots only, and offers the plans", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu", { signedIn: true })
    // The views to choose from come with the chart's index.
    await user.click(
      await within(await chartSection()).findByRole("radio", { name: "Whole body, front" }, { timeout: 5000 }),
    )
    const chart = await drawing()
    await within(chart).findByRole("link", { name: /LU-1 .*right side/ })
    // Six points on both sides are links; the two Pro dots are neither links nor named.
    expect(within(chart).getAllByRole("link")).toHaveLength(12)
    expect(chart.querySelectorAll(".chart-dot-locked")).toHaveLength(2)
    const note = within(await chartSection()).getByText(/2 further points on this view are part of Pro/)
    await user.click(within(note).getByRole("button", { name: "See the plans" }))
    expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
  })
})

describe("the error catalogue of the chart calls", () => {
  const failView = (response: () => Response | Promise<Response>) => {
    chartApi()
    server.use(http.get(`${API}/api/charts/:view`, response))
  }
  // The section is found afresh each time: a page that loads again (a session that ended) draws a new one.
  const inline = () =>
    waitFor(() => within(screen.getByRole("region", { name: "On the body chart" })).getByRole("alert"), {
      timeout: 5000,
    })
  const noToast = () =>
    expect(within(screen.getByRole("region", { name: /Notifications/ })).queryByRole("listitem")).toBeNull()
  const pageStillWorks = () => {
    expect(screen.getByRole("heading", { level: 1, name: /LU-3 Tiānfǔ/ })).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 2, name: "Location" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/point/lu-3-tianfu")
  }

  it.each([
    [403, { _tag: "Forbidden", message: "no" }, "You may not see this chart."],
    [404, { _tag: "NotFound", message: "gone" }, "This chart does not exist."],
    [
      422,
      { _tag: "ValidationFailed", message: "bad", errors: { view: "validation.invalid" } },
      "could not be asked for",
    ],
    [500, { _tag: "ServerError", message: "broke", correlationId: "c0ffee" }, "Reference: c0ffee"],
  ])("%i: says so in place, keeps the page, shows no toast and loads again on retry", async (status, body, text) => {
    failView(() => HttpResponse.json(body, { status }))
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu")
    const alert = await inline()
    expect(alert).toHaveTextContent("The chart could not be loaded.")
    expect(alert).toHaveTextContent(text)
    pageStillWorks()
    noToast()
    server.use(http.get(`${API}/api/charts/:view`, ({ params }) => HttpResponse.json(chartsById[String(params.view)])))
    await user.click(within(await chartSection()).getByRole("button", { name: "Try again" }))
    expect(await drawing()).toBeInTheDocument()
  })

  it("offline: says to check the connection, in place", async () => {
    failView(() => HttpResponse.error())
    await renderApp("/point/lu-3-tianfu")
    expect(await inline()).toHaveTextContent("You seem to be offline")
    pageStillWorks()
    noToast()
  })

  it("the index failing: the same message in place, and a retry asks for it again", async () => {
    chartApi()
    server.use(
      http.get(`${API}/api/charts`, () =>
        HttpResponse.json({ _tag: "ServerError", message: "broke", correlationId: "beef" }, { status: 500 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/point/lu-3-tianfu")
    expect(await inline()).toHaveTextContent("Reference: beef")
    pageStillWorks()
    server.use(http.get(`${API}/api/charts`, () => HttpResponse.json(chartIndex)))
    await user.click(within(await chartSection()).getByRole("button", { name: "Try again" }))
    expect(await drawing()).toBeInTheDocument()
  })

  it("401: the session ends as everywhere in the app, and the chart says why in place", async () => {
    failView(() => HttpResponse.json({ _tag: "Unauthorized", message: "expired" }, { status: 401 }))
    const sessionClock = new SimulatedClock()
    const { reloads } = await renderApp("/point/lu-3-tianfu", { signedIn: true, sessionClock })
    expect(await inline()).toHaveTextContent("Your session has ended. Log in again to see the chart.")
    const toast = await within(await screen.findByRole("region", { name: /Notifications/ })).findByRole("listitem")
    expect(toast).toHaveTextContent("Your session has ended. Please log in again.")
    expect(document.cookie).not.toContain("userdata=")
    await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", "/point/lu-3-tianfu"))
  })

  it(`timeout: gives up after ${API_TIMEOUT_MS / 1000} s and says it took too long`, async () => {
    failView(async () => {
      await delay("infinite")
      return HttpResponse.json({})
    })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await renderApp("/point/lu-3-tianfu")
    await screen.findByRole("heading", { level: 1, name: /LU-3/ })
    await waitFor(() => expect(calls).toEqual(["index"]))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
    })
    expect(await inline()).toHaveTextContent("The chart took too long to load.")
    pageStillWorks()
  })
})

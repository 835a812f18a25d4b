// The chart explorer's safety highlight as a user meets it: the Highlight choice (by mouse and by
// keyboard alone, the keyboard staying on it), the marked points named with their flags in the
// drawing and in the list, the marks' legend, how many points are highlighted said politely, the
// line that Pro points are not highlighted, the choice kept in the address and across views, a bad
// value in the address ignored, and the focused point's flags beside the chart.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { ServedChart } from "../../src/domain/charts/chart-views.ts"
import { chartsById, frontChart } from "../support/chart-fixtures.ts"
import { plans } from "../support/point-fixtures.ts"
import { API, dashboard, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The front view with pregnancy flags: LI-1 not needled in pregnancy, LI-2 with care (and a depth limit). */
const front: ServedChart = {
  ...frontChart,
  points: frontChart.points.map((p) =>
    p.code === "LI-1"
      ? { ...p, safety: { pregnancy: "contraindicated" } }
      : p.code === "LI-2"
        ? { ...p, safety: { pregnancy: "caution", depth: 0.3 } }
        : p,
  ),
}

const chartApi = () =>
  server.use(
    http.get(`${API}/api/charts/:view`, ({ params }) =>
      HttpResponse.json(params.view === "body-front" ? front : chartsById[String(params.view)]),
    ),
    http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
  )

const region = (name = "Whole body, front") => screen.findByRole("region", { name }, { timeout: 5000 })
const drawing = async (name = "Whole body, front") =>
  within(await region(name)).findByRole("group", { name }, { timeout: 5000 })
const highlightButton = () => screen.getByRole("button", { name: /Highlight/ })
const names = (chart: HTMLElement) =>
  within(chart)
    .getAllByRole("link")
    .map((a) => a.getAttribute("aria-label"))
const search = () => new URLSearchParams(window.location.search)
type User = ReturnType<typeof userEvent.setup>

const choose = async (user: User, option: string) => {
  await user.click(highlightButton())
  await user.click(await screen.findByRole("option", { name: option }))
}

describe("highlighting safety flags in the chart explorer", () => {
  it("marks the flagged points in the drawing's names and marks, says how many, and keeps the choice in the address", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/book/charts/body-front", { signedIn: true })
    const chart = await drawing()
    expect(highlightButton()).toHaveTextContent("No highlight")
    expect(chart.querySelectorAll(".chart-safety-mark")).toHaveLength(0)
    await choose(user, "Avoid in pregnancy")
    await waitFor(() => expect(search().get("safety")).toBe("pregnancy"))
    expect(window.location.pathname).toBe("/book/charts/body-front")
    // The keyboard stays on the choice.
    expect(highlightButton()).toHaveFocus()
    expect(highlightButton()).toHaveTextContent("Avoid in pregnancy")
    const section = await region()
    expect(await within(section).findByText("Avoid in pregnancy: 2 points highlighted on this view.")).toHaveAttribute(
      "aria-live",
      "polite",
    )
    // Words, not colour alone: each marked point says its flag in its name; forbidden and care look unalike.
    expect(names(chart)).toEqual(
      expect.arrayContaining([
        "LI-1 Shāngyáng, Metal Yang (right side) — Forbidden in pregnancy",
        "LI-1 Shāngyáng, Metal Yang (left side) — Forbidden in pregnancy",
        "LI-2 Èrjiān, Second Space (right side) — Care in pregnancy",
        "LU-1 Zhōngfǔ, Central Treasury (right side)",
      ]),
    )
    expect(names(chart).filter((n) => n?.includes(" — "))).toHaveLength(4)
    expect(chart.querySelectorAll(".chart-safety-mark.is-forbidden")).toHaveLength(2)
    expect(chart.querySelectorAll(".chart-safety-mark.is-caution")).toHaveLength(2)
    expect(chart.querySelector(".chart-safety-marks")).toHaveAttribute("aria-hidden", "true")
    // The legend, and the Pro dots are never marked: one line says so.
    const legend = within(section).getByRole("list", { name: "Marks on the chart" })
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Forbidden in pregnancy", "Care in pregnancy"])
    expect(
      within(section).getByText("Pro points are not highlighted: their safety flags are part of Pro."),
    ).toBeVisible()
    // The list says the same in text.
    await user.click(within(section).getByRole("radio", { name: "List" }))
    const list = within(section).getByRole("heading", { name: "Large Intestine Channel" }).closest("section")!
    const li1 = within(list)
      .getByRole("link", { name: /^LI-1 / })
      .closest("li")!
    expect(li1).toHaveTextContent("— Forbidden in pregnancy")
    const lu = within(section).getByRole("heading", { name: "Lung Channel" }).closest("section")!
    expect(lu).not.toHaveTextContent("pregnancy")
    // No highlight: the marks, the legend and the line go, and that is said.
    await user.click(within(section).getByRole("radio", { name: "Chart" }))
    await choose(user, "No highlight")
    await waitFor(() => expect(search().has("safety")).toBe(false))
    expect(await within(section).findByText("No points are highlighted.")).toBeInTheDocument()
    expect((await drawing()).querySelectorAll(".chart-safety-mark")).toHaveLength(0)
    expect(within(section).queryByText(/Pro points are not highlighted/)).toBeNull()
    expect(within(section).queryByRole("list", { name: "Marks on the chart" })).toBeNull()
  })

  it("starts from the address, keeps the highlight when the view changes, and says the count with the view", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/book/charts/body-front?safety=organs")
    const chart = await drawing()
    expect(highlightButton()).toHaveTextContent("Organs beneath")
    expect(names(chart)).toContain("LU-1 Zhōngfǔ, Central Treasury (right side) — Lung and pleura beneath")
    expect(chart.querySelectorAll(".chart-safety-mark.is-flagged")).toHaveLength(4)
    await user.click(screen.getByRole("button", { name: /View/ }))
    await user.click(await screen.findByRole("option", { name: "Hand, palm" }))
    await waitFor(() => expect(window.location.pathname).toBe("/book/charts/hand-palm"))
    expect(search().get("safety")).toBe("organs")
    const palm = await region("Hand, palm")
    expect(
      await within(palm).findByText("Hand, palm is shown. Organs beneath: no point on this view is highlighted."),
    ).toBeInTheDocument()
    expect(highlightButton()).toHaveTextContent("Organs beneath")
    // No Pro points on the palm: no line about them.
    expect(within(palm).queryByText(/Pro points are not highlighted/)).toBeNull()
  })

  it("ignores a highlight it does not know: nothing is marked, and the page works", async () => {
    chartApi()
    await renderApp("/book/charts/body-front?safety=%3Cscript%3E")
    const chart = await drawing()
    expect(highlightButton()).toHaveTextContent("No highlight")
    expect(chart.querySelectorAll(".chart-safety-mark")).toHaveLength(0)
    expect(names(chart).some((n) => n?.includes(" — "))).toBe(false)
  })

  it("works by keyboard alone: the choice made with keys keeps the keyboard, and the focused point lists its flags", async () => {
    chartApi()
    const user = userEvent.setup()
    await renderApp("/book/charts/body-front")
    const chart = await drawing()
    screen.getByRole("heading", { level: 1 }).focus()
    for (let i = 0; i < 10 && document.activeElement !== highlightButton(); i++) await user.tab()
    expect(highlightButton()).toHaveFocus()
    await user.keyboard("{Enter}")
    const option = await screen.findByRole("option", { name: "Avoid in pregnancy" })
    for (let i = 0; i < 6 && document.activeElement !== option; i++) await user.keyboard("{ArrowDown}")
    expect(option).toHaveFocus()
    await user.keyboard("{Enter}")
    await waitFor(() => expect(search().get("safety")).toBe("pregnancy"))
    await waitFor(() => expect(highlightButton()).toHaveFocus())
    // Into the chart, along to the Large Intestine channel: its point's flags beside the chart.
    for (let i = 0; i < 10 && !chart.contains(document.activeElement); i++) await user.tab()
    expect(document.activeElement).toHaveAccessibleName(/^LU-1 /)
    const details = screen.getByRole("complementary")
    expect(within(details).getByRole("list", { name: "Safety:" })).toHaveTextContent("Lung and pleura beneath")
    await user.keyboard("{PageDown}")
    expect(document.activeElement).toHaveAccessibleName(/^LI-1 .* — Forbidden in pregnancy$/)
    const flags = within(screen.getByRole("complementary")).getByRole("list", { name: "Safety:" })
    expect(
      within(flags)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Forbidden in pregnancy"])
    await user.keyboard("{ArrowDown}")
    const next = within(screen.getByRole("complementary")).getByRole("list", { name: "Safety:" })
    expect(
      within(next)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Care in pregnancy", "Not deeper than 0.3 cun"])
  })
})

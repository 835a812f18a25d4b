// The safety checkboxes of both searches as a learner meets them: a labelled group of two React Aria
// checkboxes, switched with Space; the main search sends them with the next search and writes them
// into the address (and reads them back from it); the all-points search lists again at once; when
// the server left the Pro points out, one line says so. axe finds nothing.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { expectNoAxeViolations } from "../support/axe.ts"
import { API, renderApp, server } from "../support/render-app.tsx"
import { keywordAnswer, keywordHit, pointAnswer, searchDefaults } from "../support/search-fixtures.ts"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const PREGNANCY = "Leave out points to avoid in pregnancy"
const ORGANS = "Only points without organs beneath"
const LEFT_OUT = "Pro points are left out while a safety filter is on: their safety notes are part of Jingluo Pro."

/** Records the bodies of the search calls; answers with `proLeftOut` when a filter was sent. */
const recordSearches = () => {
  const keyword: Array<Record<string, unknown>> = []
  const points: Array<Record<string, unknown>> = []
  const filtered = (body: Record<string, unknown>) => body.notInPregnancy === true || body.noOrgansBeneath === true
  server.use(
    http.post(`${API}/api/keyword-search`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      keyword.push(body)
      return HttpResponse.json({
        ...keywordAnswer([keywordHit()]),
        ...(filtered(body) ? { proLeftOut: true } : {}),
      })
    }),
    http.post(`${API}/api/point-search`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      points.push(body)
      return HttpResponse.json({ ...pointAnswer, ...(filtered(body) ? { proLeftOut: true } : {}) })
    }),
    ...searchDefaults(),
  )
  return { keyword, points }
}

/** Tabs to a control: the keyboard alone. */
const tabTo = async (user: ReturnType<typeof userEvent.setup>, element: HTMLElement) => {
  for (let i = 0; i < 60 && document.activeElement !== element; i++) await user.tab()
  expect(element).toHaveFocus()
}

describe("the safety filters", () => {
  it("main search: Space turns a filter on, the next search sends it and writes it into the address", async () => {
    const calls = recordSearches()
    const user = userEvent.setup()
    await renderApp("/search?keyword=pain")
    await waitFor(() => expect(calls.keyword).toHaveLength(1))
    expect(calls.keyword[0]).toEqual({ keyword: "pain" })
    const form = screen.getByRole("form", { name: "Keyword" })
    const group = within(form).getByRole("group", { name: "Safety" })
    const pregnancy = within(group).getByRole("checkbox", { name: PREGNANCY })
    expect(pregnancy).not.toBeChecked()
    expect(within(group).getByRole("checkbox", { name: ORGANS })).not.toBeChecked()
    await tabTo(user, pregnancy)
    await user.keyboard(" ")
    expect(pregnancy).toBeChecked()
    // The filter waits for the search, as the selects do.
    expect(calls.keyword).toHaveLength(1)
    await user.click(within(form).getByRole("button", { name: "Search" }))
    await waitFor(() => expect(calls.keyword).toHaveLength(2))
    expect(calls.keyword[1]).toEqual({ keyword: "pain", notInPregnancy: true })
    await waitFor(() => expect(window.location.search).toBe("?keyword=pain&notInPregnancy=true"))
    const results = screen.getByRole("region", { name: "Results" })
    expect(await within(results).findByText(LEFT_OUT)).toBeInTheDocument()
    await expectNoAxeViolations()
  })

  it("main search: a filter in the address is checked and sent", async () => {
    const calls = recordSearches()
    await renderApp("/search?keyword=pain&noOrgansBeneath=true")
    await waitFor(() => expect(calls.keyword).toHaveLength(1))
    expect(calls.keyword[0]).toEqual({ keyword: "pain", noOrgansBeneath: true })
    const form = screen.getByRole("form", { name: "Keyword" })
    expect(within(form).getByRole("checkbox", { name: ORGANS })).toBeChecked()
    expect(within(form).getByRole("checkbox", { name: PREGNANCY })).not.toBeChecked()
  })

  it("all points: turning a filter on or off lists the points again at once", async () => {
    const calls = recordSearches()
    const user = userEvent.setup()
    await renderApp("/search")
    const panel = screen.getByRole("region", { name: "Find a point" })
    await user.type(within(panel).getByRole("searchbox", { name: "Point name" }), "LI")
    await waitFor(() => expect(calls.points).toHaveLength(1), { timeout: 3000 })
    expect(calls.points[0]).toEqual({ keyword: "LI", mode: "name" })
    expect(within(panel).queryByText(LEFT_OUT)).toBeNull()
    const pregnancy = within(within(panel).getByRole("group", { name: "Safety" })).getByRole("checkbox", {
      name: PREGNANCY,
    })
    await tabTo(user, pregnancy)
    await user.keyboard(" ")
    await waitFor(() => expect(calls.points).toHaveLength(2))
    expect(calls.points[1]).toEqual({ keyword: "LI", mode: "name", notInPregnancy: true })
    expect(await within(panel).findByText(LEFT_OUT)).toBeInTheDocument()
    await user.keyboard(" ")
    await waitFor(() => expect(calls.points).toHaveLength(3))
    expect(calls.points[2]).toEqual({ keyword: "LI", mode: "name" })
    await waitFor(() => expect(within(panel).queryByText(LEFT_OUT)).toBeNull())
    await expectNoAxeViolations()
  })
})

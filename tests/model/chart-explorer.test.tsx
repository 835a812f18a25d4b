// Model-based test of the chart explorer (xstate/graph): what a user sees while picking views,
// zooming, switching to the list, walking a channel, opening a point and practising "find the
// point" — driven through the real app against an in-memory API (msw), once with the mouse and
// once with the keyboard alone, along every shortest path and along a long detour.
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import { LETTERS } from "../../src/domain/charts/chart-practice.ts"
import { chartsById, palmChart } from "../support/chart-fixtures.ts"
import { lu2Page, lu4Page, plans } from "../support/point-fixtures.ts"
import { API, dashboard, renderApp, server } from "../ui/support/render-app.tsx"

type Driver = "mouse" | "keyboard"

/**
 * What the user can see of the explorer. Both drivers zoom, switch to the list and back, change
 * the view back and forth, open a point and practise; only the keyboard walks a channel point by
 * point (the pointer simply clicks the point it wants).
 */
const explorerModel = (driver: Driver) =>
  createMachine({
    id: "explorer",
    initial: "front",
    states: {
      front: {
        on: {
          "zoom.in": "zoomed",
          "mode.list": "list",
          "view.palm": "palm",
          ...(driver === "keyboard" ? { walk: "walked" } : {}),
        },
      },
      zoomed: { on: { "zoom.reset": "front", "view.palm": "palm" } },
      list: { on: { "mode.chart": "front", "list.open": "pointPage" } },
      ...(driver === "keyboard" ? { walked: { on: { "point.open": "pointPage", "view.palm": "palm" } } } : {}),
      palm: { on: { "view.front": "front", "practice.start": "practising", "point.open": "pointPage" } },
      practising: { on: { "answer.right": "answered", explore: "palm" } },
      answered: { on: { "practice.next": "practising", explore: "palm" } },
      pointPage: {},
    },
  })

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type User = ReturnType<typeof userEvent.setup>

const panel = () => screen.getByRole("region", { name: /Whole body, front|Hand, palm/ })
const drawing = () => within(panel()).getByRole("group", { name: /Whole body, front|Hand, palm/ })

/** The keyboard reaches an element by Tab (and Shift+Tab), as a user does. */
const tabTo = async (user: User, target: () => Element) => {
  for (let i = 0; i < 40 && !target().contains(document.activeElement); i++) await user.tab()
  for (let i = 0; i < 40 && !target().contains(document.activeElement); i++) await user.tab({ shift: true })
  expect(target().contains(document.activeElement)).toBe(true)
}

/** A choice of a segmented control, by pointer or by arrow keys and Space. */
const chooseSegment = async (user: User, driver: Driver, group: string, option: string) => {
  const radios = () => screen.getByRole("radiogroup", { name: group })
  const target = () => within(radios()).getByRole("radio", { name: option })
  if (driver === "mouse") return user.click(target())
  await tabTo(user, radios)
  for (let i = 0; i < 4 && document.activeElement !== target(); i++) await user.keyboard("{ArrowRight}")
  for (let i = 0; i < 4 && document.activeElement !== target(); i++) await user.keyboard("{ArrowLeft}")
  expect(target()).toHaveFocus()
  await user.keyboard(" ")
  await waitFor(() => expect(target()).toHaveAttribute("aria-checked", "true"))
}

/** The view picker, by pointer or by keys. */
const pickView = async (user: User, driver: Driver, name: string) => {
  const button = () => screen.getByRole("button", { name: /View/ })
  if (driver === "mouse") {
    await user.click(button())
    await user.click(await screen.findByRole("option", { name }))
  } else {
    await tabTo(user, button)
    await user.keyboard("{Enter}")
    const option = await screen.findByRole("option", { name })
    for (let i = 0; i < 14 && document.activeElement !== option; i++) await user.keyboard("{ArrowDown}")
    for (let i = 0; i < 14 && document.activeElement !== option; i++) await user.keyboard("{ArrowUp}")
    expect(option).toHaveFocus()
    await user.keyboard("{Enter}")
  }
  await waitFor(() => expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument())
}

const zoomTool = (name: string) =>
  within(screen.getByRole("toolbar", { name: "Zoom and pan" })).getByRole("button", { name })

/** The right letter for the question on the palm view: positions are lettered top to bottom. */
const rightLetter = (question: string) => {
  const ordered = [...palmChart.points].sort((a, b) => a.sites[0]!.y - b.sites[0]!.y)
  return LETTERS[ordered.findIndex((p) => question.includes(p.code))]!
}

describe.each(["mouse", "keyboard"] as const)("chart explorer (model-based, by %s)", (driver) => {
  const model = createTestModel(explorerModel(driver))
  const machine = explorerModel(driver)
  const shortest = model.getShortestPaths()
  const detour = model.getPathsFromEvents([
    { type: "zoom.in" },
    { type: "zoom.reset" },
    { type: "mode.list" },
    { type: "mode.chart" },
    { type: "view.palm" },
    { type: "practice.start" },
    { type: "answer.right" },
    { type: "practice.next" },
    { type: "answer.right" },
    { type: "explore" },
    { type: "view.front" },
    { type: "view.palm" },
    { type: "point.open" },
  ])

  it("walks through every state of the model", () => {
    const reached = new Set(
      shortest.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]),
    )
    expect([...reached].sort()).toEqual(Object.keys(machine.config.states ?? {}).sort())
  })

  for (const path of [...shortest, ...detour]) {
    it(path.description, async () => {
      server.use(
        http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
        http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
        http.get(`${API}/api/charts/:view`, ({ params }) => HttpResponse.json(chartsById[String(params.view)])),
        http.get(`${API}/api/point/lu-2-yunmen`, () => HttpResponse.json(lu2Page)),
        http.get(`${API}/api/point/lu-4-xiabai`, () => HttpResponse.json(lu4Page)),
      )
      const user = userEvent.setup()
      await renderApp("/book/charts")
      await screen.findByRole("heading", { level: 1, name: "Body charts" }, { timeout: 5000 })
      await screen.findByRole("group", { name: "Whole body, front" }, { timeout: 5000 })

      await path.test({
        states: {
          front: async () => {
            expect(await screen.findByRole("group", { name: "Whole body, front" })).toBeInTheDocument()
            expect(zoomTool("Zoom out")).toBeDisabled()
            expect(window.location.pathname).toMatch(/^\/book\/charts(\/body-front)?$/)
          },
          zoomed: async () => {
            await waitFor(() => expect(zoomTool("Whole view")).toBeEnabled())
            expect(within(panel()).getByText(/^Zoom \d+ %$/)).toBeInTheDocument()
          },
          list: async () => {
            expect(await within(panel()).findByRole("heading", { name: "Lung Channel" })).toBeInTheDocument()
            expect(within(panel()).queryByRole("group")).toBeNull()
          },
          walked: async () => {
            await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/^LU-2 Yúnmén/))
            const details = screen.getByRole("complementary")
            expect(details).toHaveTextContent("LU-2 Yúnmén")
            expect(details).toHaveTextContent("Cloud Gate: where LU-2 lies, in words.")
          },
          palm: async () => {
            expect(await screen.findByRole("group", { name: "Hand, palm" })).toBeInTheDocument()
            expect(window.location.pathname).toBe("/book/charts/hand-palm")
            expect(within(drawing()).getByRole("link", { name: /^LU-3 Tiānfǔ/ })).toBeInTheDocument()
          },
          practising: async () => {
            expect(await screen.findByRole("heading", { level: 2, name: /^Where is LU-\d/ })).toBeInTheDocument()
            expect(screen.getByRole("radiogroup", { name: /^Where is LU-\d/ })).toBeInTheDocument()
            expect(screen.getByRole("button", { name: "Check" })).toBeInTheDocument()
          },
          answered: async () => {
            expect(await screen.findByText(/^Right: LU-\d is at position [A-Z]\.$/)).toBeInTheDocument()
            expect(screen.getByText(/^\d of \d right$/)).toBeInTheDocument()
          },
          pointPage: async () => {
            expect(await screen.findByRole("heading", { level: 1, name: /^LU-[24] / })).toBeInTheDocument()
            expect(window.location.pathname).toMatch(/^\/point\/lu-[24]-/)
          },
        },
        events: {
          "zoom.in": async () => {
            if (driver === "mouse") return user.click(zoomTool("Zoom in"))
            await tabTo(user, drawing)
            await user.keyboard("+")
          },
          "zoom.reset": async () => {
            if (driver === "mouse") return user.click(zoomTool("Whole view"))
            await tabTo(user, drawing)
            await user.keyboard("0")
          },
          "mode.list": () => chooseSegment(user, driver, "Show as", "List"),
          "mode.chart": () => chooseSegment(user, driver, "Show as", "Chart"),
          "view.palm": () => pickView(user, driver, "Hand, palm"),
          "view.front": () => pickView(user, driver, "Whole body, front"),
          walk: async () => {
            await tabTo(user, drawing)
            expect(document.activeElement).toHaveAccessibleName(/^LU-1 Zhōngfǔ/)
            await user.keyboard("{ArrowRight}")
          },
          "point.open": async () => {
            if (driver === "mouse") return user.click(within(drawing()).getByRole("link", { name: /^LU-4 Xiábái/ }))
            if (!document.activeElement?.getAttribute("aria-label")?.startsWith("LU-2")) {
              await tabTo(user, drawing)
              await user.keyboard("{ArrowRight}")
              expect(document.activeElement).toHaveAccessibleName(/^LU-4 Xiábái/)
            }
            await user.keyboard("{Enter}")
          },
          "list.open": async () => {
            const link = () => within(panel()).getByRole("link", { name: /^LU-2 Yúnmén — Cloud Gate/ })
            if (driver === "mouse") return user.click(link())
            await tabTo(user, link)
            await user.keyboard("{Enter}")
          },
          "practice.start": () => chooseSegment(user, driver, "What to do", "Find the point"),
          explore: async () => {
            if (driver === "mouse") return user.click(screen.getByRole("radio", { name: "Explore" }))
            const group = () => screen.getByRole("radiogroup", { name: "What to do" })
            await tabTo(user, group)
            for (let i = 0; i < 3 && document.activeElement?.textContent !== "Explore"; i++)
              await user.keyboard("{ArrowLeft}")
            await user.keyboard(" ")
          },
          "answer.right": async () => {
            const question = screen.getByRole("heading", { level: 2, name: /^Where is/ }).textContent ?? ""
            const letter = rightLetter(question)
            const group = () => screen.getByRole("radiogroup", { name: /^Where is/ })
            const position = () => within(group()).getByRole("radio", { name: new RegExp(`^Position ${letter}`) })
            if (driver === "mouse") {
              await user.click(position())
              await user.click(screen.getByRole("button", { name: "Check" }))
            } else {
              await tabTo(user, group)
              // On the right position already, Space takes it; otherwise the arrows move the marker there.
              for (let i = 0; i < 6 && position().getAttribute("aria-checked") !== "true"; i++)
                await user.keyboard(
                  document.activeElement === position() ? " " : letter === "A" ? "{ArrowUp}" : "{ArrowDown}",
                )
              expect(position()).toHaveAttribute("aria-checked", "true")
              await tabTo(user, () => screen.getByRole("button", { name: "Check" }))
              await user.keyboard("{Enter}")
            }
            await screen.findByRole("button", { name: "Next point" })
          },
          "practice.next": async () => {
            const next = screen.getByRole("button", { name: "Next point" })
            if (driver === "mouse") return user.click(next)
            // After checking, the keyboard is already on Next point.
            expect(next).toHaveFocus()
            await user.keyboard("{Enter}")
          },
        },
      })
    })
  }
})

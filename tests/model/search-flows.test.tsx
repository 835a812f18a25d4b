// Model-based test of the searches (xstate/graph): what a signed-in user sees on /search while
// using the header's search, the main search (results, pages, noDataFound, clear) and the
// all-points type-ahead, walked through the real app against msw — once by mouse, once by
// keyboard. The paths chosen walk every transition of the model at least once.
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import type { KeywordSearchPayload } from "../../src/domain/api/search-api.ts"
import { pointPage } from "../support/point-fixtures.ts"
import { API, renderApp, server } from "../ui/support/render-app.tsx"
import { keywordAnswer, keywordHit, searchDefaults } from "../ui/support/search-fixtures.ts"
import { coveringPaths } from "./support/covering-paths.ts"

/** Point pages as the API answers them, enough for the page's heading. */
const points: Record<string, ReturnType<typeof pointPage>> = {
  "lu-7-lieque": pointPage("LU-7", "Lièquē", "Broken Sequence", "lu-7-lieque"),
  "lu-9-taiyuan": pointPage("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan"),
}

/** What the user sees. The main search finds 12 points (two pages) for any word but "none". */
const searchModel = createMachine({
  id: "search",
  initial: "ready",
  states: {
    ready: {
      on: {
        "header.open": "headerOpen",
        "main.search": "mainResults",
        "main.searchNothing": "mainNoData",
        "points.type": "pointsListed",
      },
    },
    headerOpen: { on: { "header.type": "headerSuggestions", "header.close": "ready" } },
    headerSuggestions: {
      on: { "header.clear": "headerOpen", "suggestion.open": "pointPage", "header.showAll": "mainResults" },
    },
    mainResults: { on: { "main.clear": "ready", "page.next": "mainPage2", "result.open": "pointPage" } },
    mainPage2: { on: { "page.previous": "mainResults" } },
    mainNoData: { on: { "main.clear": "ready" } },
    pointsListed: { on: { "points.clear": "ready", "point.open": "pointPage" } },
    pointPage: {},
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type User = ReturnType<typeof userEvent.setup>

/** The keyboard walks with Tab (at most 30 stops) until the element has focus. */
const tabTo = async (user: User, target: HTMLElement) => {
  for (let i = 0; i < 30 && document.activeElement !== target; i++) await user.tab()
  expect(target).toHaveFocus()
}

const mainForm = () => within(screen.getByRole("form", { name: "Keyword" }))
const keywordField = () => mainForm().getByRole("searchbox", { name: "Keyword" })
const pointsPanel = () => within(screen.getByRole("region", { name: "Find a point" }))
const headerButton = () => within(screen.getByRole("banner")).getByRole("button", { name: "Search" })
const headerField = () => screen.queryByRole("searchbox", { name: "Search" })
const mainStatus = () =>
  within(screen.getByRole("region", { name: "Search the texts" }))
    .getAllByRole("status")
    .at(-1)!

describe.each(["mouse", "keyboard"] as const)("searches (model-based, by %s)", (driver) => {
  const { chosen, covered, wanted, reached } = coveringPaths(searchModel)

  it("walks every state and every transition of the model", () => {
    expect([...covered].sort()).toEqual([...wanted].sort())
    expect([...reached].sort()).toEqual(Object.keys(searchModel.config.states ?? {}).sort())
  })

  for (const path of chosen) {
    it(path.description, async () => {
      server.use(
        http.post(`${API}/api/keyword-search`, async ({ request }) => {
          const { keyword, page = 1 } = (await request.json()) as KeywordSearchPayload
          if (keyword === "none") return HttpResponse.json(keywordAnswer([]))
          const hit = page === 1 ? keywordHit() : keywordHit({ slug: "lu-9-taiyuan", point: "LU-9", pinyin: "Tàiyuān" })
          return HttpResponse.json({ ...keywordAnswer([hit], 12), keyword, page })
        }),
        http.get(`${API}/api/point/:slug`, ({ params }) => {
          const found = points[String(params.slug)]
          return found ? HttpResponse.json(found) : HttpResponse.json({ message: "gone" }, { status: 404 })
        }),
        ...searchDefaults(),
      )
      const user = userEvent.setup()
      await renderApp("/search", { signedIn: true })
      await screen.findByRole("heading", { level: 1, name: "Search" })

      await path.test({
        states: {
          ready: async () => {
            await waitFor(() => expect(keywordField()).toHaveValue(""))
            expect(mainForm().getByRole("button", { name: "Search" })).toBeDisabled()
            expect(mainForm().getByRole("button", { name: "Clear" })).toBeDisabled()
            expect(mainStatus()).toHaveTextContent(/^$/)
            expect(screen.queryByText(/^Page \d of/)).toBeNull()
            expect(pointsPanel().getByRole("searchbox", { name: "Point name" })).toHaveValue("")
            expect(pointsPanel().queryAllByRole("option")).toHaveLength(0)
            expect(headerField()).toBeNull()
            expect(window.location.search).toBe("")
          },
          headerOpen: async () => {
            await waitFor(() => expect(headerField()).toHaveFocus())
            expect(headerField()).toHaveValue("")
            expect(headerField()).toHaveAccessibleDescription(/Type a point's name or number/)
            expect(
              within(screen.getByRole("listbox", { name: "First results" })).queryAllByRole("option"),
            ).toHaveLength(0)
          },
          headerSuggestions: async () => {
            const list = screen.getByRole("listbox", { name: "First results" })
            const option = await within(list).findByRole("option", { name: /LU-7/ })
            expect(option.querySelector("mark")).toHaveTextContent("Headache")
            expect(within(screen.getByRole("banner")).getByText("1 point found")).toBeInTheDocument()
            expect(headerField()).toHaveValue("cough")
          },
          mainResults: async () => {
            await waitFor(() => expect(mainStatus()).toHaveTextContent("12 points found"))
            expect(screen.getByText("Page 1 of 2")).toBeInTheDocument()
            expect(screen.getByRole("link", { name: /LU-7 Lièquē/ })).toHaveAttribute("href", "/point/lu-7-lieque")
            expect(keywordField()).not.toHaveValue("")
            expect(new URLSearchParams(window.location.search).get("keyword")).toBe(
              (keywordField() as HTMLInputElement).value,
            )
            expect(headerField()).toBeNull()
          },
          mainPage2: async () => {
            expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument()
            expect(screen.getByRole("link", { name: /LU-9 Tàiyuān/ })).toBeInTheDocument()
            expect(new URLSearchParams(window.location.search).get("page")).toBe("2")
          },
          mainNoData: async () => {
            await waitFor(() => expect(mainStatus()).toHaveTextContent("No results found."))
            expect(screen.queryByRole("link", { name: /LU-7/ })).toBeNull()
            expect(keywordField()).toHaveValue("none")
          },
          pointsListed: async () => {
            const option = await pointsPanel().findByRole("option", { name: /LU-9/ })
            expect(option).toHaveAttribute("href", "/point/lu-9-taiyuan")
            expect(pointsPanel().getByText("1 point found")).toBeInTheDocument()
          },
          pointPage: async () => {
            expect(await screen.findByRole("heading", { level: 1, name: /LU-\d/ })).toBeInTheDocument()
            expect(window.location.pathname).toMatch(/^\/point\/lu-[79]-/)
          },
        },
        events: {
          "header.open": async () => {
            if (driver === "mouse") return user.click(headerButton())
            headerButton().focus()
            await user.keyboard("{Enter}")
          },
          "header.close": async () => {
            if (driver === "mouse") return user.click(headerButton())
            await user.keyboard("{Escape}")
            await waitFor(() => expect(headerButton()).toHaveFocus())
          },
          "header.type": async () => {
            if (driver === "mouse") await user.click(headerField()!)
            await user.keyboard("cough")
          },
          "header.clear": async () => {
            if (driver === "mouse") {
              await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Clear" }))
            } else await user.keyboard("{Escape}")
          },
          "header.showAll": async () => {
            if (driver === "mouse")
              return user.click(screen.getByRole("link", { name: "Show all results for “cough”" }))
            await user.keyboard("{Enter}")
          },
          "suggestion.open": async () => {
            const option = within(screen.getByRole("listbox", { name: "First results" })).getByRole("option", {
              name: /LU-7/,
            })
            if (driver === "mouse") return user.click(option)
            await user.keyboard("{ArrowDown}")
            await waitFor(() => expect(option).toHaveAttribute("data-focused", "true"))
            await user.keyboard("{Enter}")
          },
          "main.search": async () => {
            if (driver === "mouse") {
              await user.click(keywordField())
              await user.keyboard("headache")
              return user.click(mainForm().getByRole("button", { name: "Search" }))
            }
            keywordField().focus()
            await user.keyboard("headache{Enter}")
          },
          "main.searchNothing": async () => {
            if (driver === "mouse") {
              await user.click(keywordField())
              await user.keyboard("none")
              return user.click(mainForm().getByRole("button", { name: "Search" }))
            }
            keywordField().focus()
            await user.keyboard("none{Enter}")
          },
          "main.clear": async () => {
            const clear = mainForm().getByRole("button", { name: "Clear" })
            if (driver === "mouse") await user.click(clear)
            else {
              keywordField().focus()
              await tabTo(user, clear)
              await user.keyboard("{Enter}")
            }
            // The cursor goes back to the emptied field.
            await waitFor(() => expect(keywordField()).toHaveFocus())
          },
          "page.next": async () => {
            const next = screen.getByRole("button", { name: "Next page" })
            if (driver === "mouse") return user.click(next)
            keywordField().focus()
            await tabTo(user, next)
            await user.keyboard("{Enter}")
          },
          "page.previous": async () => {
            const previous = screen.getByRole("button", { name: "Previous page" })
            await waitFor(() => expect(previous).toBeEnabled())
            if (driver === "mouse") return user.click(previous)
            keywordField().focus()
            await tabTo(user, previous)
            await user.keyboard("{Enter}")
          },
          "result.open": async () => {
            const link = screen.getByRole("link", { name: /LU-7 Lièquē/ })
            if (driver === "mouse") return user.click(link)
            keywordField().focus()
            await tabTo(user, link)
            await user.keyboard("{Enter}")
          },
          "points.type": async () => {
            const field = pointsPanel().getByRole("searchbox", { name: "Point name" })
            if (driver === "mouse") await user.click(field)
            else field.focus()
            await user.keyboard("lu9")
          },
          "points.clear": async () => {
            if (driver === "mouse") await user.click(pointsPanel().getByRole("button", { name: "Clear" }))
            else await user.keyboard("{Escape}")
          },
          "point.open": async () => {
            const option = pointsPanel().getByRole("option", { name: /LU-9/ })
            if (driver === "mouse") return user.click(option)
            await user.keyboard("{ArrowDown}")
            await waitFor(() => expect(option).toHaveAttribute("data-focused", "true"))
            await user.keyboard("{Enter}")
          },
        },
      })
    })
  }
})

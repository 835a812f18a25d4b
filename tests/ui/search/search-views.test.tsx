// The search screens as a user meets them, against msw: every call of the search and its selects
// meets the error catalogue of §8 (401, 403, 404, 422, 500, timeout, offline), and a search sent
// too fast (429) says to wait a moment and offers a retry; snippets carrying
// markup show it as text; locked channels are disabled and prefixed Pro; the result count is
// announced; a point address however typed is replaced by the point's own.
import { act, screen, waitFor, within } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { SimulatedClock } from "xstate"
import { withReturnPath } from "../../../src/domain/account/return-path.ts"
import { API_TIMEOUT_MS } from "../../../src/domain/shared/failures.ts"
import { SEARCH_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { API, expectReloadToLogin, renderApp, server } from "../support/render-app.tsx"
import { keywordAnswer, keywordHit, pointAnswer, pointIndex, searchDefaults } from "../support/search-fixtures.ts"
import { userEvent } from "../support/user.ts"

const XSS = "<img src=x onerror=alert(1)>"

/** The test's own answers first: msw tries handlers in order, so they win over the defaults. */
const answer = (...overrides: ReturnType<typeof searchDefaults>) => server.use(...overrides, ...searchDefaults())

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const toast = async () => {
  const region = await screen.findByRole("region", { name: /Notifications/ })
  return within(region).findByRole("listitem", {}, { timeout: 3000 })
}

type User = ReturnType<typeof userEvent.setup>

/** One call of the search screens, how the user makes it, and where its 422 shows. */
interface Call {
  readonly name: string
  readonly method: "get" | "post"
  readonly path: string
  readonly path422?: string
  readonly open: string
  readonly act: (user: User) => Promise<void>
  /** What the user sees for a 422 that carries a keyword message. */
  readonly invalid: () => Promise<void>
}

const CALLS: ReadonlyArray<Call> = [
  {
    name: "keyword-search (main search)",
    method: "post",
    path: "/api/keyword-search",
    open: "/search?keyword=headache",
    act: async () => {},
    invalid: async () => {
      const keyword = await screen.findByRole("searchbox", { name: "Keyword" })
      await waitFor(() => expect(keyword).toHaveAccessibleDescription("This is too long"))
      expect(keyword).toHaveValue("headache")
    },
  },
  {
    name: "keyword-search (full text)",
    method: "post",
    path: "/api/keyword-search",
    open: "/full-text?keyword=headache&page=2",
    act: async () => {},
    invalid: async () => {
      const keyword = await screen.findByRole("searchbox", { name: "Words to find" })
      await waitFor(() => expect(keyword).toHaveAccessibleDescription("This is too long"))
      expect(keyword).toHaveValue("headache")
    },
  },
  {
    name: "point-search (all points)",
    method: "post",
    path: "/api/point-search",
    open: "/search",
    act: async (user) => {
      await user.type(await screen.findByRole("searchbox", { name: "Point name" }), "lu9")
    },
    invalid: async () => {
      const field = screen.getByRole("searchbox", { name: "Point name" })
      await waitFor(() => expect(field).toHaveAccessibleDescription(/This is too long/))
      expect(field).toHaveValue("lu9")
    },
  },
  {
    name: "suggestion/keyword-search (header)",
    method: "get",
    path: "/api/suggestion/keyword-search",
    open: "/",
    act: async (user) => {
      await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Search" }))
      // The search itself, not the field standing in for it while its script loads.
      await screen.findByRole("listbox", { name: "First results" })
      await user.type(screen.getByRole("searchbox", { name: "Search" }), "cough")
    },
    invalid: async () => {
      expect(await screen.findByRole("alert")).toHaveTextContent("This is too long")
      expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("cough")
    },
  },
  {
    name: "channel-fields (channel select)",
    method: "get",
    path: "/api/channel-fields",
    open: "/search",
    act: async () => {},
    invalid: async () => {
      expect(await screen.findByRole("alert")).toHaveTextContent("The channels and fields could not be loaded.")
    },
  },
  {
    name: "point-fields (field select)",
    method: "get",
    path: "/api/point-fields",
    open: "/search",
    act: async () => {},
    invalid: async () => {
      expect(await screen.findByRole("alert")).toHaveTextContent("The channels and fields could not be loaded.")
    },
  },
  {
    name: "point-name-fields (point select)",
    method: "get",
    path: "/api/point-name-fields/:channel",
    open: "/search?channel=lung-channel",
    act: async () => {},
    invalid: async () => {
      expect(await screen.findByRole("alert")).toHaveTextContent("The channels and fields could not be loaded.")
    },
  },
]

const answerWith = (call: Call, respond: () => Response | undefined | Promise<Response | undefined>) =>
  answer(http[call.method](`${API}${call.path}`, respond))

describe.each(CALLS)("$name meets the error catalogue", (call) => {
  it("401: ends the session with a toast and reloads at /login after 2 s, to come back here", async () => {
    answerWith(call, () => HttpResponse.json({ _tag: "Unauthorized", message: "expired" }, { status: 401 }))
    const user = userEvent.setup()
    const sessionClock = new SimulatedClock()
    const { reloads } = await renderApp(call.open, { signedIn: true, sessionClock })
    await call.act(user)
    expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
    expect(document.cookie).not.toContain("token=")
    await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", call.open))
  })

  it("403: shows the response data as an error toast", async () => {
    answerWith(call, () => HttpResponse.json({ message: "Not allowed", reasons: ["plan"] }, { status: 403 }))
    const user = userEvent.setup()
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    expect(await toast()).toHaveTextContent("Not allowed, plan")
  })

  it("404: goes to /not-found", async () => {
    answerWith(call, () => HttpResponse.json({ message: "gone" }, { status: 404 }))
    const user = userEvent.setup()
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    // The user moves on from the field. (Left focused, the page change's focus on <main> would blur
    // it inside React's commit, where user-event's synthetic change event cannot run.)
    await user.tab()
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/not-found")
  })

  it("422: says so where the user looks, keeps what was typed, no toast", async () => {
    answerWith(call, () =>
      HttpResponse.json(
        { _tag: "ValidationFailed", message: "Check", errors: { keyword: "validation.tooLong" } },
        { status: 422 },
      ),
    )
    const user = userEvent.setup()
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    await call.invalid()
    expect(await screen.findByRole("region", { name: /Notifications/ })).not.toHaveTextContent(/Check|error/)
  })

  it("500: shows the server's message and correlation id as an error toast, and offers a retry", async () => {
    let failures = 1
    answerWith(call, async () => {
      if (failures-- > 0) {
        return HttpResponse.json(
          { _tag: "ServerError", message: "Something broke", correlationId: "c0ffee" },
          { status: 500 },
        )
      }
      // The second time the call works: no answer here lets the default handler answer.
      return undefined
    })
    const user = userEvent.setup()
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    expect(await toast()).toHaveTextContent("Something broke, c0ffee")
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong. Please try again.")
    await user.click(screen.getByRole("button", { name: "Try again" }))
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull())
  })

  it("timeout: warns after the API timeout", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] })
    answerWith(call, async () => {
      await delay("infinite")
      return HttpResponse.json({})
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50)
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS)
    })
    expect(await toast()).toHaveTextContent("The server took too long to answer. Please try again.")
    expect(await screen.findByRole("alert")).toHaveTextContent("The server took too long to answer.")
  })

  it("offline: warns and keeps the screen", async () => {
    answerWith(call, () => HttpResponse.error())
    const user = userEvent.setup()
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    expect(await toast()).toHaveTextContent("You seem to be offline")
    expect(await screen.findByRole("alert")).toHaveTextContent("You seem to be offline")
  })
})

describe.each(CALLS.filter((call) => call.path.includes("search")))("$name searched too fast (429)", (call) => {
  it("says to wait a moment where the user looks, with no toast, and searches again on retry", async () => {
    let refusals = 1
    answerWith(call, async () => {
      if (refusals-- > 0) {
        return HttpResponse.json(
          { _tag: "TooManyRequests", message: "Too many attempts.", retryAfterSeconds: 2 },
          { status: 429, headers: { "Retry-After": "2" } },
        )
      }
      return undefined
    })
    const user = userEvent.setup()
    await renderApp(call.open, { signedIn: true })
    await call.act(user)
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You have searched a lot in a short time. Please wait a moment, then try again.",
    )
    expect(await screen.findByRole("region", { name: /Notifications/ })).not.toHaveTextContent(/Too many|searched/)
    await user.click(screen.getByRole("button", { name: "Try again" }))
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull())
  })
})

describe("the all-points search without a network", () => {
  it("searches the index the device keeps: names in every language and numbers, locked points marked", async () => {
    answer(
      http.post(`${API}/api/point-search`, () => HttpResponse.error()),
      http.get(`${API}/api/point-index`, () => HttpResponse.json(pointIndex)),
    )
    const user = userEvent.setup()
    await renderApp("/search", { signedIn: true })
    const field = await screen.findByRole("searchbox", { name: "Point name" })
    await user.type(field, "Großer Abgrund")
    const list = await screen.findByRole("listbox", { name: "Points found" })
    expect(await within(list).findByRole("option", { name: /LU-9 Tàiyuān/ })).toHaveTextContent("Great Abyss")
    await user.clear(field)
    await user.type(field, "zusanli")
    expect(await within(list).findByRole("option", { name: /ST-36 Zúsānlǐ/ })).toHaveTextContent("Pro")
    // Answered on the device: no offline warning.
    expect(screen.queryByRole("alert")).toBeNull()
    expect(await screen.findByRole("region", { name: /Notifications/ })).not.toHaveTextContent(/offline/)
  })

  it("says the connection is gone when the device keeps no index", async () => {
    answer(http.post(`${API}/api/point-search`, () => HttpResponse.error()))
    const user = userEvent.setup()
    await renderApp("/search", { signedIn: true })
    await user.type(await screen.findByRole("searchbox", { name: "Point name" }), "taiyuan")
    expect(await screen.findByRole("alert")).toHaveTextContent("You seem to be offline")
  })
})

describe("search results", () => {
  it("show a text that carries markup as text, with only the match marked", async () => {
    answer(
      http.post(`${API}/api/keyword-search`, () =>
        HttpResponse.json(
          keywordAnswer([
            keywordHit({
              content: [
                {
                  field: "commentary",
                  segments: [
                    { text: `Beware of ${XSS} in `, match: false },
                    { text: "onerror", match: true },
                    { text: " <script>alert(1)</script> notes", match: false },
                  ],
                  clippedStart: true,
                  clippedEnd: false,
                },
              ],
            }),
          ]),
        ),
      ),
    )
    await renderApp("/search?keyword=onerror")
    const snippet = await screen.findByText(
      (_, node) => node?.tagName === "DD" && /Beware of/.test(node.textContent ?? ""),
    )
    expect(snippet).toHaveTextContent(`… Beware of ${XSS} in onerror <script>alert(1)</script> notes`)
    expect(document.querySelector("img")).toBeNull()
    expect(document.querySelector("main script")).toBeNull()
    expect(snippet.querySelectorAll("mark")).toHaveLength(1)
    expect(snippet.querySelector("mark")).toHaveTextContent("onerror")
  })

  it("show a locked point asked for by its code or name with the Pro badge and no text", async () => {
    answer(
      http.post(`${API}/api/keyword-search`, () =>
        HttpResponse.json(
          keywordAnswer([
            keywordHit({
              slug: "gb-20-fengchi",
              point: "GB-20",
              pinyin: "Fēngchí",
              name: "Wind Pool",
              permission: false,
              exact: true,
              content: [],
            }),
          ]),
        ),
      ),
    )
    await renderApp("/search?keyword=GB-20", { signedIn: true })
    const locked = await screen.findByRole("button", { name: /GB-20 Fēngchí .* Wind Pool Pro/ })
    expect(locked).toBeInTheDocument()
    expect(screen.getByText("Its texts are part of Jingluo Pro")).toBeInTheDocument()
  })

  it("list the open points and sum up the locked ones in one line that opens the upgrade modal", async () => {
    const lockedHit = (point: string, name: string) =>
      keywordHit({ slug: point.toLowerCase(), point, name, permission: false, content: [] })
    answer(
      http.post(`${API}/api/keyword-search`, () =>
        HttpResponse.json(
          keywordAnswer([
            keywordHit(),
            keywordHit({ slug: "lu-9-taiyuan", point: "LU-9", name: "Great Abyss" }),
            lockedHit("GB-20", "Wind Pool"),
            lockedHit("SI-12", "Grasping the Wind"),
          ]),
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/search?keyword=wind", { signedIn: true })
    const line = await screen.findByRole("button", { name: "2 more points in Pro" })
    const results = screen.getByRole("region", { name: "Results" })
    expect(within(results).getAllByRole("listitem")).toHaveLength(2)
    expect(screen.queryByText(/Wind Pool/)).toBeNull()
    expect(screen.queryByText("Its texts are part of Jingluo Pro")).toBeNull()
    expect(within(line.parentElement!).getByText("Pro")).toBeInTheDocument()
    await user.click(line)
    const dialog = await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })
    await user.click(within(dialog).getByRole("button", { name: "Close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    line.focus()
    await user.keyboard("{Enter}")
    expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
  })

  it("page through the open points only: the locked line closes the last page", async () => {
    answer(http.post(`${API}/api/keyword-search`, () => HttpResponse.json(keywordAnswer([keywordHit()], 17, 7))))
    await renderApp("/search?keyword=wind", { signedIn: true })
    expect(await screen.findByRole("button", { name: "7 more points in Pro" })).toBeInTheDocument()
    expect(screen.queryByRole("navigation", { name: "Pages of results" })).toBeNull()
  })

  it("announce the number of points found politely, and noDataFound when there are none", async () => {
    answer(
      http.post(`${API}/api/keyword-search`, async ({ request }) => {
        const { keyword } = (await request.json()) as { keyword: string }
        return HttpResponse.json(keyword === "none" ? keywordAnswer([]) : keywordAnswer([keywordHit()], 12))
      }),
    )
    const user = userEvent.setup()
    await renderApp("/search?keyword=headache")
    const form = screen.getByRole("form", { name: "Keyword" })
    const status = within(form.parentElement!).getAllByRole("status").at(-1)!
    await waitFor(() => expect(status).toHaveTextContent("12 points found"))
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument()
    const keyword = screen.getByRole("searchbox", { name: "Keyword" })
    await user.clear(keyword)
    await user.type(keyword, "none{Enter}")
    await waitFor(() => expect(status).toHaveTextContent("No results found."))
  })
})

describe("the main search's selects", () => {
  it("list locked channels disabled and prefixed Pro, and the chosen channel's points", async () => {
    answer()
    const user = userEvent.setup()
    await renderApp("/search")
    await user.click(await screen.findByRole("button", { name: /Channel/ }))
    const listbox = await screen.findByRole("listbox")
    expect(
      within(listbox).getByRole("option", { name: "Pro · ST · Stomach Channel of Foot Yangming" }),
    ).toHaveAttribute("aria-disabled", "true")
    await user.click(within(listbox).getByRole("option", { name: "LU · Lung Channel of Hand Taiyin" }))
    const point = screen.getByRole("button", { name: /Point/ })
    await waitFor(() => expect(point).toBeEnabled())
    await user.click(point)
    expect(await screen.findByRole("option", { name: "LU-9 Tàiyuān" })).toBeInTheDocument()
  })
})

describe("point addresses", () => {
  it("replace /point/LU9 by the point's own address", async () => {
    answer(http.get(`${API}/api/point/:slug`, () => HttpResponse.json({ message: "later" }, { status: 500 })))
    await renderApp("/point/LU9")
    await waitFor(() => expect(window.location.pathname).toBe("/point/lu-9-taiyuan"))
  })

  it("send a reference that names no point to /not-found", async () => {
    answer(http.post(`${API}/api/point-search`, () => HttpResponse.json({ ...pointAnswer, total: 0, results: [] })))
    await renderApp("/point/qq99")
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument()
  })
})

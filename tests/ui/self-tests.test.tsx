// The self-test views against the error catalogue of §8, call by call (msw): 401 ends the session,
// 403 and 500 show the answer as an error toast, 404 goes to /not-found, 422 is told at the form
// (a refused answer after the deadline ends the test; settings messages go under their fields),
// timeouts and offline warn; what the learner chose or typed is kept. Also the test menu's
// permission flags (a locked type opens the upgrade modal), the visitor's sign-up prompt, and the
// score history's mark on a repeated test in every language.
import { screen, waitFor, within } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { DEFAULT_USER_SETTINGS } from "../../src/domain/account/user-settings.ts"
import { MY_GROUPS_HREF } from "../../src/domain/groups/group-links.ts"
import { API_TIMEOUT_MS } from "../../src/domain/shared/failures.ts"
import { API, renderApp, server } from "./support/render-app.tsx"
import {
  clock,
  freshState,
  overview,
  REPEAT_ID,
  type SelfTestState,
  selfTestHandlers,
  session,
  TEST_ID,
  testTypes,
} from "./support/self-test-api.ts"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

type User = ReturnType<typeof userEvent.setup>

const toast = async () => {
  const region = await screen.findByRole("region", { name: /Notifications/ })
  return within(region).findByRole("listitem", {}, { timeout: 4000 })
}

const question = (n: number, total = 2) =>
  screen.findByRole("heading", { level: 1, name: `Question ${n} of ${total}` }, { timeout: 4000 })

const start = async (user: User, path = "/test/new/location-test") => {
  await renderApp(path, { signedIn: true })
  await user.click(await screen.findByRole("button", { name: "Start the test" }))
  await question(1)
}

/** The message under the question's form. */
const formAlert = ".question-form [role=alert], .question-form [role=alert] *"

const chooseFirst = async (user: User) => {
  const radios = screen.getAllByRole("radio")
  await user.click(radios[0]!)
}

/** Finishes with questions unanswered: the test asks first. */
const finishUnanswered = async (user: User) => {
  await user.click(screen.getByRole("button", { name: "Finish the test" }))
  await user.click(await screen.findByRole("button", { name: "Yes, finish" }))
}

interface Call {
  readonly name: string
  readonly method: "get" | "post" | "put"
  readonly path: string
  /** Brings the app to the moment this call is made. */
  readonly trigger: (user: User, state: SelfTestState) => Promise<void>
  readonly state?: () => SelfTestState
  /** What the learner meets when this call never answers; by default the catalogue's warning toast. */
  readonly onTimeout?: () => Promise<void>
}

const CALLS: ReadonlyArray<Call> = [
  {
    name: "GET /api/get-all-test-types",
    method: "get",
    path: "/api/get-all-test-types",
    trigger: async () => void (await renderApp("/test/", { signedIn: true })),
  },
  {
    name: "GET /api/test-activity",
    method: "get",
    path: "/api/test-activity",
    trigger: async () => void (await renderApp("/test/", { signedIn: true })),
  },
  {
    name: "GET /api/test/{type}",
    method: "get",
    path: "/api/test/:type",
    trigger: async () => void (await renderApp("/test/new/location-test", { signedIn: true })),
  },
  {
    name: "POST /api/test/new-create",
    method: "post",
    path: "/api/test/new-create",
    trigger: async (user) => {
      await renderApp("/test/new/location-test", { signedIn: true })
      await user.click(await screen.findByRole("button", { name: "Start the test" }))
    },
  },
  {
    name: "GET /api/test/{type}/{id}",
    method: "get",
    path: "/api/test/:type/:id",
    state: () => freshState({ overview: overview({ running: { id: TEST_ID, answered: 0, total: 2 } }) }),
    trigger: async () => void (await renderApp("/test/new/location-test", { signedIn: true })),
  },
  {
    name: "POST /api/test/save-answer",
    method: "post",
    path: "/api/test/save-answer",
    trigger: async (user) => {
      await start(user)
      await chooseFirst(user)
      await user.click(screen.getByRole("button", { name: "Save and next" }))
    },
  },
  {
    name: "PUT /api/test/add-extra-time",
    method: "put",
    path: "/api/test/add-extra-time",
    state: () => freshState({ session: session({ clock: clock(50_000) }) }),
    trigger: async (user) => {
      await start(user)
      await user.click(await screen.findByRole("button", { name: "More time (+2 min)" }))
    },
    // The 50 s left run out long before the call would time out: the test ends and is scored.
    onTimeout: async () =>
      void expect(await screen.findByRole("heading", { level: 1, name: "Result: Location test" })).toBeVisible(),
  },
  {
    name: "POST /api/test/finish",
    method: "post",
    path: "/api/test/finish",
    trigger: async (user) => {
      await start(user)
      await finishUnanswered(user)
    },
  },
  {
    name: "POST /api/test/repeat",
    method: "post",
    path: "/api/test/repeat",
    trigger: async (user) => {
      await start(user)
      await finishUnanswered(user)
      await user.click(await screen.findByRole("link", { name: "Repeat this test" }))
    },
  },
  {
    name: "GET /api/test/reset/{id}",
    method: "get",
    path: "/api/test/reset/:id",
    trigger: async (user) => {
      await start(user)
      await user.click(screen.getByRole("button", { name: "Discard this test" }))
      await user.click(await screen.findByRole("button", { name: "Yes, discard" }))
    },
  },
  {
    name: "GET /api/test/scores/{id}",
    method: "get",
    path: "/api/test/scores/:id",
    trigger: async () => void (await renderApp("/test/scores", { signedIn: true })),
  },
  {
    name: "GET /api/test/{id}/result",
    method: "get",
    path: "/api/test/:id/result",
    trigger: async () => void (await renderApp(`/get/results?test=${TEST_ID}`, { signedIn: true })),
  },
  {
    name: "GET /api/user-settings",
    method: "get",
    path: "/api/user-settings",
    trigger: async () => void (await renderApp("/account-settings/tests-settings", { signedIn: true })),
  },
  {
    name: "POST /api/user-settings",
    method: "post",
    path: "/api/user-settings",
    trigger: async (user) => {
      await renderApp("/account-settings/tests-settings", { signedIn: true })
      await user.click(await screen.findByRole("button", { name: "Save settings" }))
    },
  },
]

const failWith = (call: Call, respond: () => Response | Promise<Response>) =>
  server.use(http[call.method](`${API}${call.path}`, respond))

describe.each(CALLS)("$name and the error catalogue", (call) => {
  const setUp = () => {
    const state = call.state?.() ?? freshState()
    server.use(...selfTestHandlers(state))
    return state
  }

  it("401: ends the session with a toast and reloads at /login", async () => {
    const state = setUp()
    failWith(call, () => HttpResponse.json({ _tag: "Unauthorized", message: "expired" }, { status: 401 }))
    await call.trigger(userEvent.setup(), state)
    expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
    await waitFor(() => expect(document.cookie).not.toContain("userdata="))
  })

  it("403: shows the answer's message as an error toast", async () => {
    const state = setUp()
    failWith(call, () => HttpResponse.json({ _tag: "Forbidden", message: "Not for you" }, { status: 403 }))
    await call.trigger(userEvent.setup(), state)
    expect(await toast()).toHaveTextContent("Not for you")
  })

  it("404: goes to /not-found", async () => {
    const state = setUp()
    failWith(call, () => HttpResponse.json({ _tag: "NotFound", message: "Not found" }, { status: 404 }))
    await call.trigger(userEvent.setup(), state)
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/not-found")
  })

  it("422: says so at the form, without a toast", async () => {
    const state = setUp()
    failWith(call, () =>
      HttpResponse.json(
        { _tag: "ValidationFailed", message: "Check", errors: { "": "validation.invalid" } },
        { status: 422 },
      ),
    )
    await call.trigger(userEvent.setup(), state)
    expect(await screen.findByText(/Please check the highlighted fields\./, {}, { timeout: 4000 })).toBeVisible()
    expect(await screen.findByRole("region", { name: /Notifications/ })).not.toHaveTextContent(/Check/)
  })

  it("500: shows the message and correlation id as an error toast", async () => {
    const state = setUp()
    failWith(call, () =>
      HttpResponse.json({ _tag: "ServerError", message: "Something broke", correlationId: "c0ffee" }, { status: 500 }),
    )
    await call.trigger(userEvent.setup(), state)
    expect(await toast()).toHaveTextContent("Something broke, c0ffee")
  })

  it("offline: warns, and the page says so too", async () => {
    const state = setUp()
    failWith(call, () => HttpResponse.error())
    await call.trigger(userEvent.setup(), state)
    expect(await toast()).toHaveTextContent("You seem to be offline")
    expect(
      await screen.findByText(/You seem to be offline/, { selector: "[role=alert], [role=alert] *" }),
    ).toBeVisible()
  })

  it(`timeout: gives up after ${API_TIMEOUT_MS / 1000} s with a warning`, async () => {
    const state = setUp()
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
    failWith(call, async () => {
      await delay("infinite")
      return HttpResponse.json({})
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await call.trigger(user, state)
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS)
    if (call.onTimeout) await call.onTimeout()
    else expect(await toast()).toHaveTextContent("The server took too long to answer")
  })
})

describe("answers the server refuses", () => {
  it("ends the test when an answer comes after the deadline (422), and shows the result", async () => {
    const state = freshState()
    server.use(...selfTestHandlers(state))
    server.use(
      http.post(`${API}/api/test/save-answer`, () =>
        HttpResponse.json(
          { _tag: "TestClosed", message: "The time for this test is up", reason: "timeUp" },
          { status: 422 },
        ),
      ),
    )
    const user = userEvent.setup()
    await start(user)
    await chooseFirst(user)
    await user.click(screen.getByRole("button", { name: "Save and next" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Result: Location test" })).toBeInTheDocument()
    expect(state.calls).toContain("finish")
  })

  const FAILED_SAVES = [
    { name: "offline", message: /You seem to be offline/, respond: () => HttpResponse.error() },
    {
      name: "500",
      message: /Something went wrong\. Please try again\./,
      respond: () =>
        HttpResponse.json(
          { _tag: "ServerError", message: "Something broke", correlationId: "c0ffee" },
          { status: 500 },
        ),
    },
    {
      name: "403",
      message: /Something went wrong\. Please try again\./,
      respond: () => HttpResponse.json({ _tag: "Forbidden", message: "Not for you" }, { status: 403 }),
    },
  ] as const

  it.each(FAILED_SAVES)(
    "keeps the chosen answer when saving fails ($name), and saves that same answer again",
    async ({ message, respond }) => {
      const state = freshState()
      server.use(...selfTestHandlers(state))
      const bodies: Array<unknown> = []
      let fail = true
      server.use(
        http.post(`${API}/api/test/save-answer`, async ({ request }) => {
          const body = (await request.json()) as { question: number }
          bodies.push(body)
          if (fail) return respond()
          return HttpResponse.json({ question: body.question, answered: 1, clock: clock(9 * 60_000) })
        }),
      )
      const user = userEvent.setup()
      await start(user)
      // The third option, by mouse.
      await user.click(screen.getAllByRole("radio")[2]!)
      await user.click(screen.getByRole("button", { name: "Save and next" }))
      expect(await screen.findByText(message, { selector: formAlert })).toBeVisible()
      expect(screen.getAllByRole("radio")[2]).toBeChecked()
      expect(screen.getByRole("heading", { level: 1, name: "Question 1 of 2" })).toBeInTheDocument()

      // Saved again by keyboard, once the connection is back: the same answer goes.
      fail = false
      screen.getByRole("button", { name: "Save and next" }).focus()
      await user.keyboard("{Enter}")
      expect(await question(2)).toHaveFocus()
      expect(bodies).toHaveLength(2)
      expect(bodies[1]).toEqual(bodies[0])
      expect(bodies[1]).toMatchObject({ testId: TEST_ID, question: 0, answer: { _tag: "Choice", index: 2 } })
      expect(screen.queryByText(message, { selector: formAlert })).toBeNull()
    },
  )

  it("keeps the typed pinyin when saving fails, and saves it again", async () => {
    const typed = session({
      questions: [
        {
          prompt: {
            kind: "type-pinyin",
            point: {
              code: "LU-9",
              pinyin: "",
              hanzi: { traditional: "太淵", simplified: "太渊" },
              name: "Great Abyss",
            },
            hanzi: { traditional: "太淵", simplified: "太渊" },
          },
          options: [],
          answerMode: "typed",
        },
        session().questions[1]!,
      ],
    })
    const state = freshState({ session: typed })
    server.use(...selfTestHandlers(state))
    const bodies: Array<unknown> = []
    let fail = true
    server.use(
      http.post(`${API}/api/test/save-answer`, async ({ request }) => {
        bodies.push(await request.json())
        if (fail) return HttpResponse.error()
        return HttpResponse.json({ question: 0, answered: 1, clock: clock(9 * 60_000) })
      }),
    )
    const user = userEvent.setup()
    await start(user)
    const field = screen.getByRole("textbox", { name: "Pinyin" })
    await user.type(field, "Tai Yuan{Enter}")
    expect(await screen.findByText(/You seem to be offline/, { selector: formAlert })).toBeVisible()
    expect(field).toHaveValue("Tai Yuan")
    fail = false
    await user.click(screen.getByRole("button", { name: "Save and next" }))
    await question(2)
    expect(bodies).toHaveLength(2)
    expect(bodies[1]).toMatchObject({ question: 0, answer: { _tag: "Typed", text: "Tai Yuan" } })
  })

  it("turns on leaving out the points contraindicated in pregnancy with the keyboard and saves it", async () => {
    server.use(...selfTestHandlers(freshState()))
    const bodies: Array<unknown> = []
    server.use(
      http.post(`${API}/api/user-settings`, async ({ request }) => {
        const body = (await request.json()) as object
        bodies.push(body)
        return HttpResponse.json({ ...DEFAULT_USER_SETTINGS, ...body })
      }),
    )
    const user = userEvent.setup()
    await renderApp("/account-settings/tests-settings", { signedIn: true })
    const box = await screen.findByRole("checkbox", { name: "Leave out points contraindicated in pregnancy" })
    expect(box).not.toBeChecked()
    box.focus()
    await user.keyboard(" ")
    expect(box).toBeChecked()
    await user.click(screen.getByRole("button", { name: "Save settings" }))
    expect(await screen.findByText("Your test settings are saved.")).toBeVisible()
    expect(bodies).toEqual([expect.objectContaining({ testLeaveOutPregnancy: true })])
    expect(box).toBeChecked()
  })

  it("puts the settings' messages under their fields and keeps every value", async () => {
    server.use(...selfTestHandlers(freshState()))
    server.use(
      http.post(`${API}/api/user-settings`, () =>
        HttpResponse.json(
          { _tag: "ValidationFailed", message: "Check", errors: { testDuration: "validation.testDuration" } },
          { status: 422 },
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/account-settings/tests-settings", { signedIn: true })
    const duration = await screen.findByRole("textbox", { name: "Test time in minutes" })
    await user.clear(duration)
    await user.type(duration, "30")
    await user.click(screen.getByRole("button", { name: "Save settings" }))
    await waitFor(() => expect(duration).toHaveAccessibleDescription(/Enter a whole number of minutes from 1 to 100\./))
    expect(duration).toHaveValue("30")
    expect(duration).toHaveFocus()
  })
})

describe("a test the server keeps for Pro (403)", () => {
  const proRequired = () =>
    HttpResponse.json({ _tag: "ProRequired", message: "This test needs Jingluo Pro." }, { status: 403 })

  it("opens the upgrade modal when starting is refused, and keeps the overview to start again", async () => {
    const state = freshState()
    server.use(...selfTestHandlers(state))
    server.use(http.post(`${API}/api/test/new-create`, proRequired))
    const user = userEvent.setup()
    await renderApp("/test/new/location-test", { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Start the test" }))
    const dialog = await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })
    await user.keyboard("{Escape}")
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(screen.getByText("This test needs Jingluo Pro.", { selector: "[role=alert], [role=alert] *" })).toBeVisible()
    expect(screen.queryByText("Something went wrong. Please try again.")).toBeNull()
    expect(screen.getByRole("button", { name: "Start the test" })).toBeEnabled()
    expect(screen.queryByRole("heading", { name: /^Question/ })).toBeNull()
  })

  it("opens the upgrade modal when a repeat is refused, and offers the overview", async () => {
    const state = freshState()
    server.use(...selfTestHandlers(state))
    server.use(http.post(`${API}/api/test/repeat`, proRequired))
    const user = userEvent.setup()
    await renderApp(`/test/new/location-test?repeat=${TEST_ID}`, { signedIn: true })
    const dialog = await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })
    await user.click(within(dialog).getByRole("button", { name: "Close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(screen.getByText("This test needs Jingluo Pro.", { selector: "[role=alert], [role=alert] *" })).toBeVisible()
    expect(state.calls).not.toContain("overview")
    await user.click(screen.getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("button", { name: "Start the test" })).toBeEnabled()
    expect(state.calls).toContain("overview")
  })
})

describe("the score history", () => {
  it.each([
    ["en", "repeat", "Every finished test"],
    ["de", "Wiederholung", "Alle abgeschlossenen Tests"],
    ["es", "repetición", "Todas las pruebas terminadas"],
  ] as const)("marks a repeated test in %s, and only that one", async (language, label, history) => {
    server.use(...selfTestHandlers(freshState()))
    await renderApp("/test/scores", { signedIn: true, language })
    const list = await screen.findByRole("list", { name: history })
    const [first, repeated] = within(list).getAllByRole("listitem")
    expect(repeated).toHaveTextContent(new RegExp(` · ${label}$`))
    expect(first).not.toHaveTextContent(label)
    expect(within(repeated!).getByRole("link")).toHaveAttribute("href", `/get/results?test=${REPEAT_ID}`)
  })
})

describe("the test menu", () => {
  it("shows a visitor the types and a sign-up prompt, and no review", async () => {
    server.use(http.get(`${API}/api/get-all-test-types`, () => HttpResponse.json({ ...testTypes(), review: null })))
    await renderApp("/test/")
    expect(await screen.findByRole("heading", { level: 2, name: "Sign up to take the tests" })).toBeInTheDocument()
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(8)
    const groupTest = screen.getByRole("heading", { level: 3, name: /Point group test/ })
    expect(within(groupTest).getByText("Pro")).toBeInTheDocument()
    expect(within(groupTest).queryByRole("link")).toBeNull()
    expect(screen.queryByRole("link", { name: "Location test" })).toBeNull()
  })

  it("shows a member the due points and the days practised", async () => {
    server.use(...selfTestHandlers(freshState()))
    await renderApp("/test/", { signedIn: true })
    expect(await screen.findByText("2 points are due for review.")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Review 2 points" })).toHaveAttribute("href", "/test/new/review-test")
    expect(screen.getByText(/1 day practised\./)).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Location test" })).toHaveAttribute("href", "/test/new/location-test")
  })

  it("marks a locked type with the Pro badge and opens the upgrade modal, by mouse and by keyboard", async () => {
    server.use(...selfTestHandlers(freshState()))
    server.use(http.get(`${API}/api/get-all-test-types`, () => HttpResponse.json(testTypes(["classification-test"]))))
    const user = userEvent.setup()
    await renderApp("/test/", { signedIn: true })
    const locked = await screen.findByRole("button", { name: "Classification test" })
    expect(within(locked.closest("h3")!).getByText("Pro")).toBeInTheDocument()
    await user.click(locked)
    const dialog = await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })
    await user.click(within(dialog).getByRole("button", { name: "Close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    locked.focus()
    await user.keyboard("{Enter}")
    expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
  })

  it("tells a Standard learner that any point group can be tested, with the Pro badge and the upgrade modal", async () => {
    server.use(...selfTestHandlers(freshState()))
    const user = userEvent.setup()
    await renderApp("/test/", { signedIn: true })
    const entry = await screen.findByRole("button", { name: "Point group test" })
    expect(within(entry.closest("li")!).getByText(/Any of your point groups can be tested/)).toBeInTheDocument()
    expect(within(entry.closest("h3")!).getByText("Pro")).toBeInTheDocument()
    entry.focus()
    await user.keyboard("{Enter}")
    expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
  })

  it("leads a Pro learner from the point-group test to their groups; a group test's addresses need a group", async () => {
    server.use(...selfTestHandlers(freshState()))
    server.use(http.get(`${API}/api/get-all-test-types`, () => HttpResponse.json(testTypes([], true))))
    await renderApp("/test/", { signedIn: true })
    const entry = await screen.findByRole("link", { name: "Point group test" })
    expect(entry).toHaveAttribute("href", MY_GROUPS_HREF)
    expect(within(entry.closest("h3")!).queryByText("Pro")).toBeNull()
    for (const path of ["/test/new/point-group-test", "/test/new/pointgroup/1/2", "/test/new/pointgroup/"]) {
      window.history.pushState(null, "", path)
      window.dispatchEvent(new PopStateEvent("popstate"))
      await waitFor(() => expect(window.location.pathname).not.toBe(path))
      expect(window.location.pathname).toMatch(/^\/(not-found|test\/)$/)
    }
  })

  it("opens the upgrade modal for a type the server says is locked, instead of starting it", async () => {
    const state = freshState({ overview: overview({ permission: false }) })
    server.use(...selfTestHandlers(state))
    const user = userEvent.setup()
    await renderApp("/test/new/location-test", { signedIn: true })
    await user.click(await screen.findByRole("button", { name: /Upgrade to start/ }))
    expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
    expect(state.calls).not.toContain("create")
  })
})

// My point groups against the error catalogue of §8, as a user meets it: for every call — listing
// the groups, creating, renaming and deleting a group, removing a point, adding a point, creating a
// group and adding to it — a 401 ends the session, a 403 or a 500 shows the server's words as an
// error toast, a 404 goes to /not-found, a 422 shows its message at the title field, and a timeout
// or the network gone shows its warning; in each case what the user typed stays in its field and
// the same action works once the server answers again. Mouse and keyboard take turns.
import { act, screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { SimulatedClock } from "xstate"
import { withReturnPath } from "../../../src/domain/account/return-path.ts"
import { DEFAULT_USER_SETTINGS } from "../../../src/domain/account/user-settings.ts"
import type { GroupView } from "../../../src/domain/groups/group-views.ts"
import { API_TIMEOUT_MS } from "../../../src/domain/shared/failures.ts"
import { FAILURES, type Failure, failureResponse } from "../support/failures.ts"
import { lu9PageHandlers } from "../support/point-page-api.ts"
import { API, expectReloadToLogin, renderApp, server } from "../support/render-app.tsx"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

type Call = "list" | "create" | "rename" | "delete" | "remove" | "add"
type Driver = "mouse" | "keyboard"

const lu9 = { code: "LU-9", pinyin: "Tàiyuān", name: "Great Abyss", slug: "lu-9-taiyuan", permission: true }

/** The learner's groups on a pretend server; `failing` makes one call answer with a failure. */
const makeStore = () => {
  let nextId = 3
  let nextMapping = 20
  const store = {
    groups: [
      { id: 1, name: "Headaches", points: [{ mapping_id: 11, ...lu9 }] },
      { id: 2, name: "Exam", points: [] },
    ] as Array<GroupView>,
    failing: new Map<Call, Failure>(),
    sent: new Map<Call, number>(),
  }
  const count = (call: Call) => store.sent.set(call, (store.sent.get(call) ?? 0) + 1)
  const fail = (call: Call) => {
    const failure = store.failing.get(call)
    return failure ? answer(failure) : undefined
  }
  const find = (id: number) => store.groups.find((g) => g.id === id)
  server.use(
    http.get(`${API}/api/point-group/list`, async () => {
      count("list")
      return (await fail("list")) ?? HttpResponse.json({ groups: store.groups, test_permission: true })
    }),
    http.post(`${API}/api/point-group/store`, async ({ request }) => {
      count("create")
      const failed = await fail("create")
      if (failed) return failed
      const { name } = (await request.json()) as { name: string }
      const group = { id: nextId++, name, points: [] }
      store.groups.push(group)
      return HttpResponse.json(group)
    }),
    http.put(`${API}/api/point-group/update`, async ({ request }) => {
      count("rename")
      const failed = await fail("rename")
      if (failed) return failed
      const { pointGroupId, name } = (await request.json()) as { pointGroupId: number; name: string }
      store.groups = store.groups.map((g) => (g.id === pointGroupId ? { ...g, name } : g))
      return HttpResponse.json(find(pointGroupId))
    }),
    http.delete(`${API}/api/point-group/delete/:id`, async ({ params }) => {
      count("delete")
      const failed = await fail("delete")
      if (failed) return failed
      store.groups = store.groups.filter((g) => g.id !== Number(params.id))
      return HttpResponse.json({ groups: store.groups, test_permission: true })
    }),
    http.delete(`${API}/api/point-from-pointgroup/delete/:id`, async ({ params }) => {
      count("remove")
      const failed = await fail("remove")
      if (failed) return failed
      const mapping = Number(params.id)
      const owner = store.groups.find((g) => g.points.some((p) => p.mapping_id === mapping))!
      const group = { ...owner, points: owner.points.filter((p) => p.mapping_id !== mapping) }
      store.groups = store.groups.map((g) => (g.id === group.id ? group : g))
      return HttpResponse.json(group)
    }),
    http.post(`${API}/api/point-to-point-group/store`, async ({ request }) => {
      count("add")
      const failed = await fail("add")
      if (failed) return failed
      const { groupId } = (await request.json()) as { groupId: number }
      const before = find(groupId)!
      const added = before.points.some((p) => p.code === "LU-9") ? 0 : 1
      const group = added ? { ...before, points: [...before.points, { mapping_id: nextMapping++, ...lu9 }] } : before
      store.groups = store.groups.map((g) => (g.id === groupId ? group : g))
      return HttpResponse.json({ group, added })
    }),
  )
  return store
}

const pageApi = () =>
  server.use(
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
    http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes: [] })),
  )

const answer = (failure: Failure) =>
  failureResponse(failure, {
    forbidden: { _tag: "Forbidden", message: "Not yours to change" },
    fieldErrors: { name: "validation.tooLong" },
  })

// The toasts' region mounts once sonner's script is in, which a busy machine may take a while to import.
const toast = async () =>
  within(await screen.findByRole("region", { name: /Notifications/ }, { timeout: 10_000 })).findByRole(
    "listitem",
    {},
    { timeout: 10_000 },
  )

type User = ReturnType<typeof userEvent.setup>

/** Presses a button or option the way the driver does: a click, or Tab to it and Enter. */
const press = async (user: User, driver: Driver, target: HTMLElement) => {
  if (driver === "mouse") return user.click(target)
  for (let i = 0; i < 60 && document.activeElement !== target; i++) await user.tab()
  expect(target).toHaveFocus()
  await user.keyboard("{Enter}")
}

/** Types into a field the way the driver does (the keyboard reaches it by Tab). */
const typeInto = async (user: User, driver: Driver, field: HTMLElement, text: string) => {
  if (driver === "mouse") await user.click(field)
  else for (let i = 0; i < 60 && document.activeElement !== field; i++) await user.tab()
  await user.clear(field)
  await user.type(field, text)
}

const button = (name: string | RegExp) => screen.findByRole("button", { name }, { timeout: 5000 })

/** The user's steps up to the call that is to fail, and what is typed there. */
interface Journey {
  readonly path: string
  readonly start: (user: User, driver: Driver) => Promise<void>
  /** Sends the call; returns the field whose text must survive, if there is one. */
  readonly send: (user: User, driver: Driver) => Promise<HTMLElement | undefined>
  readonly typed?: string
  /** What shows once the same action works. */
  readonly done: () => Promise<void>
}

const journeys: Record<Call, Journey> = {
  list: {
    path: "/my-point-groups",
    start: async () => {},
    send: async () => undefined,
    done: async () => {
      expect(await screen.findByRole("option", { name: /^Headaches/ }, { timeout: 5000 })).toBeVisible()
    },
  },
  create: {
    path: "/my-point-groups",
    start: async (user, driver) => {
      await press(user, driver, await button(/New group/))
    },
    typed: "Exam week",
    send: async (user, driver) => {
      const field = await screen.findByRole("textbox", { name: "Group title" })
      await typeInto(user, driver, field, "Exam week")
      await press(user, driver, await button("Create"))
      return field
    },
    done: async () => {
      expect(await toast()).toHaveTextContent("Group “Exam week” created.")
    },
  },
  rename: {
    path: "/my-point-groups",
    start: async (user, driver) => {
      await press(user, driver, await button("Edit"))
      await press(user, driver, await button("Rename Headaches"))
    },
    typed: "Head and neck",
    send: async (user, driver) => {
      const field = await screen.findByRole("textbox", { name: "Group title" })
      await typeInto(user, driver, field, "Head and neck")
      await press(user, driver, await button("Save"))
      return field
    },
    done: async () => {
      expect(await toast()).toHaveTextContent("Group renamed to “Head and neck”.")
      // The form or row is gone: the cursor is on the list of groups, not the page's body.
      await waitFor(() => expect(document.activeElement).toHaveClass("group-edit-list"))
    },
  },
  delete: {
    path: "/my-point-groups",
    start: async (user, driver) => {
      await press(user, driver, await button("Edit"))
    },
    send: async (user, driver) => {
      await press(user, driver, await button("Delete Exam"))
      const dialog = await screen.findByRole("alertdialog")
      await press(user, driver, within(dialog).getByRole("button", { name: "Delete" }))
      return undefined
    },
    done: async () => {
      expect(await toast()).toHaveTextContent("Group “Exam” deleted.")
      // The form or row is gone: the cursor is on the list of groups, not the page's body.
      await waitFor(() => expect(document.activeElement).toHaveClass("group-edit-list"))
    },
  },
  remove: {
    path: "/my-point-groups",
    start: async (user, driver) => {
      await press(user, driver, await screen.findByRole("option", { name: /^Headaches/ }, { timeout: 5000 }))
      await press(user, driver, await button("Edit"))
    },
    send: async (user, driver) => {
      await press(user, driver, await button("Remove LU-9 from Headaches"))
      return undefined
    },
    done: async () => {
      expect(await toast()).toHaveTextContent("LU-9 removed from “Headaches”.")
    },
  },
  add: {
    path: "/point/lu-9-taiyuan",
    start: async (user, driver) => {
      await press(user, driver, await button("Add to group"))
      await screen.findByRole("dialog", {}, { timeout: 5000 })
    },
    send: async (user, driver) => {
      await press(user, driver, await button(/^Exam/))
      return undefined
    },
    done: async () => {
      expect(await toast()).toHaveTextContent("Added 1 point to “Exam”.")
    },
  },
}

/** The journey of "create a group and add the point to it" from the point page. */
const createAndAdd: Journey = {
  path: "/point/lu-9-taiyuan",
  start: journeys.add.start,
  typed: "Wrist points",
  send: async (user, driver) => {
    const field = await screen.findByRole("textbox", { name: "New group" })
    await typeInto(user, driver, field, "Wrist points")
    await press(user, driver, await button("Create and add"))
    return field
  },
  done: async () => {
    expect(await toast()).toHaveTextContent("Added 1 point to “Wrist points”.")
  },
}

interface Case {
  readonly name: string
  readonly call: Call
  readonly journey: Journey
}

const cases: ReadonlyArray<Case> = [
  ...(Object.keys(journeys) as Array<Call>).map((call) => ({ name: call, call, journey: journeys[call] })),
  { name: "create and add", call: "create" as const, journey: createAndAdd },
]

/** Calls that carry a title: a 422 is about it. */
const titled = new Set(["create", "rename", "create and add"])

describe.each(cases)("$name", ({ name, call, journey }) => {
  const applicable = FAILURES.filter((f) => f !== "422" || titled.has(name))
  it.each(applicable.map((failure, i) => ({ failure, driver: (i % 2 === 0 ? "mouse" : "keyboard") as Driver })))(
    "$failure ($driver): the catalogue's answer, nothing typed is lost, and it works again",
    async ({ failure, driver }) => {
      pageApi()
      const store = makeStore()
      if (call === "list") store.failing.set("list", failure)
      if (failure === "timeout")
        vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] })
      const user = userEvent.setup(failure === "timeout" ? { advanceTimers: vi.advanceTimersByTime } : {})
      const sessionClock = new SimulatedClock()
      const { reloads } = await renderApp(journey.path, { signedIn: true, sessionClock })
      await journey.start(user, driver)
      if (call !== "list") store.failing.set(call, failure)
      const before = store.sent.get(call) ?? 0
      const field = await journey.send(user, driver)
      // The first call waits for the page's script and flows and the API client, imported afresh by the first case.
      await waitFor(() => expect(store.sent.get(call) ?? 0).toBeGreaterThan(before), { timeout: 10_000 })
      if (failure === "timeout")
        await act(async () => {
          await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
        })

      switch (failure) {
        case "401":
          expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
          await expectReloadToLogin(reloads, sessionClock, withReturnPath("/login", journey.path))
          return
        case "404":
          await waitFor(() => expect(window.location.pathname).toBe("/not-found"), { timeout: 3000 })
          return
        case "403":
          expect(await toast()).toHaveTextContent("Not yours to change")
          break
        case "500":
          expect(await toast()).toHaveTextContent("Something broke, c0ffee")
          break
        case "timeout":
          expect(await toast()).toHaveTextContent("The server took too long to answer. Please try again.")
          break
        case "offline":
          expect(await toast()).toHaveTextContent("You seem to be offline. Check your connection and try again.")
          break
        case "422":
          await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"), { timeout: 3000 })
          expect(field).toHaveAccessibleDescription("This is too long")
          // The field takes focus, so the user can correct it at once.
          expect(field).toHaveFocus()
          break
      }
      if (field && journey.typed) expect(field).toHaveValue(journey.typed)

      // The server answers again: the same action works, the way the user would retry it.
      store.failing.clear()
      if (failure === "timeout") vi.useRealTimers()
      const again = userEvent.setup()
      if (call === "list") await press(again, driver, await button("Try again"))
      else if (field) await press(again, driver, await button(/^(Create|Save|Create and add)$/))
      else await journey.send(again, driver)
      await journey.done()
    },
  )
})

// Model-based test of My point groups (xstate/graph): what a learner sees while opening a group,
// opening one of its points, switching edit mode on and off (§4), removing a point, creating a
// group inline (an empty title turned back at the field, §5), renaming one and deleting one after
// the question — walked through the real app on /my-point-groups against an in-memory msw server
// that keeps the groups, once by mouse and once by keyboard. The chosen paths take every
// transition of the model.
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { DEFAULT_USER_SETTINGS } from "../../src/domain/account/user-settings.ts"
import { groupTestHref } from "../../src/domain/groups/group-links.ts"
import type { GroupView } from "../../src/domain/groups/group-views.ts"
import { lu9PageHandlers } from "../ui/support/point-page-api.ts"
import { API, renderApp, server } from "../ui/support/render-app.tsx"
import { coveringPaths } from "./support/covering-paths.ts"

/** What the learner sees of their groups. */
const groupsModel = createMachine({
  id: "groups",
  initial: "listed",
  states: {
    listed: { on: { "group.open": "open", "edit.toggle": "editing", "create.start": "creating" } },
    creating: {
      on: { "create.submitEmpty": "titleRequired", "create.submit": "listed", "create.cancel": "listed" },
    },
    titleRequired: { on: { "create.submit": "listed" } },
    open: { on: { "edit.toggle": "openEditing", "point.open": "pointPage" } },
    openEditing: { on: { "point.remove": "openEditing", "edit.toggle": "open" } },
    editing: { on: { "edit.toggle": "listed", "rename.start": "renaming", "group.delete": "confirming" } },
    renaming: { on: { "rename.submit": "editing", "rename.cancel": "editing" } },
    confirming: { on: { "delete.cancel": "editing", "delete.confirm": "editing" } },
    pointPage: {},
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const lu9 = { code: "LU-9", pinyin: "Tàiyuān", name: "Great Abyss", slug: "lu-9-taiyuan", permission: true }
const lu5 = { code: "LU-5", pinyin: "Chǐzé", name: "Cubit Marsh", slug: "lu-5-chize", permission: true }

/** The server's side: the learner's groups, kept as the real server keeps them. */
const fakeServer = () => {
  let nextId = 4
  const state = {
    groups: [
      {
        id: 1,
        name: "Headaches",
        points: [
          { mapping_id: 11, ...lu9 },
          { mapping_id: 12, ...lu5 },
        ],
      },
      { id: 2, name: "Exam", points: [] },
      { id: 3, name: "Neck", points: [] },
    ] as ReadonlyArray<GroupView>,
  }
  const find = (id: number) => state.groups.find((g) => g.id === id)
  server.use(
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
    http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes: [] })),
    http.get(`${API}/api/point-group/list`, () => HttpResponse.json({ groups: state.groups })),
    http.post(`${API}/api/point-group/store`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string }
      const group = { id: nextId++, name, points: [] }
      state.groups = [...state.groups, group]
      return HttpResponse.json(group)
    }),
    http.put(`${API}/api/point-group/update`, async ({ request }) => {
      const { pointGroupId, name } = (await request.json()) as { pointGroupId: number; name: string }
      state.groups = state.groups.map((g) => (g.id === pointGroupId ? { ...g, name } : g))
      return HttpResponse.json(find(pointGroupId))
    }),
    http.delete(`${API}/api/point-group/delete/:id`, ({ params }) => {
      state.groups = state.groups.filter((g) => g.id !== Number(params.id))
      return HttpResponse.json({ groups: state.groups })
    }),
    http.delete(`${API}/api/point-from-pointgroup/delete/:id`, ({ params }) => {
      const mapping = Number(params.id)
      state.groups = state.groups.map((g) => ({ ...g, points: g.points.filter((p) => p.mapping_id !== mapping) }))
      return HttpResponse.json(state.groups.find((g) => g.id === 1))
    }),
  )
  return state
}

type User = ReturnType<typeof userEvent.setup>
type Driver = "mouse" | "keyboard"

/** The keyboard walks with Tab, or Shift+Tab to go back up the page, until the element has focus. */
const tabTo = async (user: User, target: HTMLElement) => {
  const from = document.activeElement
  const back =
    from !== null &&
    from !== document.body &&
    (target.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  for (let i = 0; i < 60 && document.activeElement !== target; i++) await user.tab({ shift: back })
  expect(target).toHaveFocus()
}

const groupsList = () => screen.queryByRole("listbox", { name: "My point groups" })
const pointsList = () => screen.queryByRole("listbox", { name: "Headaches" })
const editButton = () => screen.getByRole("button", { name: /^(Edit|Done)$/ })
const titleField = () => screen.queryByRole("textbox", { name: "Group title" })

describe.each(["mouse", "keyboard"] as const)("My point groups (model-based, by %s)", (driver: Driver) => {
  const { chosen, covered, wanted, reached } = coveringPaths(groupsModel)

  it("walks every state and every transition of the model", () => {
    expect([...covered].sort()).toEqual([...wanted].sort())
    expect([...reached].sort()).toEqual(Object.keys(groupsModel.config.states ?? {}).sort())
  })

  for (const path of chosen) {
    it(path.description, { timeout: 40_000 }, async () => {
      const backend = fakeServer()
      const user = userEvent.setup()
      await renderApp("/my-point-groups", { signedIn: true })
      await waitFor(() => expect(groupsList()).not.toBeNull(), { timeout: 5000 })
      let created = 0

      /** A button pressed as the driver does: a click, or Tab to it and Enter. */
      const press = async (target: HTMLElement) => {
        if (driver === "mouse") return user.click(target)
        await tabTo(user, target)
        await user.keyboard("{Enter}")
      }
      /** An option chosen as the driver does: a click, or Tab into its list, arrows to it, Enter. */
      const choose = async (list: HTMLElement, name: RegExp) => {
        const option = within(list).getByRole("option", { name })
        if (driver === "mouse") return user.click(option)
        const options = within(list).getAllByRole("option")
        for (let i = 0; i < 60 && !list.contains(document.activeElement); i++) await user.tab()
        for (let i = 0; i < options.length && document.activeElement !== option; i++) await user.keyboard("{ArrowDown}")
        expect(option).toHaveFocus()
        await user.keyboard("{Enter}")
      }
      const typeTitle = async (text: string) => {
        const field = await screen.findByRole("textbox", { name: "Group title" })
        if (driver === "mouse") await user.click(field)
        else await tabTo(user, field)
        await user.clear(field)
        if (text) await user.keyboard(text)
      }
      const lastGroup = () => backend.groups.at(-1)!

      await path.test({
        states: {
          listed: async () => {
            await waitFor(() => expect(groupsList()).not.toBeNull())
            const names = within(groupsList()!)
              .getAllByRole("option")
              .map((o) => o.textContent)
            expect(names).toEqual(backend.groups.map((g) => expect.stringContaining(g.name)))
            expect(editButton()).toHaveAttribute("aria-pressed", "false")
            expect(titleField()).toBeNull()
          },
          creating: async () => {
            expect(titleField()).toHaveFocus()
            expect(titleField()).not.toHaveAttribute("aria-invalid", "true")
          },
          titleRequired: async () => {
            await waitFor(() => expect(titleField()).toHaveAttribute("aria-invalid", "true"))
            expect(titleField()).toHaveAccessibleDescription("This field is required")
            expect(titleField()).toHaveFocus()
          },
          open: async () => {
            await waitFor(() => expect(pointsList()).not.toBeNull())
            const points = within(pointsList()!)
              .getAllByRole("option")
              .map((o) => o.textContent)
            expect(points).toEqual(backend.groups[0]!.points.map((p) => expect.stringContaining(p.code)))
            expect(screen.getByRole("link", { name: "Test this group" })).toHaveAttribute("href", groupTestHref(1))
          },
          openEditing: async () => {
            expect(editButton()).toHaveAttribute("aria-pressed", "true")
            const removable = screen.getAllByRole("button", { name: /^Remove .* from Headaches$/ })
            expect(removable).toHaveLength(backend.groups[0]!.points.length)
          },
          editing: async () => {
            await waitFor(() => expect(editButton()).toHaveAttribute("aria-pressed", "true"))
            expect(screen.queryByRole("alertdialog")).toBeNull()
            for (const group of backend.groups)
              expect(await screen.findByRole("button", { name: `Rename ${group.name}` })).toBeVisible()
            expect(screen.getAllByRole("button", { name: /^Delete / })).toHaveLength(backend.groups.length)
          },
          renaming: async () => {
            expect(titleField()).toHaveValue(lastGroup().name)
            expect(titleField()).toHaveFocus()
          },
          confirming: async () => {
            const dialog = await screen.findByRole("alertdialog")
            expect(dialog).toHaveAccessibleName(new RegExp(`^Delete the group “${lastGroup().name}”\\?`))
            await waitFor(() => expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveFocus())
          },
          pointPage: async () => {
            await waitFor(() => expect(window.location.pathname).toBe("/point/lu-9-taiyuan"))
            expect(await screen.findByRole("heading", { level: 1, name: /LU-9/ }, { timeout: 5000 })).toBeVisible()
          },
        },
        events: {
          "group.open": () => choose(groupsList()!, /^Headaches/),
          "point.open": () => choose(pointsList()!, /^LU-9/),
          "edit.toggle": () => press(editButton()),
          "create.start": async () => press(await screen.findByRole("button", { name: /New group/ })),
          "create.submitEmpty": async () => {
            await typeTitle("   ")
            await press(screen.getByRole("button", { name: "Create" }))
          },
          "create.submit": async () => {
            const name = `Exam week ${++created}`
            await typeTitle(`${name} `)
            await press(screen.getByRole("button", { name: "Create" }))
            await waitFor(() => expect(backend.groups.at(-1)?.name).toBe(name))
          },
          "create.cancel": () => press(screen.getByRole("button", { name: "Cancel" })),
          "point.remove": async () => {
            const last = backend.groups[0]!.points.at(-1)!
            await press(screen.getByRole("button", { name: `Remove ${last.code} from Headaches` }))
            await waitFor(() => expect(backend.groups[0]!.points.map((p) => p.code)).not.toContain(last.code))
            await screen.findByText(`${last.code} removed from “Headaches”.`)
          },
          "rename.start": () => press(screen.getByRole("button", { name: `Rename ${lastGroup().name}` })),
          "rename.submit": async () => {
            const id = lastGroup().id
            await typeTitle("Renamed")
            await press(screen.getByRole("button", { name: "Save" }))
            await waitFor(() => expect(backend.groups.find((g) => g.id === id)?.name).toBe("Renamed"))
          },
          "rename.cancel": () => press(screen.getByRole("button", { name: "Cancel" })),
          "group.delete": () => press(screen.getByRole("button", { name: `Delete ${lastGroup().name}` })),
          "delete.cancel": async () => {
            if (driver === "keyboard") await user.keyboard("{Escape}")
            else await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancel" }))
          },
          "delete.confirm": async () => {
            const count = backend.groups.length
            await press(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete" }))
            await waitFor(() => expect(backend.groups).toHaveLength(count - 1))
          },
        },
      })
    })
  }
})

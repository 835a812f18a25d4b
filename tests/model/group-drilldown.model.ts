// Model of My point groups (§4, §5): what a learner sees while opening a group, opening one of its
// points, switching edit mode on and off, removing a point, creating a group inline (an empty
// title turned back at the field), renaming one and deleting one after the question — on
// /my-point-groups, by mouse and by keyboard. Every check compares the page with the groups the
// server holds (read through the API), so it means the same against msw and the real server.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { DEFAULT_USER_SETTINGS } from "../../src/domain/account/user-settings.ts"
import { groupTestHref } from "../../src/domain/groups/group-links.ts"
import type { GroupListView, GroupView } from "../../src/domain/groups/group-views.ts"
import { API } from "../ui/support/api-data.ts"
import { lu9PageHandlers } from "../ui/support/point-page-api.ts"
import type { Matcher, Target, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Ctx {
  /** Groups created so far on this path ("Exam week 1", "Exam week 2" …). */
  created: number
}

const machine = createMachine({
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

/** The groups as the server holds them now. */
const serverGroups = async (ui: Ui): Promise<ReadonlyArray<GroupView>> => {
  const { status, body } = await ui.api.request("GET", "/api/point-group/list")
  assert.equal(status, 200)
  return (body as GroupListView).groups
}
const headaches = async (ui: Ui) => {
  const group = (await serverGroups(ui))[0]
  assert.equal(group?.name, "Headaches")
  return group
}
const lastGroup = async (ui: Ui) => {
  const group = (await serverGroups(ui)).at(-1)
  assert.ok(group, "the learner has a group")
  return group
}

const groupsList = (ui: Ui) => ui.role("listbox", { name: "My point groups" })
const pointsList = (ui: Ui) => ui.role("listbox", { name: "Headaches" })
const editButton = (ui: Ui) => ui.role("button", { name: /^(Edit|Done)$/ })
const titleField = (ui: Ui) => ui.role("textbox", { name: "Group title" })

/** The texts of a list's options begin with these names, in this order. */
const listsInOrder = async (list: Target, names: ReadonlyArray<string>) => {
  const texts = await list.role("option").texts()
  assert.equal(texts.length, names.length, `${list.description}: ${texts.join(" | ")}`)
  for (const [i, name] of names.entries())
    assert.ok(texts[i]?.includes(name), `option ${i} "${texts[i]}" names ${name}`)
}

/** An option chosen the walk's way: a click, or Tab into its list, ArrowDown to it, Enter. */
const choose = async (ui: Ui, list: Target, name: Matcher) => {
  const option = list.role("option", { name })
  if (ui.input === "mouse") return option.click()
  await tabTo(ui, list, { into: true })
  const count = await list.role("option").count()
  for (let i = 0; i < count && (await option.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowDown")
  await ui.expect(option).toBeFocused()
  await ui.keyboard.press("Enter")
}

/** The group title typed: the field reached by a click or by Tab, emptied, the text typed. */
const typeTitle = async (ui: Ui, text: string) => {
  const field = titleField(ui)
  if (ui.input === "mouse") await field.click()
  else await tabTo(ui, field)
  await field.fill(text)
}

/** The learner's groups when the path starts: Headaches with LU-9 and LU-5, Exam and Neck. */
const GROUPS = [
  { name: "Headaches", points: ["LU-9", "LU-5"] },
  { name: "Exam", points: [] },
  { name: "Neck", points: [] },
] as const

const prepare = async ({ api }: Ui) => {
  for (const { name, points } of GROUPS) {
    const created = await api.request("POST", "/api/point-group/store", { name })
    assert.equal(created.status, 200, JSON.stringify(created.body))
    const groupId = (created.body as GroupView).id
    for (const id of points) {
      const added = await api.request("POST", "/api/point-to-point-group/store", { mode: "point", id, groupId })
      assert.equal(added.status, 200, JSON.stringify(added.body))
    }
  }
}

/** msw's side: the learner's groups, kept as the real server keeps them. */
const fakeServer = () => {
  const lu9 = { code: "LU-9", pinyin: "Tàiyuān", name: "Great Abyss", slug: "lu-9-taiyuan", permission: true }
  const lu5 = { code: "LU-5", pinyin: "Chǐzé", name: "Cubit Marsh", slug: "lu-5-chize", permission: true }
  let nextId = 4
  let groups: ReadonlyArray<GroupView> = [
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
  ]
  return [
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
    http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes: [] })),
    http.get(`${API}/api/point-group/list`, () => HttpResponse.json({ groups, test_permission: true })),
    http.post(`${API}/api/point-group/store`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string }
      const group = { id: nextId++, name: name.trim(), points: [] }
      groups = [...groups, group]
      return HttpResponse.json(group)
    }),
    http.put(`${API}/api/point-group/update`, async ({ request }) => {
      const { pointGroupId, name } = (await request.json()) as { pointGroupId: number; name: string }
      groups = groups.map((g) => (g.id === pointGroupId ? { ...g, name: name.trim() } : g))
      return HttpResponse.json(groups.find((g) => g.id === pointGroupId))
    }),
    http.delete(`${API}/api/point-group/delete/:id`, ({ params }) => {
      groups = groups.filter((g) => g.id !== Number(params.id))
      return HttpResponse.json({ groups, test_permission: true })
    }),
    http.delete(`${API}/api/point-from-pointgroup/delete/:id`, ({ params }) => {
      const mapping = Number(params.id)
      groups = groups.map((g) => ({ ...g, points: g.points.filter((p) => p.mapping_id !== mapping) }))
      return HttpResponse.json(groups.find((g) => g.id === 1))
    }),
  ]
}

export default defineModel<null, Ctx>({
  id: "group-drilldown",
  title: "My point groups",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/my-point-groups",
  covers: [],
  context: () => ({ created: 0 }),
  ready: (ui) => ui.expect(groupsList(ui)).toBeVisible(),
  states: {
    listed: {
      means: "the server's groups listed in order, edit mode off, no title field",
      check: async (ui) => {
        await ui.eventually(async () =>
          listsInOrder(
            groupsList(ui),
            (await serverGroups(ui)).map((g) => g.name),
          ),
        )
        await ui.expect(editButton(ui)).toHaveAttribute("aria-pressed", "false")
        await ui.expect(titleField(ui)).toHaveCount(0)
      },
    },
    creating: {
      means: "an empty title field for the new group, focused",
      check: async (ui) => {
        await ui.expect(titleField(ui)).toBeFocused()
        await ui.expect(titleField(ui)).not.toHaveAttribute("aria-invalid", "true")
      },
    },
    titleRequired: {
      means: "the title field says it is required, and keeps focus",
      check: async (ui) => {
        await ui.expect(titleField(ui)).toHaveAttribute("aria-invalid", "true")
        await ui.expect(titleField(ui)).toHaveAccessibleDescription("This field is required")
        await ui.expect(titleField(ui)).toBeFocused()
      },
    },
    open: {
      means: "Headaches open: its points as the server holds them, and the link to test it",
      check: async (ui) => {
        await ui.expect(pointsList(ui)).toBeVisible()
        await ui.eventually(async () =>
          listsInOrder(
            pointsList(ui),
            (await headaches(ui)).points.map((p) => p.code),
          ),
        )
        const id = (await headaches(ui)).id
        await ui.expect(ui.role("link", { name: "Test this group" })).toHaveAttribute("href", groupTestHref(id))
      },
    },
    openEditing: {
      means: "Headaches in edit mode: a remove button per point",
      check: async (ui) => {
        await ui.expect(editButton(ui)).toHaveAttribute("aria-pressed", "true")
        const points = (await headaches(ui)).points.length
        await ui.expect(ui.role("button", { name: /^Remove .* from Headaches$/ })).toHaveCount(points)
      },
    },
    editing: {
      means: "the groups in edit mode: rename and delete for each, no question open",
      check: async (ui) => {
        await ui.expect(editButton(ui)).toHaveAttribute("aria-pressed", "true")
        await ui.expect(ui.role("alertdialog")).toHaveCount(0)
        const groups = await serverGroups(ui)
        for (const group of groups) await ui.expect(ui.role("button", { name: `Rename ${group.name}` })).toBeVisible()
        await ui.expect(ui.role("button", { name: /^Delete / })).toHaveCount(groups.length)
      },
    },
    renaming: {
      means: "the last group's title in the field, focused",
      check: async (ui) => {
        await ui.expect(titleField(ui)).toHaveValue((await lastGroup(ui)).name)
        await ui.expect(titleField(ui)).toBeFocused()
      },
    },
    confirming: {
      means: "the question whether to delete the last group, Delete focused",
      check: async (ui) => {
        const dialog = ui.role("alertdialog")
        const name = (await lastGroup(ui)).name
        await ui.expect(dialog).toHaveAccessibleName(new RegExp(`^Delete the group “${name}”\\?`))
        await ui.expect(dialog.role("button", { name: "Delete" })).toBeFocused()
      },
    },
    pointPage: {
      means: "LU-9's page",
      check: async (ui) => {
        await ui.eventually(async () => assert.equal((await ui.location()).pathname, "/point/lu-9-taiyuan"))
        await ui.expect(ui.role("heading", { level: 1, name: /LU-9/ })).toBeVisible()
      },
    },
  },
  events: {
    "group.open": { means: "opens Headaches", run: (ui) => choose(ui, groupsList(ui), /^Headaches/) },
    "point.open": { means: "opens LU-9 from the group", run: (ui) => choose(ui, pointsList(ui), /^LU-9/) },
    "edit.toggle": { means: "switches edit mode on or off", run: (ui) => press(ui, editButton(ui)) },
    "create.start": { means: "starts a new group", run: (ui) => press(ui, ui.role("button", { name: /New group/ })) },
    "create.submitEmpty": {
      means: "creates with a title of spaces only",
      run: async (ui) => {
        await typeTitle(ui, "   ")
        await press(ui, ui.role("button", { name: "Create" }))
      },
    },
    "create.submit": {
      means: "creates “Exam week N” (typed with a trailing space)",
      run: async (ui, ctx) => {
        const name = `Exam week ${++ctx.created}`
        await typeTitle(ui, `${name} `)
        await press(ui, ui.role("button", { name: "Create" }))
        await ui.eventually(async () => assert.equal((await lastGroup(ui)).name, name))
      },
    },
    "create.cancel": { means: "cancels the new group", run: (ui) => press(ui, ui.role("button", { name: "Cancel" })) },
    "point.remove": {
      means: "removes Headaches' last point (the server drops it, a toast says so)",
      run: async (ui) => {
        const last = (await headaches(ui)).points.at(-1)
        assert.ok(last, "Headaches has a point to remove")
        await press(ui, ui.role("button", { name: `Remove ${last.code} from Headaches` }))
        await ui.eventually(async () =>
          assert.ok(!(await headaches(ui)).points.some((p) => p.code === last.code), "the point is gone"),
        )
        await ui.expect(ui.text(`${last.code} removed from “Headaches”.`)).toBeVisible()
      },
    },
    "rename.start": {
      means: "starts renaming the last group",
      run: async (ui) => press(ui, ui.role("button", { name: `Rename ${(await lastGroup(ui)).name}` })),
    },
    "rename.submit": {
      means: "renames it “Renamed”",
      run: async (ui) => {
        const id = (await lastGroup(ui)).id
        await typeTitle(ui, "Renamed")
        await press(ui, ui.role("button", { name: "Save" }))
        await ui.eventually(async () =>
          assert.equal((await serverGroups(ui)).find((g) => g.id === id)?.name, "Renamed"),
        )
      },
    },
    "rename.cancel": { means: "cancels renaming", run: (ui) => press(ui, ui.role("button", { name: "Cancel" })) },
    "group.delete": {
      means: "asks to delete the last group",
      run: async (ui) => press(ui, ui.role("button", { name: `Delete ${(await lastGroup(ui)).name}` })),
    },
    "delete.cancel": {
      means: "answers no (Cancel, or Escape)",
      mouse: (ui) => ui.role("alertdialog").role("button", { name: "Cancel" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
    "delete.confirm": {
      means: "answers Delete (the server drops the group)",
      run: async (ui) => {
        const count = (await serverGroups(ui)).length
        await press(ui, ui.role("alertdialog").role("button", { name: "Delete" }))
        await ui.eventually(async () => assert.equal((await serverGroups(ui)).length, count - 1))
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: fakeServer },
  browser: { facts: null, user: "pro", prepare },
})

// Every transition of the point-groups column: loading and retry, opening and closing a group,
// the edit/done toggle, creating and renaming with the title Schema and the server's 422 (the
// typed title kept), deleting after a confirmation, removing a point, and opening a point (a
// locked one opens the upgrade modal).
import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import { groupTestHref } from "../../../src/domain/groups/group-links.ts"
import { GROUP_TITLE_MAX_LENGTH } from "../../../src/domain/groups/group-rules.ts"
import type { GroupListView, GroupView } from "../../../src/domain/groups/group-views.ts"
import { Offline, ServerError, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { groupsMachine, groupTestLocked } from "../../../src/machines/groups/groups-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const point = (mapping_id: number, code: string, permission = true) => ({
  mapping_id,
  code,
  pinyin: code.toLowerCase(),
  name: `${code} name`,
  slug: `${code.toLowerCase()}-slug`,
  permission,
})
const headaches: GroupView = { id: 1, name: "Headaches", points: [point(11, "LU-9"), point(12, "ST-36", false)] }
const exam: GroupView = { id: 2, name: "Exam", points: [] }

const start = () => {
  const listGroups = pendingActor<GroupListView, void>()
  const createGroup = pendingActor<GroupView, { readonly name: string }>()
  const renameGroup = pendingActor<GroupView, { readonly pointGroupId: number; readonly name: string }>()
  const deleteGroup = pendingActor<GroupListView, { readonly id: number }>()
  const removePoint = pendingActor<GroupView, { readonly mappingId: number }>()
  const openUpgrade = vi.fn()
  const openPage = vi.fn()
  const notify = vi.fn()
  const actor = createActor(
    groupsMachine.provide({
      actors: {
        listGroups: listGroups.logic,
        createGroup: createGroup.logic,
        renameGroup: renameGroup.logic,
        deleteGroup: deleteGroup.logic,
        removePoint: removePoint.logic,
      },
      actions: {
        openUpgrade,
        openPage: (_, params) => openPage(params),
        notify: (_, params) => notify(params),
      },
    }),
  )
  actor.start()
  return { actor, listGroups, createGroup, renameGroup, deleteGroup, removePoint, openUpgrade, openPage, notify }
}

const idle = (started: ReturnType<typeof start>) => waitFor(started.actor, (s) => s.matches({ ready: "idle" }))

const startReady = async () => {
  const started = start()
  started.listGroups.resolve({ groups: [headaches, exam], test_permission: true })
  await idle(started)
  return started
}

describe("groups machine", () => {
  it("loads the groups, and after a failure offers a retry", async () => {
    const started = start()
    expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
    started.listGroups.reject(new Offline())
    await waitFor(started.actor, (s) => s.matches("failed"))
    expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    started.actor.send({ type: "groups.retry" })
    expect(started.actor.getSnapshot().matches("loading")).toBe(true)
    expect(started.actor.getSnapshot().context.error).toBeNull()
    started.listGroups.resolve({ groups: [exam], test_permission: true })
    await idle(started)
    expect(started.actor.getSnapshot().context.groups).toEqual([exam])
  })

  it("opens a known group, ignores an unknown one, closes it", async () => {
    const { actor } = await startReady()
    actor.send({ type: "group.open", id: 99 })
    expect(actor.getSnapshot().context.open).toBeNull()
    actor.send({ type: "group.open", id: 1 })
    expect(actor.getSnapshot().context.open).toBe(1)
    actor.send({ type: "group.open", id: 2 })
    expect(actor.getSnapshot().context.open).toBe(2)
    actor.send({ type: "group.close" })
    expect(actor.getSnapshot().context.open).toBeNull()
  })

  it("toggles edit mode, which drops a pending confirmation or rename", async () => {
    const { actor } = await startReady()
    actor.send({ type: "edit.toggle" })
    expect(actor.getSnapshot().context.editing).toBe(true)
    actor.send({ type: "group.delete", id: 1 })
    actor.send({ type: "rename.start", id: 2 })
    actor.send({ type: "edit.toggle" })
    expect(actor.getSnapshot().context).toMatchObject({ editing: false, confirming: null, rename: null })
  })

  it("creates a group: the Schema turns back an empty or too long title and keeps it", async () => {
    const started = await startReady()
    const { actor } = started
    actor.send({ type: "create.start" })
    expect(actor.getSnapshot().context.creating).toBe(true)
    actor.send({ type: "create.change", name: "   " })
    actor.send({ type: "create.submit" })
    expect(actor.getSnapshot().context).toMatchObject({
      draft: "   ",
      fieldErrors: { name: "validation.required" },
      rejected: 1,
    })
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
    actor.send({ type: "create.change", name: "x".repeat(GROUP_TITLE_MAX_LENGTH + 1) })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    actor.send({ type: "create.submit" })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: "validation.tooLong" })
    actor.send({ type: "create.change", name: "  Neck  " })
    actor.send({ type: "create.submit" })
    expect(actor.getSnapshot().matches({ ready: "creating" })).toBe(true)
    // Sent as it is stored: trimmed (the Schema's decoded value).
    expect(started.createGroup.inputs).toEqual([{ name: "Neck" }])
    started.createGroup.resolve({ id: 3, name: "Neck", points: [] })
    await idle(started)
    expect(actor.getSnapshot().context).toMatchObject({ creating: false, draft: "" })
    expect(actor.getSnapshot().context.groups.map((g) => g.name)).toEqual(["Headaches", "Exam", "Neck"])
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.created", values: { group: "Neck" } })
  })

  it("keeps the typed title and shows the server's 422 at the field; other failures at the form", async () => {
    const started = await startReady()
    const { actor } = started
    actor.send({ type: "create.start" })
    actor.send({ type: "create.change", name: "Neck" })
    actor.send({ type: "create.submit" })
    started.createGroup.reject(new ValidationFailed({ message: "Check", errors: { name: "validation.groupLimit" } }))
    await idle(started)
    expect(actor.getSnapshot().context).toMatchObject({
      draft: "Neck",
      creating: true,
      fieldErrors: { name: "validation.groupLimit" },
    })
    actor.send({ type: "create.submit" })
    started.createGroup.reject(new ServerError({ message: "boom", correlationId: "c" }))
    await idle(started)
    expect(actor.getSnapshot().context).toMatchObject({ draft: "Neck", error: "errors.generic" })
    actor.send({ type: "create.cancel" })
    expect(actor.getSnapshot().context).toMatchObject({ creating: false, draft: "" })
  })

  it("renames a group in place, checked like a new one", async () => {
    const started = await startReady()
    const { actor } = started
    actor.send({ type: "rename.start", id: 99 })
    expect(actor.getSnapshot().context.rename).toBeNull()
    actor.send({ type: "rename.start", id: 2 })
    expect(actor.getSnapshot().context.rename).toEqual({ id: 2, name: "Exam" })
    actor.send({ type: "rename.change", name: "" })
    actor.send({ type: "rename.submit" })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: "validation.required" })
    actor.send({ type: "rename.change", name: "Exam week " })
    actor.send({ type: "rename.submit" })
    expect(started.renameGroup.inputs).toEqual([{ pointGroupId: 2, name: "Exam week" }])
    started.renameGroup.resolve({ ...exam, name: "Exam week" })
    await idle(started)
    expect(actor.getSnapshot().context.rename).toBeNull()
    expect(actor.getSnapshot().context.groups[1]?.name).toBe("Exam week")
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.renamed", values: { group: "Exam week" } })
    actor.send({ type: "rename.start", id: 1 })
    actor.send({ type: "rename.cancel" })
    expect(actor.getSnapshot().context.rename).toBeNull()
  })

  it("deletes a group only after a yes", async () => {
    const started = await startReady()
    const { actor } = started
    actor.send({ type: "group.open", id: 1 })
    actor.send({ type: "delete.confirm" })
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
    actor.send({ type: "group.delete", id: 1 })
    expect(actor.getSnapshot().context.confirming).toBe(1)
    actor.send({ type: "delete.cancel" })
    expect(actor.getSnapshot().context.confirming).toBeNull()
    actor.send({ type: "group.delete", id: 1 })
    actor.send({ type: "delete.confirm" })
    expect(started.deleteGroup.inputs).toEqual([{ id: 1 }])
    started.deleteGroup.resolve({ groups: [exam], test_permission: true })
    await idle(started)
    expect(actor.getSnapshot().context).toMatchObject({ groups: [exam], open: null, confirming: null })
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.deleted", values: { group: "Headaches" } })
  })

  it("reports a failed deletion and keeps the group", async () => {
    const started = await startReady()
    started.actor.send({ type: "group.delete", id: 2 })
    started.actor.send({ type: "delete.confirm" })
    started.deleteGroup.reject(new Offline())
    await idle(started)
    expect(started.actor.getSnapshot().context).toMatchObject({ error: "errors.offline", confirming: null })
    expect(started.actor.getSnapshot().context.groups).toHaveLength(2)
  })

  it("removes a point of the open group, and says so", async () => {
    const started = await startReady()
    const { actor } = started
    actor.send({ type: "group.open", id: 1 })
    actor.send({ type: "point.remove", mappingId: 999 })
    expect(actor.getSnapshot().matches({ ready: "idle" })).toBe(true)
    actor.send({ type: "point.remove", mappingId: 11 })
    expect(started.removePoint.inputs).toEqual([{ mappingId: 11 }])
    started.removePoint.resolve({ ...headaches, points: [point(12, "ST-36", false)] })
    await idle(started)
    expect(actor.getSnapshot().context.groups[0]?.points.map((p) => p.code)).toEqual(["ST-36"])
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.removed", values: { point: "LU-9", group: "Headaches" } })
    actor.send({ type: "point.remove", mappingId: 12 })
    started.removePoint.reject(new Offline())
    await idle(started)
    expect(actor.getSnapshot().context.error).toBe("errors.offline")
  })

  it("opens an open point's page, and the upgrade modal for a locked one", async () => {
    const started = await startReady()
    started.actor.send({ type: "group.open", id: 1 })
    started.actor.send({ type: "point.open", mappingId: 11 })
    expect(started.openPage).toHaveBeenCalledWith({ href: "/point/lu-9-slug" })
    started.actor.send({ type: "point.open", mappingId: 12 })
    expect(started.openUpgrade).toHaveBeenCalledTimes(1)
    expect(started.openPage).toHaveBeenCalledTimes(1)
    started.actor.send({ type: "point.open", mappingId: 999 })
    expect(started.openPage).toHaveBeenCalledTimes(1)
  })

  describe("an open group's test (§6: point-group tests carry a permission flag)", () => {
    const ready = async (testPermission: boolean) => {
      const started = start()
      started.listGroups.resolve({ groups: [headaches, exam], test_permission: testPermission })
      await idle(started)
      return started
    }

    it("goes to the group's test when the plan includes it", async () => {
      const started = await ready(true)
      expect(groupTestLocked(started.actor.getSnapshot())).toBe(false)
      started.actor.send({ type: "group.open", id: 2 })
      started.actor.send({ type: "group.test" })
      expect(started.openPage).toHaveBeenCalledWith({ href: groupTestHref(2) })
      expect(started.openUpgrade).not.toHaveBeenCalled()
    })

    it("opens the upgrade modal instead when the plan does not include it", async () => {
      const started = await ready(false)
      expect(groupTestLocked(started.actor.getSnapshot())).toBe(true)
      started.actor.send({ type: "group.open", id: 1 })
      started.actor.send({ type: "group.test" })
      expect(started.openUpgrade).toHaveBeenCalledTimes(1)
      expect(started.openPage).not.toHaveBeenCalled()
    })

    it("does nothing while no group is open", async () => {
      for (const permission of [true, false]) {
        const started = await ready(permission)
        expect(started.actor.getSnapshot().can({ type: "group.test" })).toBe(false)
        started.actor.send({ type: "group.test" })
        expect(started.openUpgrade).not.toHaveBeenCalled()
        expect(started.openPage).not.toHaveBeenCalled()
      }
    })

    it("follows the flag of the list a deletion answers with", async () => {
      const started = await ready(true)
      started.actor.send({ type: "group.delete", id: 2 })
      started.actor.send({ type: "delete.confirm" })
      started.deleteGroup.resolve({ groups: [headaches], test_permission: false })
      await idle(started)
      expect(groupTestLocked(started.actor.getSnapshot())).toBe(true)
    })
  })
})

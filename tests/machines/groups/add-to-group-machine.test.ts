// Every transition of "add to group": open (list the groups; retry after a failure), choose a
// group or create one (the title Schema and the server's 422, the typed title kept), the toast
// saying where the points went (or that they were there already), a Pro point refused (upgrade
// modal), another failure shown in the dialog, and closing.
import { describe, expect, it, vi } from "vitest"
import { createActor, waitFor } from "xstate"
import type { AddMode } from "../../../src/domain/groups/group-rules.ts"
import type { AddedView, GroupListView, GroupView } from "../../../src/domain/groups/group-views.ts"
import { Offline, ProRequired, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { addToGroupMachine } from "../../../src/machines/groups/add-to-group-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const exam: GroupView = { id: 2, name: "Exam", points: [] }

const start = (mode: "point" | "channel" = "point", id = "LU-9") => {
  const listGroups = pendingActor<GroupListView, void>()
  const createGroup = pendingActor<GroupView, { readonly name: string }>()
  const addToGroup = pendingActor<
    AddedView,
    { readonly mode: AddMode; readonly id: string; readonly groupId: number }
  >()
  const openUpgrade = vi.fn()
  const notify = vi.fn()
  const actor = createActor(
    addToGroupMachine.provide({
      actors: { listGroups: listGroups.logic, createGroup: createGroup.logic, addToGroup: addToGroup.logic },
      actions: { openUpgrade, notify: (_, params) => notify(params) },
    }),
    { input: { mode, id } },
  )
  actor.start()
  return { actor, listGroups, createGroup, addToGroup, openUpgrade, notify }
}

const opened = async (mode: "point" | "channel" = "point", id = "LU-9") => {
  const started = start(mode, id)
  started.actor.send({ type: "dialog.open" })
  started.listGroups.resolve({ groups: [exam], test_permission: true })
  await waitFor(started.actor, (s) => s.matches({ open: "choosing" }))
  return started
}

describe("add-to-group machine", () => {
  it("stays closed until opened, lists the groups, retries after a failure", async () => {
    const started = start()
    started.actor.send({ type: "group.choose", id: 2 })
    expect(started.actor.getSnapshot().matches("closed")).toBe(true)
    started.actor.send({ type: "dialog.open" })
    expect(started.actor.getSnapshot().hasTag("busy")).toBe(true)
    started.listGroups.reject(new Offline())
    await waitFor(started.actor, (s) => s.matches({ open: "failed" }))
    expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    started.actor.send({ type: "groups.retry" })
    started.listGroups.resolve({ groups: [exam], test_permission: true })
    await waitFor(started.actor, (s) => s.matches({ open: "choosing" }))
    expect(started.actor.getSnapshot().context.groups).toEqual([exam])
  })

  it("adds to a chosen group and says where it went; an unknown group is ignored", async () => {
    const started = await opened("channel", "LI")
    started.actor.send({ type: "group.choose", id: 99 })
    expect(started.actor.getSnapshot().matches({ open: "choosing" })).toBe(true)
    started.actor.send({ type: "group.choose", id: 2 })
    expect(started.addToGroup.inputs).toEqual([{ mode: "channel", id: "LI", groupId: 2 }])
    started.addToGroup.resolve({ group: exam, added: 20 })
    await waitFor(started.actor, (s) => s.matches("closed"))
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.added", values: { group: "Exam", count: 20 } })
  })

  it("says so when everything was in the group already", async () => {
    const started = await opened()
    started.actor.send({ type: "group.choose", id: 2 })
    started.addToGroup.resolve({ group: exam, added: 0 })
    await waitFor(started.actor, (s) => s.matches("closed"))
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.alreadyThere", values: { group: "Exam", count: 0 } })
  })

  it("creates a new group, then adds to it; a bad title stays typed with its message", async () => {
    const started = await opened()
    started.actor.send({ type: "create.change", name: " " })
    started.actor.send({ type: "create.submit" })
    expect(started.actor.getSnapshot().context).toMatchObject({
      fieldErrors: { name: "validation.required" },
      draft: " ",
    })
    started.actor.send({ type: "create.change", name: "Wrist " })
    started.actor.send({ type: "create.submit" })
    // Sent trimmed, as it is stored.
    expect(started.createGroup.inputs).toEqual([{ name: "Wrist" }])
    started.createGroup.reject(new ValidationFailed({ message: "Check", errors: { name: "validation.groupLimit" } }))
    await waitFor(started.actor, (s) => s.matches({ open: "choosing" }))
    expect(started.actor.getSnapshot().context).toMatchObject({
      fieldErrors: { name: "validation.groupLimit" },
      draft: "Wrist ",
      rejected: 2,
    })
    started.actor.send({ type: "create.submit" })
    started.createGroup.resolve({ id: 5, name: "Wrist", points: [] })
    await waitFor(started.actor, (s) => s.matches({ open: "adding" }))
    expect(started.addToGroup.inputs).toEqual([{ mode: "point", id: "LU-9", groupId: 5 }])
    started.addToGroup.resolve({ group: { id: 5, name: "Wrist", points: [] }, added: 1 })
    await waitFor(started.actor, (s) => s.matches("closed"))
    expect(started.notify).toHaveBeenCalledWith({ key: "toast.added", values: { group: "Wrist", count: 1 } })
  })

  it("a failed new group is reported in the dialog", async () => {
    const started = await opened()
    started.actor.send({ type: "create.change", name: "Wrist" })
    started.actor.send({ type: "create.submit" })
    started.createGroup.reject(new Offline())
    await waitFor(started.actor, (s) => s.matches({ open: "choosing" }))
    expect(started.actor.getSnapshot().context).toMatchObject({ error: "errors.offline", draft: "Wrist" })
  })

  it("opens the upgrade modal when a Pro point is refused", async () => {
    const started = await opened()
    started.actor.send({ type: "group.choose", id: 2 })
    started.addToGroup.reject(new ProRequired({ message: "Pro" }))
    await waitFor(started.actor, (s) => s.matches("closed"))
    expect(started.openUpgrade).toHaveBeenCalledTimes(1)
    expect(started.notify).not.toHaveBeenCalled()
  })

  it("keeps the dialog open with a message after another failure, and closes on request", async () => {
    const started = await opened()
    started.actor.send({ type: "group.choose", id: 2 })
    started.addToGroup.reject(new Offline())
    await waitFor(started.actor, (s) => s.matches({ open: "choosing" }))
    expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    started.actor.send({ type: "create.change", name: "typed" })
    started.actor.send({ type: "dialog.close" })
    expect(started.actor.getSnapshot().matches("closed")).toBe(true)
    expect(started.actor.getSnapshot().context.draft).toBe("")
  })
})

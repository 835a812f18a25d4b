// /my-notes' flow: loaded (newest first as sent), empty, failed and reloaded; the filter by point,
// name or words of the text, kept across a reload.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { NoteList, NoteListItem } from "../../../src/domain/notes/note.ts"
import { ServerError } from "../../../src/domain/shared/errors.ts"
import { notesListMachine } from "../../../src/machines/notes/notes-list-machine.ts"
import { controlledActor, flush } from "../search/controlled-actor.ts"

const item = (point: string, name: string, text: string): NoteListItem => ({
  point,
  name,
  text,
  pinyin: "",
  slug: point.toLowerCase(),
  version: 1,
  updatedAt: "2026-01-01T00:00:00.000Z",
  permission: true,
})
const NOTES = [item("LU-1", "Central Treasury", "Chest"), item("LU-9", "Great Abyss", "Press at the Wrist")]

const start = () => {
  const loadNotes = controlledActor<NoteList, void>()
  const actor = createActor(notesListMachine.provide({ actors: { loadNotes: loadNotes.logic } }))
  actor.start()
  return { actor, loadNotes, context: () => actor.getSnapshot().context, value: () => actor.getSnapshot().value }
}

describe("notes list machine", () => {
  it("lists the notes as the server sends them", async () => {
    const s = start()
    expect(s.value()).toBe("loading")
    s.loadNotes.last().resolve({ notes: NOTES })
    await flush()
    expect(s.value()).toBe("loaded")
    expect(s.context().shown.map((n) => n.point)).toEqual(["LU-1", "LU-9"])
  })

  it("filters by words of the text, the point or its name, ignoring case", async () => {
    const s = start()
    s.loadNotes.last().resolve({ notes: NOTES })
    await flush()
    for (const [filter, points] of [
      ["wrist", ["LU-9"]],
      ["lu-1", ["LU-1"]],
      ["great press", ["LU-9"]],
      ["nothing", []],
      ["  ", ["LU-1", "LU-9"]],
    ] as const) {
      s.actor.send({ type: "filter.change", filter })
      expect(s.context().shown.map((n) => n.point)).toEqual(points)
    }
  })

  it("is empty without notes", async () => {
    const s = start()
    s.loadNotes.last().resolve({ notes: [] })
    await flush()
    expect(s.value()).toBe("empty")
  })

  it("fails inline and loads again, keeping the filter", async () => {
    const s = start()
    s.actor.send({ type: "filter.change", filter: "chest" })
    s.loadNotes.last().reject(new ServerError({ message: "x", correlationId: "c" }))
    await flush()
    expect(s.value()).toBe("failed")
    expect(s.context().error).toBe("errors.generic")
    s.actor.send({ type: "notes.reload" })
    s.loadNotes.last().resolve({ notes: NOTES })
    await flush()
    expect(s.context().shown.map((n) => n.point)).toEqual(["LU-1"])
  })
})

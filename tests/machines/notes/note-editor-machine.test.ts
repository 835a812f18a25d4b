// The note editor, every transition: loading (hidden by the setting, a note, a draft kept from
// before a reload), the debounce on the machine's clock (cut short when the page is left), saving
// with typing going on, saved, failed (422 at the field, 403, 500, timeout) and retry, offline until
// the browser is back online, a conflict that waits for the learner's choice (keep mine, take
// theirs, keep both), and switching the setting on and off.
import { describe, expect, it } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import {
  NOTE_MERGE_SEPARATOR,
  NOTE_MESSAGES,
  NOTE_SAVE_DEBOUNCE_MS,
  type Note,
  NoteConflict,
  type NoteDraft,
  type SavedNote,
  type SavePointNotePayload,
} from "../../../src/domain/notes/note.ts"
import {
  Offline,
  ProRequired,
  RequestTimeout,
  ServerError,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { type NoteLoad, noteEditorMachine } from "../../../src/machines/notes/note-editor-machine.ts"
import { controlledActor, flush } from "../search/controlled-actor.ts"

const note = (text: string, version: number): Note => ({
  point: "LU-9",
  text,
  version,
  updatedAt: "2026-01-01T00:00:00.000Z",
})

const start = () => {
  const loadNote = controlledActor<NoteLoad, { readonly point: string }>()
  const saveNote = controlledActor<SavedNote, SavePointNotePayload>()
  const saveShowNotes = controlledActor<void, { readonly showNotes: boolean }>()
  const drafts = new Map<string, NoteDraft>()
  const toasts: Array<"settingSaved"> = []
  const clock = new SimulatedClock()
  const actor = createActor(
    noteEditorMachine.provide({
      actors: { loadNote: loadNote.logic, saveNote: saveNote.logic, saveShowNotes: saveShowNotes.logic },
      actions: {
        keepDraft: (_, { point, draft }) => void drafts.set(point, draft),
        clearDraft: (_, { point }) => void drafts.delete(point),
        announceSettingSaved: () => void toasts.push("settingSaved"),
      },
    }),
    { input: { point: "LU-9" }, clock },
  )
  actor.start()
  const value = () => actor.getSnapshot().value
  const context = () => actor.getSnapshot().context
  const type = (text: string) => actor.send({ type: "note.change", text })
  const loaded = async (load: Partial<NoteLoad> = {}) => {
    loadNote.last().resolve({ showNotes: true, note: null, draft: null, ...load })
    await flush()
  }
  return { actor, loadNote, saveNote, saveShowNotes, drafts, toasts, clock, value, context, type, loaded }
}

/** Typed, debounced and sent. */
const typedAndSent = async (text = "Pulse") => {
  const s = start()
  await s.loaded()
  s.type(text)
  s.clock.increment(NOTE_SAVE_DEBOUNCE_MS)
  return s
}

describe("note editor machine", () => {
  it("loads the point's note and shows it", async () => {
    const s = start()
    expect(s.value()).toBe("loading")
    expect(s.loadNote.last().input).toEqual({ point: "LU-9" })
    await s.loaded({ note: note("stored", 4) })
    expect(s.value()).toEqual({ visible: "idle" })
    expect(s.context()).toMatchObject({ text: "stored", version: 4 })
  })

  it("stays hidden when the setting is off", async () => {
    const s = start()
    await s.loaded({ showNotes: false, note: note("stored", 4) })
    expect(s.value()).toBe("hidden")
  })

  it("restores text kept from before a reload and saves it over the version it was typed on", async () => {
    const s = start()
    s.drafts.set("LU-9", { text: "typed offline", version: 4 })
    await s.loaded({ note: note("stored", 4), draft: { text: "typed offline", version: 4 } })
    expect(s.value()).toEqual({ visible: "editing" })
    expect(s.context().text).toBe("typed offline")
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS)
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "typed offline", version: 4 })
  })

  it("forgets a kept text the server already has", async () => {
    const s = start()
    s.drafts.set("LU-9", { text: "same", version: 4 })
    await s.loaded({ note: note("same", 4), draft: { text: "same", version: 4 } })
    expect(s.value()).toEqual({ visible: "idle" })
    expect(s.drafts.has("LU-9")).toBe(false)
  })

  it("says when loading fails and tries again", async () => {
    const s = start()
    s.loadNote.last().reject(new ServerError({ message: "x", correlationId: "c" }))
    await flush()
    expect(s.value()).toBe("loadFailed")
    expect(s.context().error).toBe("errors.generic")
    s.actor.send({ type: "note.retry" })
    expect(s.value()).toBe("loading")
    expect(s.loadNote.calls).toHaveLength(2)
  })

  it(`saves ${NOTE_SAVE_DEBOUNCE_MS} ms after the last keystroke, keeping the text on the device until then`, async () => {
    const s = start()
    await s.loaded()
    s.type("P")
    expect(s.value()).toEqual({ visible: "editing" })
    expect(s.drafts.get("LU-9")).toEqual({ text: "P", version: null })
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS - 100)
    s.type("Pulse")
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS - 1)
    expect(s.saveNote.calls).toHaveLength(0)
    s.clock.increment(1)
    expect(s.value()).toEqual({ visible: "saving" })
    expect(s.actor.getSnapshot().hasTag("pending")).toBe(true)
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "Pulse", version: null })
    s.saveNote.last().resolve({ note: note("Pulse", 7) })
    await flush()
    expect(s.value()).toEqual({ visible: "saved" })
    expect(s.context().version).toBe(7)
    expect(s.drafts.has("LU-9")).toBe(false)
  })

  it("leaving the page while the debounce waits saves at once; otherwise leaving sends nothing more", async () => {
    const s = start()
    s.actor.send({ type: "note.flush" })
    expect(s.value()).toBe("loading")
    await s.loaded({ note: note("old", 1) })
    s.actor.send({ type: "note.flush" })
    expect(s.value()).toEqual({ visible: "idle" })
    s.type("old, and new")
    s.actor.send({ type: "note.flush" })
    expect(s.value()).toEqual({ visible: "saving" })
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "old, and new", version: 1 })
    s.actor.send({ type: "note.flush" })
    expect(s.saveNote.calls.length).toBe(1)
  })

  it("keeps typing during a save and saves it after, over the new version", async () => {
    const s = await typedAndSent("Pulse")
    s.type("Pulse point")
    expect(s.drafts.get("LU-9")?.text).toBe("Pulse point")
    s.saveNote.last().resolve({ note: note("Pulse", 7) })
    await flush()
    expect(s.value()).toEqual({ visible: "editing" })
    expect(s.drafts.get("LU-9")).toEqual({ text: "Pulse point", version: 7 })
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS)
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "Pulse point", version: 7 })
  })

  it("an emptied note is deleted: the next save is a first one", async () => {
    const s = await typedAndSent("")
    s.saveNote.last().resolve({ note: null })
    await flush()
    expect(s.value()).toEqual({ visible: "saved" })
    expect(s.context().version).toBeNull()
  })

  it("shows a note over the limit at the field and keeps the text", async () => {
    const s = await typedAndSent("long")
    s.saveNote.last().reject(new ValidationFailed({ message: "m", errors: { text: NOTE_MESSAGES.tooLong } }))
    await flush()
    expect(s.value()).toEqual({ visible: "failed" })
    expect(s.context()).toMatchObject({ error: NOTE_MESSAGES.tooLong, text: "long" })
    expect(s.drafts.get("LU-9")?.text).toBe("long")
    s.type("lon")
    expect(s.value()).toEqual({ visible: "editing" })
    expect(s.context().error).toBeNull()
  })

  it.each([
    ["a server error", new ServerError({ message: "x", correlationId: "c" }), "errors.generic"],
    ["a timeout", new RequestTimeout(), "errors.timeout"],
    ["a Pro point", new ProRequired({ message: "Pro" }), "errors.generic"],
  ])("fails on %s, keeps the text and retries on demand or when back online", async (_, error, key) => {
    const s = await typedAndSent("kept")
    s.saveNote.last().reject(error)
    await flush()
    expect(s.value()).toEqual({ visible: "failed" })
    expect(s.context().error).toBe(key)
    expect(s.drafts.get("LU-9")?.text).toBe("kept")
    s.actor.send({ type: "note.retry" })
    expect(s.value()).toEqual({ visible: "saving" })
    s.saveNote.last().reject(error)
    await flush()
    s.actor.send({ type: "connection.online" })
    expect(s.saveNote.calls).toHaveLength(3)
  })

  it("offline: keeps typing on the device and saves when the browser is back online", async () => {
    const s = await typedAndSent("train")
    s.saveNote.last().reject(new Offline())
    await flush()
    expect(s.value()).toEqual({ visible: "offline" })
    s.type("train ride")
    expect(s.value()).toEqual({ visible: "offline" })
    expect(s.drafts.get("LU-9")?.text).toBe("train ride")
    expect(s.saveNote.calls).toHaveLength(1)
    s.actor.send({ type: "connection.online" })
    expect(s.saveNote.last().input.text).toBe("train ride")
    s.saveNote.last().resolve({ note: note("train ride", 2) })
    await flush()
    expect(s.value()).toEqual({ visible: "saved" })
  })

  it("offline: the retry button tries at once", async () => {
    const s = await typedAndSent("x")
    s.saveNote.last().reject(new Offline())
    await flush()
    s.actor.send({ type: "note.retry" })
    expect(s.value()).toEqual({ visible: "saving" })
  })

  /** Typed "mine" over version 1, and the server holds another note meanwhile. */
  const inConflict = async (stored: Note | null = note("theirs", 9)) => {
    const s = start()
    await s.loaded({ note: note("old", 1) })
    s.type("mine")
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS)
    s.saveNote.last().reject(new NoteConflict({ message: "changed", stored }))
    await flush()
    return s
  }

  it("a conflict merges nothing: the learner's text stays, kept over the version it was typed on, until they choose", async () => {
    const s = await inConflict()
    expect(s.value()).toEqual({ visible: "conflict" })
    expect(s.actor.getSnapshot().hasTag("conflict")).toBe(true)
    expect(s.context()).toMatchObject({ text: "mine", version: 1, stored: note("theirs", 9) })
    expect(s.drafts.get("LU-9")).toEqual({ text: "mine", version: 1 })
    // Nothing else leaves the choice: no typing over it, no retry, no second save.
    for (const event of [
      { type: "note.change", text: "x" },
      { type: "note.retry" },
      { type: "connection.online" },
    ] as const)
      expect(s.actor.getSnapshot().can(event)).toBe(false)
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS * 2)
    expect(s.saveNote.calls.length).toBe(1)
  })

  it("keep mine: saves the learner's text over the stored version", async () => {
    const s = await inConflict()
    s.actor.send({ type: "conflict.keepMine" })
    expect(s.value()).toEqual({ visible: "saving" })
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "mine", version: 9 })
    s.saveNote.last().resolve({ note: note("mine", 10) })
    await flush()
    expect(s.value()).toEqual({ visible: "saved" })
    expect(s.context()).toMatchObject({ version: 10, stored: null })
    expect(s.drafts.has("LU-9")).toBe(false)
  })

  it("keep mine over a deleted note saves it as a first note", async () => {
    const s = await inConflict(null)
    s.actor.send({ type: "conflict.keepMine" })
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "mine", version: null })
  })

  it("take theirs: the field shows the stored note, nothing is saved and the kept text is forgotten", async () => {
    const s = await inConflict()
    s.actor.send({ type: "conflict.takeTheirs" })
    expect(s.value()).toEqual({ visible: "idle" })
    expect(s.context()).toMatchObject({ text: "theirs", version: 9, stored: null })
    expect(s.drafts.has("LU-9")).toBe(false)
    expect(s.saveNote.calls.length).toBe(1)
    s.type("theirs!")
    s.clock.increment(NOTE_SAVE_DEBOUNCE_MS)
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: "theirs!", version: 9 })
  })

  it("take theirs when it was deleted empties the field as a note not yet written", async () => {
    const s = await inConflict(null)
    s.actor.send({ type: "conflict.takeTheirs" })
    expect(s.context()).toMatchObject({ text: "", version: null })
  })

  it("keep both: joins the stored text and the learner's, the stored one first, and saves them over the stored version", async () => {
    const s = await inConflict()
    s.actor.send({ type: "conflict.keepBoth" })
    expect(s.value()).toEqual({ visible: "saving" })
    expect(s.context().text).toBe(`theirs${NOTE_MERGE_SEPARATOR}mine`)
    expect(s.saveNote.last().input).toEqual({ point: "LU-9", text: `theirs${NOTE_MERGE_SEPARATOR}mine`, version: 9 })
  })

  it("a conflict again while saving the choice asks again", async () => {
    const s = await inConflict()
    s.actor.send({ type: "conflict.keepMine" })
    s.saveNote.last().reject(new NoteConflict({ message: "changed", stored: note("third", 11) }))
    await flush()
    expect(s.value()).toEqual({ visible: "conflict" })
    expect(s.context()).toMatchObject({ text: "mine", stored: note("third", 11) })
  })

  it("switches the setting on: saves it, says so with the settings toast and loads the note", async () => {
    const s = start()
    await s.loaded({ showNotes: false })
    s.actor.send({ type: "notes.show" })
    expect(s.value()).toBe("showing")
    expect(s.saveShowNotes.last().input).toEqual({ showNotes: true })
    expect(s.toasts).toEqual([])
    s.saveShowNotes.last().resolve()
    await flush()
    expect(s.toasts).toEqual(["settingSaved"])
    expect(s.value()).toBe("loading")
    await s.loaded({ note: note("stored", 1) })
    expect(s.value()).toEqual({ visible: "idle" })
  })

  it("a failed switch stays hidden and says so", async () => {
    const s = start()
    await s.loaded({ showNotes: false })
    s.actor.send({ type: "notes.show" })
    s.saveShowNotes.last().reject(new Offline())
    await flush()
    expect(s.value()).toBe("hidden")
    expect(s.context().settingError).toBe("errors.offline")
    expect(s.toasts).toEqual([])
  })

  it("switches the setting off; a failure returns to where the note was; success says so with the settings toast", async () => {
    const s = await typedAndSent("x")
    s.saveNote.last().resolve({ note: note("x", 1) })
    await flush()
    s.actor.send({ type: "notes.hide" })
    expect(s.value()).toBe("hiding")
    expect(s.saveShowNotes.last().input).toEqual({ showNotes: false })
    s.saveShowNotes.last().reject(new ServerError({ message: "x", correlationId: "c" }))
    await flush()
    expect(s.value()).toEqual({ visible: "saved" })
    expect(s.context().settingError).toBe("errors.generic")
    expect(s.toasts).toEqual([])
    s.actor.send({ type: "notes.hide" })
    s.saveShowNotes.last().resolve()
    await flush()
    expect(s.value()).toBe("hidden")
    expect(s.toasts).toEqual(["settingSaved"])
  })
})

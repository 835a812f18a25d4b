// Model of the note on a point page (§4): what a signed-in learner sees while switching notes on
// and off, typing (saved as they type), typing while the device is offline (kept on the device,
// saved when back online) and typing after another tab changed the note (a dialog asks: keep mine,
// take theirs or keep both) — on LU-9's page, by mouse and by keyboard. The checks compare the page with the note and the setting
// the server holds (read through the API), and with what local storage keeps.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { DEFAULT_USER_SETTINGS, type UserSettings } from "../../src/domain/account/user-settings.ts"
import {
  NOTE_MERGE_SEPARATOR,
  type NoteDraft,
  type NoteListItem,
  noteDraftKey,
  type SavePointNotePayload,
} from "../../src/domain/notes/note.ts"
import { UNSAVED_WORK_PREFIX } from "../../src/domain/shared/unsaved-work.ts"
import { API, signedInUser } from "../ui/support/api-data.ts"
import { lu9PageHandlers } from "../ui/support/point-page-api.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Facts {
  /** Where the draft of LU-9's note is kept: msw's user is known; the real one is found by the pattern. */
  readonly draftKey: string | null
}

interface Ctx {
  readonly facts: Facts
  /** Words typed so far (" word1", " word2" …). */
  words: number
}

const machine = createMachine({
  id: "note",
  initial: "hidden",
  states: {
    hidden: { on: { "notes.show": "shown" } },
    shown: { on: { "note.type": "saved", "notes.hide": "hidden" } },
    saved: {
      on: {
        "note.type": "saved",
        "note.typeOffline": "offline",
        "note.typeAfterOtherTab": "conflict",
        "notes.hide": "hidden",
      },
    },
    offline: { on: { "network.back": "saved" } },
    conflict: {
      on: { "conflict.keepMine": "saved", "conflict.takeTheirs": "shown", "conflict.keepBoth": "saved" },
    },
  },
})

const notesSwitch = (ui: Ui) => ui.role("switch", { name: "Show my notes on point pages" })
const noteField = (ui: Ui) => ui.role("textbox", { name: "Your note on LU-9" })

/** The note on LU-9 as the server holds it (null: none). */
const storedNote = async (ui: Ui) => {
  const { status, body } = await ui.api.request("GET", "/api/get-all-notes")
  assert.equal(status, 200)
  return (body as { notes: ReadonlyArray<NoteListItem> }).notes.find((n) => n.point === "LU-9") ?? null
}
const showNotesSetting = async (ui: Ui) =>
  ((await ui.api.request("GET", "/api/user-settings")).body as UserSettings).showNotes

/** What local storage keeps of LU-9's note for the signed-in user (never a guest's key). */
const draft = async (ui: Ui, { facts }: Ctx) => {
  if (facts.draftKey) return ui.storage.get(facts.draftKey)
  const pattern = new RegExp(`^${UNSAVED_WORK_PREFIX.replace(/\./g, "\\.")}note\\.\\d+\\.LU-9$`)
  const keys = (await ui.storage.keys()).filter((k) => pattern.test(k))
  assert.ok(keys.length <= 1, `one draft at most: ${keys.join(", ")}`)
  return keys[0] ? ui.storage.get(keys[0]) : null
}

const flip = async (ui: Ui) => {
  if (ui.input === "mouse") return notesSwitch(ui).click()
  await tabTo(ui, notesSwitch(ui))
  await ui.keyboard.press("Space")
}

/** A word typed at the end of the note: the field reached by a click or by Tab. */
const type = async (ui: Ui, ctx: Ctx) => {
  const field = noteField(ui)
  if (ui.input === "mouse") await field.click()
  else await tabTo(ui, field)
  await ui.keyboard.press("Control+End")
  await ui.keyboard.type(` word${++ctx.words}`)
}

/** msw's side: the setting and the stored note with its version, as the real server keeps them. */
const fakeServer = () => {
  const UPDATED = "2026-01-03T00:00:00.000Z"
  let showNotes = false
  let note: { text: string; version: number } | null = null
  let versions = 0
  const stored = () => (note ? { point: "LU-9", ...note, updatedAt: UPDATED } : null)
  return [
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes })),
    http.post(`${API}/api/user-settings`, async ({ request }) => {
      showNotes = ((await request.json()) as { showNotes: boolean }).showNotes
      return HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes })
    }),
    http.get(`${API}/api/get-all-notes`, () => {
      const current = stored()
      return HttpResponse.json({
        notes: current
          ? [{ ...current, slug: "lu-9-taiyuan", pinyin: "Tàiyuān", name: "Great Abyss", permission: true }]
          : [],
      })
    }),
    http.post(`${API}/api/save-point-notes`, async ({ request }) => {
      const body = (await request.json()) as SavePointNotePayload
      if ((note?.version ?? null) !== body.version)
        return HttpResponse.json({ _tag: "NoteConflict", message: "changed", stored: stored() }, { status: 409 })
      note = body.text.trim() === "" ? null : { text: body.text, version: ++versions }
      return HttpResponse.json({ note: stored() })
    }),
  ]
}

export default defineModel<Facts, Ctx>({
  id: "note-editor",
  title: "The note on a point page",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/point/lu-9-taiyuan",
  covers: [],
  context: (facts) => ({ facts, words: 0 }),
  ready: (ui) => ui.expect(notesSwitch(ui)).toBeEnabled(),
  states: {
    hidden: {
      means: "the notes switch off, no note field, the setting off on the server",
      check: async (ui) => {
        await ui.expect(notesSwitch(ui)).not.toBeChecked()
        await ui.expect(noteField(ui)).toHaveCount(0)
        await ui.eventually(async () => assert.equal(await showNotesSetting(ui), false))
      },
    },
    shown: {
      means: "the switch on and the note field with the server's note",
      check: async (ui) => {
        await ui.expect(noteField(ui)).toBeVisible()
        await ui.expect(notesSwitch(ui)).toBeChecked()
        await ui.expect(noteField(ui)).toHaveValue((await storedNote(ui))?.text ?? "")
      },
    },
    saved: {
      means: "“Saved”: the server holds what the field shows, nothing waits on the device",
      check: async (ui, ctx) => {
        await ui.expect(ui.text("Saved")).toBeVisible()
        await ui.eventually(async () => assert.equal(await noteField(ui).value(), (await storedNote(ui))?.text))
        assert.equal(await draft(ui, ctx), null)
      },
    },
    offline: {
      means: "the note is kept on this device while offline; the server has not got it",
      check: async (ui, ctx) => {
        await ui.expect(ui.text(/You are offline\. Your note is kept on this device/)).toBeVisible()
        const typed = await noteField(ui).value()
        await ui.eventually(async () => {
          const kept = await draft(ui, ctx)
          assert.equal(kept === null ? null : (JSON.parse(kept) as NoteDraft).text, typed)
        })
        assert.notEqual((await storedNote(ui))?.text, typed)
      },
    },
    conflict: {
      means: "the note changed in another tab: a dialog asks which to keep; only mine is kept on the device",
      check: async (ui, ctx) => {
        await ui
          .expect(ui.role("alertdialog", { name: "This note was changed in another tab or device" }))
          .toBeVisible()
        // The page behind the dialog is hidden from the accessibility tree; what is kept is read instead.
        const kept = await draft(ui, ctx)
        assert.ok(kept !== null, "the typed text is kept on the device")
        const text = (JSON.parse(kept) as NoteDraft).text
        assert.match(text, / word\d+$/)
        // Nothing joined unasked: the other tab's text is not put in front of mine.
        assert.ok(!text.startsWith(`from the other tab${NOTE_MERGE_SEPARATOR}`), text)
      },
    },
  },
  events: {
    "notes.show": { means: "switches notes on", run: flip },
    "notes.hide": { means: "switches notes off", run: flip },
    "note.type": { means: "types a word at the end of the note", run: type },
    "note.typeOffline": {
      means: "the device goes offline, then types a word",
      run: async (ui, ctx) => {
        await ui.network.offline()
        await type(ui, ctx)
      },
    },
    "network.back": { means: "the device is back online", run: (ui) => ui.network.online() },
    "note.typeAfterOtherTab": {
      means: "another tab saves the note, then this one types a word",
      run: async (ui, ctx) => {
        const version = (await storedNote(ui))?.version ?? null
        const saved = await ui.api.request("POST", "/api/save-point-notes", {
          point: "LU-9",
          text: "from the other tab",
          version,
        })
        assert.equal(saved.status, 200)
        await type(ui, ctx)
      },
    },
    "conflict.keepMine": {
      means: "keeps this tab's text over the other one",
      run: (ui) => press(ui, ui.role("button", { name: "Keep mine" })),
    },
    "conflict.takeTheirs": {
      means: "takes the other tab's text",
      run: (ui) => press(ui, ui.role("button", { name: "Take theirs" })),
    },
    "conflict.keepBoth": {
      means: "keeps both texts, the other tab's first",
      run: async (ui) => {
        await press(ui, ui.role("button", { name: "Keep both" }))
        // The other tab's text first, then mine (once only when mine already holds it).
        await ui.expect(noteField(ui)).toHaveValue(/^from the other tab[\s\S]* word\d+$/)
      },
    },
  },
  jsdom: { facts: { draftKey: noteDraftKey(signedInUser.id, "LU-9") }, signedIn: true, handlers: fakeServer },
  browser: { facts: { draftKey: null }, user: "standard" },
})

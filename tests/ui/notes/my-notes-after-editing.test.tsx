// /my-notes right after the note editor, in the app (no reload): leaving the point page while the
// save waits for the debounce saves at once, a save on its way is not cancelled, and the list is
// read once they are stored, so it shows what was just typed.
import { screen } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_USER_SETTINGS } from "../../../src/domain/account/user-settings.ts"
import { NOTE_SAVE_DEBOUNCE_MS, type NoteListItem, type SavePointNotePayload } from "../../../src/domain/notes/note.ts"
import { LU9_STORED_NOTE, lu9PageHandlers } from "../support/point-page-api.ts"
import { API, renderApp, server } from "../support/render-app.tsx"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The server's side: LU-9's note as stored, changed by saves that take `saveMs` to answer. */
const notesServer = (saveMs: number) => {
  let note: NoteListItem = LU9_STORED_NOTE
  server.use(
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes: true })),
    http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes: [note] })),
    http.post(`${API}/api/save-point-notes`, async ({ request }) => {
      const body = (await request.json()) as SavePointNotePayload
      await delay(saveMs)
      note = { ...note, text: body.text, version: note.version + 1 }
      const { slug: _slug, pinyin: _pinyin, name: _name, permission: _permission, ...stored } = note
      return HttpResponse.json({ note: stored })
    }),
  )
}

/** Types on LU-9's page, then follows "All my notes" after `pauseMs` (none: before the debounce ends). */
const typeAndLeave = async (pauseMs = 0) => {
  const user = userEvent.setup()
  await renderApp("/point/lu-9-taiyuan", { signedIn: true })
  const field = await screen.findByRole("textbox", { name: "Your note on LU-9" }, { timeout: 5000 })
  await user.type(field, " of the lung")
  if (pauseMs > 0) await delay(pauseMs)
  await user.click(screen.getByRole("link", { name: "All my notes" }))
  await screen.findByRole("heading", { level: 1, name: "My notes" }, { timeout: 5000 })
  await screen.findByText("1 note, newest first.", {}, { timeout: 5000 })
}

describe("/my-notes after writing a note", () => {
  it("shows what was typed when the point page was left before the debounce ended", async () => {
    notesServer(0)
    await typeAndLeave()
    expect(screen.getByText("Pulse point of the lung")).toBeInTheDocument()
  })

  it("waits for a save still on its way instead of showing the old text", async () => {
    notesServer(600)
    // Past the debounce: the save has started and is still on its way when the page is left.
    await typeAndLeave(NOTE_SAVE_DEBOUNCE_MS + 100)
    expect(screen.getByText("Pulse point of the lung")).toBeInTheDocument()
  })
})

// A save that meets a note changed in another tab or device: an alert dialog names the conflict and
// shows the other text, the field keeps the learner's own text alone (nothing merged unasked), and
// each choice — keep mine, take theirs, keep both — does what it says, by keyboard, with focus back
// in the field afterwards.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_USER_SETTINGS } from "../../../src/domain/account/user-settings.ts"
import {
  NOTE_MERGE_SEPARATOR,
  type Note,
  noteDraftKey,
  type SavePointNotePayload,
} from "../../../src/domain/notes/note.ts"
import { LU9_STORED_NOTE, lu9PageHandlers } from "../support/point-page-api.ts"
import { API, renderApp, server, signedInUser } from "../support/render-app.tsx"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const UPDATED = "2026-01-03T00:00:00.000Z"
const stored = LU9_STORED_NOTE
const theirs: Note = { point: "LU-9", text: "From the other tab", version: 5, updatedAt: UPDATED }

/** LU-9 whose note another tab changed to `theirs`: a save over version 3 conflicts, over 5 is stored. */
const conflictingServer = () => {
  const bodies: Array<SavePointNotePayload> = []
  server.use(
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes: true })),
    http.get(`${API}/api/get-all-notes`, () => HttpResponse.json({ notes: [stored] })),
    http.post(`${API}/api/save-point-notes`, async ({ request }) => {
      const body = (await request.json()) as SavePointNotePayload
      bodies.push(body)
      if (body.version !== theirs.version)
        return HttpResponse.json({ _tag: "NoteConflict", message: "changed", stored: theirs }, { status: 409 })
      return HttpResponse.json({ note: { point: "LU-9", text: body.text, version: 6, updatedAt: UPDATED } })
    }),
  )
  return bodies
}

/** Types "!" into LU-9's note and waits for the conflict's dialog. */
const meetConflict = async () => {
  const bodies = conflictingServer()
  const user = userEvent.setup()
  await renderApp("/point/lu-9-taiyuan", { signedIn: true })
  const field = await screen.findByRole("textbox", { name: "Your note on LU-9" }, { timeout: 5000 })
  await user.type(field, "!")
  const dialog = await screen.findByRole(
    "alertdialog",
    { name: "This note was changed in another tab or device" },
    { timeout: 3000 },
  )
  return { bodies, user, field: field as HTMLTextAreaElement, dialog }
}

describe("a note changed in another tab", () => {
  it("asks which text to keep, shows the other one and merges nothing", async () => {
    const { bodies, field, dialog } = await meetConflict()
    expect(within(dialog).getByText("From the other tab")).toBeInTheDocument()
    expect(within(dialog).getByRole("button", { name: "Keep mine" })).toHaveFocus()
    expect(field.value).toBe("Pulse point!")
    expect(field.value).not.toContain(NOTE_MERGE_SEPARATOR.trim())
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toContain("Pulse point!")
    expect(bodies).toHaveLength(1)
  })

  it("keep mine (Enter): saves the learner's text over the other one", async () => {
    const { bodies, user, field } = await meetConflict()
    await user.keyboard("{Enter}")
    await waitFor(() => expect(screen.getByText("Saved")).toBeInTheDocument(), { timeout: 3000 })
    expect(screen.queryByRole("alertdialog")).toBeNull()
    expect(bodies.at(-1)).toEqual({ point: "LU-9", text: "Pulse point!", version: 5 })
    expect(field.value).toBe("Pulse point!")
    await waitFor(() => expect(field).toHaveFocus())
  })

  it("take theirs (Tab, Enter): the field shows the other text and nothing is saved", async () => {
    const { bodies, user, field } = await meetConflict()
    await user.tab()
    expect(screen.getByRole("button", { name: "Take theirs" })).toHaveFocus()
    await user.keyboard("{Enter}")
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
    expect(field.value).toBe("From the other tab")
    // React Aria gives focus back a frame after the dialog has gone
    await waitFor(() => expect(field).toHaveFocus())
    expect(bodies).toHaveLength(1)
    expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toBeNull()
  })

  it("keep both (Tab, Tab, Space): joins the other text and the learner's and saves them", async () => {
    const { bodies, user, field } = await meetConflict()
    await user.tab()
    await user.tab()
    expect(screen.getByRole("button", { name: "Keep both" })).toHaveFocus()
    await user.keyboard(" ")
    await waitFor(() => expect(screen.getByText("Saved")).toBeInTheDocument(), { timeout: 3000 })
    const both = `From the other tab${NOTE_MERGE_SEPARATOR}Pulse point!`
    expect(field.value).toBe(both)
    expect(bodies.at(-1)).toEqual({ point: "LU-9", text: both, version: 5 })
  })
})

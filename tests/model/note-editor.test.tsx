// Model-based test of the note on a point page (xstate/graph): what a signed-in learner sees while
// switching notes on and off, typing (saved as they type), typing while the network is down (kept
// on the device, saved when back online) and typing after another tab changed the note (both texts
// kept), walked through the real app against an msw server that keeps versions like ours — once by
// mouse, once by keyboard. The chosen paths take every transition of the model.
import { act, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { DEFAULT_USER_SETTINGS } from "../../src/domain/account/user-settings.ts"
import { NOTE_MERGE_SEPARATOR, noteDraftKey, type SavePointNotePayload } from "../../src/domain/notes/note.ts"
import { lu9PageHandlers } from "../ui/support/point-page-api.ts"
import { API, renderApp, server, signedInUser } from "../ui/support/render-app.tsx"
import { coveringPaths } from "./support/covering-paths.ts"

/** What the learner sees of the note. */
const noteModel = createMachine({
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
    conflict: { on: { "conflict.saveBoth": "saved" } },
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const UPDATED = "2026-01-03T00:00:00.000Z"

/** The server's side: the setting, the stored note with its version, and whether the network is up. */
const fakeServer = () => {
  const state = {
    showNotes: false,
    note: null as { text: string; version: number } | null,
    versions: 0,
    network: true,
  }
  const stored = () => (state.note ? { point: "LU-9", ...state.note, updatedAt: UPDATED } : null)
  server.use(
    ...lu9PageHandlers(),
    http.get(`${API}/api/user-settings`, () =>
      HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes: state.showNotes }),
    ),
    http.post(`${API}/api/user-settings`, async ({ request }) => {
      state.showNotes = ((await request.json()) as { showNotes: boolean }).showNotes
      return HttpResponse.json({ ...DEFAULT_USER_SETTINGS, showNotes: state.showNotes })
    }),
    http.get(`${API}/api/get-all-notes`, () => {
      const note = stored()
      return HttpResponse.json({
        notes: note
          ? [{ ...note, slug: "lu-9-taiyuan", pinyin: "Tàiyuān", name: "Great Abyss", permission: true }]
          : [],
      })
    }),
    http.post(`${API}/api/save-point-notes`, async ({ request }) => {
      if (!state.network) return HttpResponse.error()
      const body = (await request.json()) as SavePointNotePayload
      if ((state.note?.version ?? null) !== body.version)
        return HttpResponse.json({ _tag: "NoteConflict", message: "changed", stored: stored() }, { status: 409 })
      state.note = body.text.trim() === "" ? null : { text: body.text, version: ++state.versions }
      return HttpResponse.json({ note: stored() })
    }),
  )
  return state
}

type User = ReturnType<typeof userEvent.setup>

/** The keyboard walks with Tab (at most 40 stops) until the element has focus. */
const tabTo = async (user: User, target: HTMLElement) => {
  for (let i = 0; i < 40 && document.activeElement !== target; i++) await user.tab()
  expect(target).toHaveFocus()
}

const notesSwitch = () => screen.getByRole("switch", { name: "Show my notes on point pages" })
const noteField = () => screen.queryByRole("textbox", { name: "Your note on LU-9" }) as HTMLTextAreaElement | null
const saved = () => waitFor(() => expect(screen.getByText("Saved")).toBeInTheDocument(), { timeout: 4000 })

describe.each(["mouse", "keyboard"] as const)("the note on a point page (model-based, by %s)", (driver) => {
  const { chosen, covered, wanted, reached } = coveringPaths(noteModel)

  it("walks every state and every transition of the model", () => {
    expect([...covered].sort()).toEqual([...wanted].sort())
    expect([...reached].sort()).toEqual(Object.keys(noteModel.config.states ?? {}).sort())
  })

  for (const path of chosen) {
    it(path.description, { timeout: 30_000 }, async () => {
      const backend = fakeServer()
      const user = userEvent.setup()
      await renderApp("/point/lu-9-taiyuan", { signedIn: true })
      await waitFor(() => expect(notesSwitch()).not.toBeDisabled(), { timeout: 5000 })
      let words = 0
      const flip = async () => {
        const target = notesSwitch()
        if (driver === "mouse") await user.click(target)
        else {
          await tabTo(user, target)
          await user.keyboard(" ")
        }
      }
      const type = async () => {
        const field = noteField()!
        const word = ` word${++words}`
        if (driver === "mouse") await user.click(field)
        else await tabTo(user, field)
        await user.keyboard("{Control>}{End}{/Control}")
        await user.keyboard(word)
      }

      await path.test({
        states: {
          hidden: async () => {
            await waitFor(() => expect(notesSwitch()).not.toBeChecked())
            expect(noteField()).toBeNull()
            expect(backend.showNotes).toBe(false)
          },
          shown: async () => {
            await waitFor(() => expect(noteField()).not.toBeNull(), { timeout: 4000 })
            expect(notesSwitch()).toBeChecked()
            expect(noteField()).toHaveValue(backend.note?.text ?? "")
          },
          saved: async () => {
            await saved()
            expect(noteField()?.value).toBe(backend.note?.text)
            expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toBeNull()
          },
          offline: async () => {
            expect(
              await screen.findByText(/You are offline\. Your note is kept on this device/, {}, { timeout: 4000 }),
            ).toBeVisible()
            expect(localStorage.getItem(noteDraftKey(signedInUser.id, "LU-9"))).toContain(noteField()?.value ?? "—")
            expect(backend.note?.text).not.toBe(noteField()?.value)
          },
          conflict: async () => {
            expect(await screen.findByText(/changed in another tab/, {}, { timeout: 4000 })).toBeVisible()
            expect(noteField()?.value).toMatch(
              new RegExp(`^from the other tab${NOTE_MERGE_SEPARATOR.replace(/\n/g, "\\n")}[\\s\\S]* word\\d+$`),
            )
          },
        },
        events: {
          "notes.show": flip,
          "notes.hide": flip,
          "note.type": type,
          "note.typeOffline": async () => {
            backend.network = false
            await type()
          },
          "network.back": async () => {
            backend.network = true
            act(() => void window.dispatchEvent(new Event("online")))
          },
          "note.typeAfterOtherTab": async () => {
            backend.note = { text: "from the other tab", version: ++backend.versions }
            await type()
          },
          "conflict.saveBoth": async () => {
            const button = screen.getByRole("button", { name: "Save both texts" })
            if (driver === "mouse") await user.click(button)
            else {
              await tabTo(user, button)
              await user.keyboard("{Enter}")
            }
          },
        },
      })
    })
  }
})

// Notes: the point page's note editor (the note and the show-notes setting through the shared api
// actor, so the error catalogue of §8 applies; the unsaved text kept in the Storage service) and
// /my-notes. Saving tells the user itself in the field (offline, timeout, conflict, a note over
// the limit), so only an ended session, an unknown point and a server error reach the catalogue;
// loading, only an ended session and a server error (the page around the note stays put). A save
// outlives its page, and /my-notes reads the notes once the saves on their way are stored.
import { Effect, Option, Schema } from "effect"
import { type NoteDraft, NoteDraft as NoteDraftSchema, noteDraftKey } from "../domain/notes/note.ts"
import type { ApiFailure } from "../domain/shared/failures.ts"
import type { Writer } from "../domain/shared/unsaved-work.ts"
import { Storage } from "../infra/storage.ts"
import { noteEditorMachine } from "../machines/notes/note-editor-machine.ts"
import { notesListMachine } from "../machines/notes/notes-list-machine.ts"
import { announceSettingsSaved } from "./shared/settings-saved.ts"
import type { Wiring } from "./shared/wiring.ts"

const decodeDraft = Schema.decodeUnknownOption(Schema.fromJsonString(NoteDraftSchema))

/** The text this writer kept on this device for a point, or null (nothing kept, or unreadable). */
const readDraft = (writer: Writer, point: string) =>
  Effect.flatMap(Storage, (storage) => storage.get(noteDraftKey(writer, point))).pipe(
    Effect.map((raw) => (raw === undefined ? null : Option.getOrNull(decodeDraft(raw)))),
  )

/** Saves on their way, some from a page already left: the notes are read once they are stored. */
const savesInFlight = () => {
  const calls = new Set<Promise<unknown>>()
  return {
    add: (call: Promise<unknown>) => {
      calls.add(call)
      const done = () => void calls.delete(call)
      call.then(done, done)
    },
    settled: Effect.promise(() => Promise.allSettled([...calls])),
  }
}

const CATALOGUE_ON_LOAD: ReadonlySet<ApiFailure["_tag"]> = new Set(["Unauthorized", "ServerError"])
const CATALOGUE_ON_SAVE: ReadonlySet<ApiFailure["_tag"]> = new Set(["Unauthorized", "NotFound", "ServerError"])

/** `writer` tells whose text it is: the signed-in user's id, read when the text is kept or read. */
export const wireNotes = (w: Wiring, writer: () => Writer) => {
  const { apiActor } = w
  const saves = savesInFlight()
  return {
    machines: {
      notes: {
        editor: noteEditorMachine.provide({
          actors: {
            loadNote: apiActor(
              (client, { point }: { readonly point: string }) =>
                Effect.all({
                  showNotes: Effect.map(client.settings.get(), (settings) => settings.showNotes),
                  note: Effect.map(client.notes.all({ query: { point } }), ({ notes }) => {
                    const found = notes[0]
                    return found
                      ? { point: found.point, text: found.text, version: found.version, updatedAt: found.updatedAt }
                      : null
                  }),
                  draft: Effect.sync(() => w.read(readDraft(writer(), point))),
                }),
              // The note says in its place when it cannot load; the point page around it stays as it is.
              { catalogue: (failure) => CATALOGUE_ON_LOAD.has(failure._tag) },
            ),
            // Leaving the page mid-save (or mid-debounce, which saves at once) does not cancel it.
            saveNote: apiActor((client, payload) => client.notes.save({ payload }), {
              catalogue: (failure) => CATALOGUE_ON_SAVE.has(failure._tag),
              outlivesState: saves.add,
            }),
            saveShowNotes: apiActor((client, { showNotes }: { readonly showNotes: boolean }) =>
              Effect.asVoid(client.settings.save({ payload: { showNotes } })),
            ),
          },
          actions: {
            announceSettingSaved: announceSettingsSaved(w),
            keepDraft: (_, { point, draft }: { readonly point: string; readonly draft: NoteDraft }) =>
              w.act(Effect.flatMap(Storage, (s) => s.set(noteDraftKey(writer(), point), JSON.stringify(draft)))),
            clearDraft: (_, { point }: { readonly point: string }) =>
              w.act(Effect.flatMap(Storage, (s) => s.remove(noteDraftKey(writer(), point)))),
          },
        }),
        list: notesListMachine.provide({
          // After any save still on its way, so the list shows what was just typed.
          actors: {
            loadNotes: apiActor((client) => Effect.andThen(saves.settled, client.notes.all({ query: {} }))),
          },
        }),
      },
    },
  }
}

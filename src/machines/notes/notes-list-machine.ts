// /my-notes: the learner's notes with their points, newest first (as the server sends them), and a
// text filter applied on the page. Loading fails inline with a retry.
import { assign, fromPromise, setup } from "xstate"
import { filterNotes, type NoteList, type NoteListItem } from "../../domain/notes/note.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"

export interface NotesListContext {
  readonly notes: ReadonlyArray<NoteListItem>
  readonly filter: string
  /** The notes the filter lets through. */
  readonly shown: ReadonlyArray<NoteListItem>
  readonly error: string | null
}

export type NotesListEvent =
  | { readonly type: "filter.change"; readonly filter: string }
  | { readonly type: "notes.reload" }

export const notesListMachine = setup({
  types: { context: {} as NotesListContext, events: {} as NotesListEvent },
  actors: {
    loadNotes: fromPromise<NoteList, void>(() => Promise.reject(new Error("loadNotes actor not provided"))),
  },
}).createMachine({
  id: "notesList",
  context: { notes: [], filter: "", shown: [], error: null },
  initial: "loading",
  on: {
    "filter.change": {
      actions: assign(({ context, event }) => ({
        filter: event.filter,
        shown: filterNotes(context.notes, event.filter),
      })),
    },
  },
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadNotes",
        onDone: [
          {
            guard: ({ event }) => event.output.notes.length === 0,
            target: "empty",
            actions: assign({ notes: [], shown: [], error: null }),
          },
          {
            target: "loaded",
            actions: assign(({ context, event }) => ({
              notes: event.output.notes,
              shown: filterNotes(event.output.notes, context.filter),
              error: null,
            })),
          },
        ],
        onError: { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
      },
    },
    loaded: { on: { "notes.reload": "loading" } },
    empty: { on: { "notes.reload": "loading" } },
    failed: { on: { "notes.reload": "loading" } },
  },
})

// The note field on a point page (§7 notes, the show-notes setting of §3/§4): loads the learner's
// setting, the point's note and any text kept on this device; saves NOTE_SAVE_DEBOUNCE_MS after the
// last keystroke, over the version it was typed on. Typed text is never lost: it is kept in local
// storage until the server confirms, saved again when the browser is back online. A save that meets
// a newer note (another tab or device) waits for the learner's choice: keep theirs, keep mine over
// it, or keep both texts joined; nothing is merged unasked. The setting can be switched on and off here.
import { assign, fromPromise, setup } from "xstate"
import {
  mergeNotes,
  NOTE_SAVE_DEBOUNCE_MS,
  type Note,
  type NoteDraft,
  type SavedNote,
  type SavePointNotePayload,
} from "../../domain/notes/note.ts"
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/failures.ts"

/** What the page needs to show the note: the setting, the stored note and this device's unsaved text. */
export interface NoteLoad {
  readonly showNotes: boolean
  readonly note: Note | null
  readonly draft: NoteDraft | null
}

export interface NoteEditorContext {
  readonly point: string
  /** The text in the field. */
  readonly text: string
  /** The stored note's version as last known; null when there is none. */
  readonly version: number | null
  /** The text in flight while saving. */
  readonly sending: string | null
  /** The message key of the last failure (a field message for 422), or null. */
  readonly error: string | null
  /** The message key of a failed switch of the setting, or null. */
  readonly settingError: string | null
  /** In a conflict: the note stored meanwhile (null when it was deleted). */
  readonly stored: Note | null
}

export type NoteEditorEvent =
  | { readonly type: "note.change"; readonly text: string }
  | { readonly type: "note.retry" }
  | { readonly type: "notes.show" }
  | { readonly type: "notes.hide" }
  | { readonly type: "connection.online" }
  /** The page is being left: what waits for the debounce is saved now. */
  | { readonly type: "note.flush" }
  | { readonly type: "conflict.keepMine" }
  | { readonly type: "conflict.takeTheirs" }
  | { readonly type: "conflict.keepBoth" }

const draftOf = (context: NoteEditorContext): { readonly point: string; readonly draft: NoteDraft } => ({
  point: context.point,
  draft: { text: context.text, version: context.version },
})

export const noteEditorMachine = setup({
  types: {
    context: {} as NoteEditorContext,
    events: {} as NoteEditorEvent,
    input: {} as { readonly point: string },
  },
  actors: {
    loadNote: fromPromise<NoteLoad, { readonly point: string }>(() =>
      Promise.reject(new Error("loadNote actor not provided")),
    ),
    saveNote: fromPromise<SavedNote, SavePointNotePayload>(() =>
      Promise.reject(new Error("saveNote actor not provided")),
    ),
    saveShowNotes: fromPromise<void, { readonly showNotes: boolean }>(() =>
      Promise.reject(new Error("saveShowNotes actor not provided")),
    ),
  },
  actions: {
    /** Provided: keep the text on this device until the server confirms it. */
    keepDraft: (_, _params: { readonly point: string; readonly draft: NoteDraft }) => {},
    /** Provided: the same success toast as the settings page, once the switch's setting is saved. */
    announceSettingSaved: () => {},
    /** Provided: forget the kept text (the server has it). */
    clearDraft: (_, _params: { readonly point: string }) => {},
    setText: assign({
      text: ({ context, event }) => (event.type === "note.change" ? event.text : context.text),
      error: null,
    }),
  },
  delays: { debounce: NOTE_SAVE_DEBOUNCE_MS },
  guards: {
    isHidden: (_, load: NoteLoad) => !load.showNotes,
    hasUnsavedDraft: (_, load: NoteLoad) => load.draft !== null && load.draft.text !== (load.note?.text ?? ""),
    /** The field still holds what was sent: nothing typed since. */
    sentIsCurrent: ({ context }) => context.sending === context.text,
    isOffline: (_, { error }: { readonly error: unknown }) => failureOf(error)?._tag === "Offline",
    isConflict: (_, { error }: { readonly error: unknown }) => failureOf(error)?._tag === "NoteConflict",
  },
}).createMachine({
  id: "noteEditor",
  context: ({ input }) => ({
    point: input.point,
    text: "",
    version: null,
    sending: null,
    error: null,
    settingError: null,
    stored: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadNote",
        input: ({ context }) => ({ point: context.point }),
        onDone: [
          { guard: { type: "isHidden", params: ({ event }) => event.output }, target: "hidden" },
          {
            // Text typed before a reload (or while offline) that the server never confirmed: saved
            // now, over the version it was typed on, so a note changed meanwhile becomes a conflict.
            guard: { type: "hasUnsavedDraft", params: ({ event }) => event.output },
            target: "visible.editing",
            actions: assign(({ event }) => ({
              text: event.output.draft?.text ?? "",
              version: event.output.draft?.version ?? null,
            })),
          },
          {
            target: "visible.idle",
            actions: [
              assign(({ event }) => ({
                text: event.output.note?.text ?? "",
                version: event.output.note?.version ?? null,
              })),
              { type: "clearDraft", params: ({ context }) => ({ point: context.point }) },
            ],
          },
        ],
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { on: { "note.retry": { target: "loading", actions: assign({ error: null }) } } },
    hidden: {
      on: { "notes.show": { target: "showing", actions: assign({ settingError: null }) } },
    },
    showing: {
      tags: ["busy", "switching"],
      invoke: {
        src: "saveShowNotes",
        input: { showNotes: true },
        onDone: { target: "loading", actions: "announceSettingSaved" },
        onError: { target: "hidden", actions: assign(({ event }) => ({ settingError: formErrorKey(event.error) })) },
      },
    },
    hiding: {
      tags: ["switching"],
      invoke: {
        src: "saveShowNotes",
        input: { showNotes: false },
        onDone: { target: "hidden", actions: "announceSettingSaved" },
        onError: {
          target: "visible.history",
          actions: assign(({ event }) => ({ settingError: formErrorKey(event.error) })),
        },
      },
    },
    visible: {
      on: { "notes.hide": { target: "hiding", actions: assign({ settingError: null }) } },
      initial: "idle",
      states: {
        history: { type: "history" },
        idle: {
          on: { "note.change": { target: "editing", actions: "setText" } },
        },
        editing: {
          tags: ["pending"],
          entry: { type: "keepDraft", params: ({ context }) => draftOf(context) },
          after: { debounce: "saving" },
          on: {
            "note.change": { target: "editing", reenter: true, actions: "setText" },
            "note.flush": "saving",
          },
        },
        saving: {
          tags: ["pending", "busy"],
          entry: assign(({ context }) => ({ sending: context.text, error: null })),
          on: {
            // Typing goes on while the request runs; it is kept and saved after it.
            "note.change": {
              actions: ["setText", { type: "keepDraft", params: ({ context }) => draftOf(context) }],
            },
          },
          invoke: {
            src: "saveNote",
            input: ({ context }) => ({ point: context.point, text: context.text, version: context.version }),
            onDone: [
              {
                guard: "sentIsCurrent",
                target: "saved",
                actions: [
                  assign(({ event }) => ({ version: event.output.note?.version ?? null, sending: null })),
                  { type: "clearDraft", params: ({ context }) => ({ point: context.point }) },
                ],
              },
              {
                target: "editing",
                actions: assign(({ event }) => ({ version: event.output.note?.version ?? null, sending: null })),
              },
            ],
            onError: [
              {
                guard: { type: "isOffline", params: ({ event }) => ({ error: event.error }) },
                target: "offline",
                actions: assign({ sending: null }),
              },
              {
                guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) },
                target: "conflict",
                actions: assign(({ event }) => {
                  const failure = failureOf(event.error)
                  return { stored: failure?._tag === "NoteConflict" ? failure.stored : null, sending: null }
                }),
              },
              {
                target: "failed",
                actions: assign(({ event }) => ({
                  sending: null,
                  error: failureFieldErrors(event.error).text ?? formErrorKey(event.error),
                })),
              },
            ],
          },
        },
        saved: {
          on: { "note.change": { target: "editing", actions: "setText" } },
        },
        failed: {
          on: {
            "note.change": { target: "editing", actions: "setText" },
            "note.retry": "saving",
            "connection.online": "saving",
          },
        },
        offline: {
          on: {
            "note.change": {
              actions: ["setText", { type: "keepDraft", params: ({ context }) => draftOf(context) }],
            },
            "note.retry": "saving",
            "connection.online": "saving",
          },
        },
        conflict: {
          // The learner's text stays in the field and on this device (over the version it was typed
          // on, so a reload asks again) until they choose.
          tags: ["conflict"],
          entry: { type: "keepDraft", params: ({ context }) => draftOf(context) },
          on: {
            "conflict.keepMine": {
              target: "saving",
              actions: assign(({ context }) => ({ version: context.stored?.version ?? null, stored: null })),
            },
            "conflict.keepBoth": {
              target: "saving",
              actions: assign(({ context }) => ({
                text: mergeNotes(context.stored?.text ?? "", context.text),
                version: context.stored?.version ?? null,
                stored: null,
              })),
            },
            "conflict.takeTheirs": {
              target: "idle",
              actions: [
                assign(({ context }) => ({
                  text: context.stored?.text ?? "",
                  version: context.stored?.version ?? null,
                  stored: null,
                })),
                { type: "clearDraft", params: ({ context }) => ({ point: context.point }) },
              ],
            },
          },
        },
      },
    },
  },
})

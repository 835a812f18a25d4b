// A learner's note on a point (§7 notes): plain text with line breaks, one per learner and point, at
// most NOTE_MAX_LENGTH characters — the same Schema on the page and on the server. Each save carries
// the version the page last saw, so a note changed meanwhile (another tab) is never overwritten:
// the server answers NoteConflict with the stored note and the learner chooses what to keep.
import { Schema } from "effect"
import { boundedText, isPlainText, PositiveInt4 } from "../shared/input-rules.ts"
import { unsavedWorkKey, type Writer } from "../shared/unsaved-work.ts"
import { MessageKey } from "../shared/validation.ts"

export const NOTE_MAX_LENGTH = 10_000

export const NOTE_MESSAGES = {
  /** Over NOTE_MAX_LENGTH characters; the message names the limit. */
  tooLong: "validation.noteTooLong",
} as const

/** Plain text with tabs and line breaks (never a paste of binary or a NUL). */
export const NoteText = Schema.String.check(
  Schema.isMaxLength(NOTE_MAX_LENGTH, { message: NOTE_MESSAGES.tooLong }),
  isPlainText({ lines: true }),
)

/** A point's code as the point page shows it ("LU-9"); an unknown one answers 404. */
export const NotePointCode = boundedText(32).check(Schema.isNonEmpty({ message: MessageKey.required }))

/** New with every save (never reused); null for "no note yet" (as the page last saw it). */
export const NoteVersion = PositiveInt4

export const SavePointNotePayload = Schema.Struct({
  point: NotePointCode,
  /** Empty (or only spaces and line breaks) deletes the note. */
  text: NoteText,
  /** The version the page last saw; null when it saw no note. */
  version: Schema.NullOr(NoteVersion),
})
export type SavePointNotePayload = typeof SavePointNotePayload.Type

export const Note = Schema.Struct({
  point: Schema.String,
  text: Schema.String,
  version: Schema.Number,
  /** ISO 8601, the server's clock. */
  updatedAt: Schema.String,
})
export type Note = typeof Note.Type

/** The answer to a save: the stored note, or null when an empty text deleted it. */
export const SavedNote = Schema.Struct({ note: Schema.NullOr(Note) })
export type SavedNote = typeof SavedNote.Type

/** A note with its point, for /my-notes (in the caller's language). */
export const NoteListItem = Schema.Struct({
  ...Note.fields,
  slug: Schema.String,
  pinyin: Schema.String,
  name: Schema.String,
  /** False when the point is Pro and the learner is not (after a downgrade): the note stays theirs. */
  permission: Schema.Boolean,
})
export type NoteListItem = typeof NoteListItem.Type

export const NoteList = Schema.Struct({ notes: Schema.Array(NoteListItem) })
export type NoteList = typeof NoteList.Type

/** The stored note changed since the version the page sent; `stored` is null when it was deleted. */
export class NoteConflict extends Schema.TaggedError<NoteConflict>()(
  "NoteConflict",
  { message: Schema.String, stored: Schema.NullOr(Note) },
  { httpApiStatus: 409 },
) {}

/** Whether a text deletes the note instead of storing it. */
export const isEmptyNote = (text: string): boolean => text.trim() === ""

/** Between the stored text and the learner's own when the learner keeps both after a conflict. */
export const NOTE_MERGE_SEPARATOR = "\n\n— — —\n\n"

/**
 * Both texts of a conflict, the stored one first: nothing typed is dropped. When one already
 * contains the other (the same words saved twice), the longer one is enough.
 */
export const mergeNotes = (stored: string, mine: string): string => {
  if (isEmptyNote(stored) || mine.includes(stored)) return mine
  if (isEmptyNote(mine) || stored.includes(mine)) return stored
  return `${stored}${NOTE_MERGE_SEPARATOR}${mine}`
}

/** Notes whose point code, point name or text contain every word of the filter (case-insensitive). */
export const filterNotes = <N extends NoteListItem>(notes: ReadonlyArray<N>, filter: string): ReadonlyArray<N> => {
  const words = filter
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0)
  if (words.length === 0) return notes
  return notes.filter((note) => {
    const haystack = `${note.point} ${note.pinyin} ${note.name} ${note.text}`.toLocaleLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}

/** Debounce between the last keystroke and the save. */
export const NOTE_SAVE_DEBOUNCE_MS = 800

/** The local-storage key of a writer's unsaved text on a point. */
export const noteDraftKey = (writer: Writer, point: string) => unsavedWorkKey("note", writer, point)

/** What local storage keeps until the server confirms: the text and the version it was typed on. */
export const NoteDraft = Schema.Struct({ text: Schema.String, version: Schema.NullOr(Schema.Number) })
export type NoteDraft = typeof NoteDraft.Type

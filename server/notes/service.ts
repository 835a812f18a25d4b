// Notes on points (§7): save (insert, change or — with an empty text — delete the caller's note on a
// point, only over the version the page last saw) and the caller's notes with their points. An
// unknown point is 404; a Pro point needs Pro to write on (403), but notes written before a
// downgrade stay listed. The payload was decoded by the contract's Schema.
import { Context, Effect, Layer, Option } from "effect"
import { canOpen } from "../../src/domain/content/permissions.ts"
import {
  isEmptyNote,
  NoteConflict,
  type NoteList,
  type SavedNote,
  type SavePointNotePayload,
} from "../../src/domain/notes/note.ts"
import { NotFound, ProRequired } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { NotesRepo, toListItem } from "./repo.ts"

export interface NoteCaller {
  readonly userId: number
  readonly language: SelectableLanguage
}

export class Notes extends Context.Service<
  Notes,
  {
    readonly save: (
      caller: NoteCaller,
      payload: SavePointNotePayload,
    ) => Effect.Effect<SavedNote, NotFound | ProRequired | NoteConflict>
    readonly all: (caller: NoteCaller, point: string | null) => Effect.Effect<NoteList>
  }
>()("jingluo/server/Notes") {
  static readonly layer = Layer.effect(
    Notes,
    Effect.gen(function* () {
      const repo = yield* NotesRepo
      const { message } = yield* Translations
      const viewerOf = Effect.fn("Notes.viewerOf")(function* (userId: number) {
        const plan = yield* repo.planOf(userId)
        // The session was just authenticated, so the user exists; a missing row is a defect.
        if (Option.isNone(plan)) return yield* Effect.die(new Error(`no user ${userId}`))
        return { _tag: "Member", planId: plan.value } as const
      })
      const conflict = Effect.fn("Notes.conflict")(function* (caller: NoteCaller, point: string) {
        const stored = yield* repo.find(caller.userId, point)
        return yield* new NoteConflict({
          message: message("noteConflict", caller.language),
          stored: Option.getOrNull(stored),
        })
      })

      const save = Effect.fn("Notes.save")(function* (caller: NoteCaller, payload: SavePointNotePayload) {
        const point = yield* repo.point(payload.point)
        if (Option.isNone(point)) return yield* new NotFound({ message: message("notFound", caller.language) })
        if (!canOpen(yield* viewerOf(caller.userId), point.value))
          return yield* new ProRequired({ message: message("proRequired", caller.language) })
        const code = point.value.code
        if (isEmptyNote(payload.text)) {
          if (payload.version === null) {
            // Nothing was seen, nothing to delete — unless another tab wrote a note meanwhile.
            const stored = yield* repo.find(caller.userId, code)
            return Option.isNone(stored) ? { note: null } : yield* conflict(caller, code)
          }
          if (yield* repo.remove(caller.userId, code, payload.version)) return { note: null }
          const stored = yield* repo.find(caller.userId, code)
          // Deleted already (another tab emptied it too): what this page wanted.
          return Option.isNone(stored) ? { note: null } : yield* conflict(caller, code)
        }
        const written = yield* repo.write(caller.userId, code, payload.text, payload.version)
        return Option.isSome(written) ? { note: written.value } : yield* conflict(caller, code)
      })

      const all = Effect.fn("Notes.all")(function* (caller: NoteCaller, point: string | null) {
        const viewer = yield* viewerOf(caller.userId)
        const rows = yield* repo.list(caller.userId, caller.language, point)
        return { notes: rows.map((row) => toListItem(row, canOpen(viewer, row))) }
      })
      return Notes.of({ save, all })
    }),
  )
}

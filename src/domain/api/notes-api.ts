// §7 notes: `POST /api/save-point-notes` (one note per learner and point; an empty text deletes it;
// a stale version answers 409 NoteConflict with the stored note) and `GET /api/get-all-notes`
// (newest first, with their points; `?point=LU-9` for one point's). Signed-in learners only; a note on a Pro point needs Pro.
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { NoteConflict, NoteList, NotePointCode, SavedNote, SavePointNotePayload } from "../notes/note.ts"
import { NotFound, ProRequired, ValidationFailed } from "../shared/errors.ts"
import { Authentication } from "./middleware.ts"

export class NotesApi extends HttpApiGroup.make("notes")
  .add(
    HttpApiEndpoint.post("save", "/save-point-notes", {
      payload: SavePointNotePayload,
      success: SavedNote,
      error: [NotFound, ProRequired, ValidationFailed, NoteConflict],
    }),
    HttpApiEndpoint.get("all", "/get-all-notes", {
      // The point page asks for its own point's note only.
      query: { point: Schema.optionalKey(NotePointCode) },
      success: NoteList,
    }),
  )
  .middleware(Authentication)
  .prefix("/api") {}

// The note and review rules at their boundaries: the note's length limit and plain text, the merge
// of a conflict (nothing typed dropped), the filter of /my-notes, and the review form (a rating
// required, comments bounded, what to improve only with a low rating).
import { describe, expect, it } from "vitest"
import {
  LOW_RATING_MAX,
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
  validateReviewForm,
} from "../../../src/domain/feedback/app-review.ts"
import {
  filterNotes,
  mergeNotes,
  NOTE_MAX_LENGTH,
  NOTE_MERGE_SEPARATOR,
  NOTE_MESSAGES,
  type NoteListItem,
  SavePointNotePayload,
} from "../../../src/domain/notes/note.ts"
import { MessageKey, validate } from "../../../src/domain/shared/validation.ts"

const check = validate(SavePointNotePayload)

describe("a note", () => {
  it(`may have ${NOTE_MAX_LENGTH} characters, not one more`, () => {
    expect(check({ point: "LU-9", text: "a".repeat(NOTE_MAX_LENGTH), version: null })._tag).toBe("Valid")
    expect(check({ point: "LU-9", text: "a".repeat(NOTE_MAX_LENGTH + 1), version: null })).toEqual({
      _tag: "Invalid",
      errors: { text: NOTE_MESSAGES.tooLong },
    })
  })

  it("is plain text: line breaks and tabs yes, other control characters no", () => {
    expect(check({ point: "LU-9", text: "one\ntwo\r\n\tthree", version: 3 })._tag).toBe("Valid")
    expect(check({ point: "LU-9", text: "bell\u0007", version: 3 })).toEqual({
      _tag: "Invalid",
      errors: { text: MessageKey.characters },
    })
  })

  it("names a point and a version the page saw (or none)", () => {
    expect(check({ point: "", text: "x", version: null })).toEqual({
      _tag: "Invalid",
      errors: { point: MessageKey.required },
    })
    expect(check({ point: "LU-9", text: "x", version: 0 })._tag).toBe("Invalid")
    expect(check({ point: "LU-9", text: "x", version: 1.5 })._tag).toBe("Invalid")
    expect(check({ point: "LU-9", text: "x" })._tag).toBe("Invalid")
  })
})

describe("a conflict keeps both texts", () => {
  it("the stored one first, then the learner's", () => {
    expect(mergeNotes("theirs", "mine")).toBe(`theirs${NOTE_MERGE_SEPARATOR}mine`)
  })
  it("once only, when one already holds the other", () => {
    expect(mergeNotes("abc", "abc def")).toBe("abc def")
    expect(mergeNotes("abc def", "abc")).toBe("abc def")
    expect(mergeNotes("", "mine")).toBe("mine")
    expect(mergeNotes("theirs", "  ")).toBe("theirs")
  })
})

describe("the filter of /my-notes", () => {
  const note = (point: string, name: string, text: string): NoteListItem => ({
    point,
    name,
    text,
    pinyin: "Tàiyuān",
    slug: "",
    version: 1,
    updatedAt: "",
    permission: true,
  })
  const notes = [note("LU-9", "Great Abyss", "Wrist"), note("LI-4", "Union Valley", "Hand, headache")]
  it("keeps the notes holding every word, in any case, in the code, name or text", () => {
    expect(filterNotes(notes, "HEADACHE").map((n) => n.point)).toEqual(["LI-4"])
    expect(filterNotes(notes, "lu-9 wrist").map((n) => n.point)).toEqual(["LU-9"])
    expect(filterNotes(notes, "valley wrist")).toEqual([])
    expect(filterNotes(notes, "   ")).toEqual(notes)
  })
})

describe("the review form", () => {
  it(`needs a rating from ${RATING_MIN} to ${RATING_MAX}`, () => {
    expect(validateReviewForm({ rating: null, comment: "", improve: "" })).toEqual({
      _tag: "Invalid",
      errors: { rating: REVIEW_MESSAGES.rating },
    })
    for (const rating of [RATING_MIN - 1, RATING_MAX + 1, 2.5])
      expect(validateReviewForm({ rating, comment: "", improve: "" })._tag).toBe("Invalid")
    expect(validateReviewForm({ rating: RATING_MAX, comment: "", improve: "" })).toEqual({
      _tag: "Valid",
      value: { rating: RATING_MAX },
    })
  })

  it(`bounds comments at ${REVIEW_COMMENT_MAX_LENGTH} characters`, () => {
    expect(validateReviewForm({ rating: 4, comment: "x".repeat(REVIEW_COMMENT_MAX_LENGTH), improve: "" })._tag).toBe(
      "Valid",
    )
    expect(validateReviewForm({ rating: 4, comment: "x".repeat(REVIEW_COMMENT_MAX_LENGTH + 1), improve: "" })).toEqual({
      _tag: "Invalid",
      errors: { comment: REVIEW_MESSAGES.commentTooLong },
    })
  })

  it(`sends what to improve only with a rating of ${LOW_RATING_MAX} or less, trimmed`, () => {
    expect(validateReviewForm({ rating: LOW_RATING_MAX, comment: " a ", improve: " b " })).toEqual({
      _tag: "Valid",
      value: { rating: LOW_RATING_MAX, comment: "a", improve: "b" },
    })
    expect(validateReviewForm({ rating: LOW_RATING_MAX + 1, comment: "", improve: "b" })).toEqual({
      _tag: "Valid",
      value: { rating: LOW_RATING_MAX + 1 },
    })
  })
})

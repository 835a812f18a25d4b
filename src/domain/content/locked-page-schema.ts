// A locked item's answer as the content calls give it (§6, §7): its public facts and a message,
// tagged "Locked", in place of the page. What the app reads of it is in locked-page.ts.
import { Schema } from "effect"
import { LockedItem } from "../shared/errors.ts"

export const LockedPage = Schema.TaggedStruct("Locked", {
  /** "This is part of Jingluo Pro", in the caller's language. */
  message: Schema.String,
  item: LockedItem,
})
export type LockedPage = typeof LockedPage.Type

/** A content page's answer: the page itself, or what is locked. */
export const PageOrLocked = <S extends Schema.Top>(page: S) => Schema.Union([page, LockedPage])

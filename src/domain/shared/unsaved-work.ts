// What a learner typed that the server has not confirmed yet (a note, say) is kept in local storage
// under keys with this prefix and the writer's id. Signing out removes it (the device may be shared);
// a session that ends by itself (a 401) keeps it, so signing in again as the same user brings the
// text back and saves it.

export const UNSAVED_WORK_PREFIX = "jingluo.unsaved."

/** Whose text it is: the signed-in user's id, or "guest" when the record carries none. */
export type Writer = number | null

/** A local-storage key for unsaved work of one kind, one writer and one item. */
export const unsavedWorkKey = (kind: string, writer: Writer, item: string) =>
  `${UNSAVED_WORK_PREFIX}${kind}.${writer ?? "guest"}.${item}`

export const isUnsavedWorkKey = (key: string) => key.startsWith(UNSAVED_WORK_PREFIX)

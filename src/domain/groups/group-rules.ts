// The rules of a learner's point groups (§3, §5): a group's title is trimmed, required and at most
// GROUP_TITLE_MAX_LENGTH characters — this one Schema checks the page's field and the server's
// payload. A learner keeps at most MAX_GROUPS_PER_USER groups, so one account cannot fill the
// database.
import { Schema } from "effect"
import { isPlainText, PositiveInt4 } from "../shared/input-rules.ts"
import { MessageKey } from "../shared/validation.ts"

export const GROUP_TITLE_MAX_LENGTH = 100
export const MAX_GROUPS_PER_USER = 100

export const GroupTitle = Schema.Trim.check(
  Schema.isNonEmpty({ message: MessageKey.required }),
  Schema.isMaxLength(GROUP_TITLE_MAX_LENGTH, { message: MessageKey.tooLong }),
  isPlainText(),
)

/** A group's or a mapping's id: a positive whole number that fits its column. */
export const GroupId = PositiveInt4
export type GroupId = typeof GroupId.Type

/** What "add to group" adds: one point (by its code) or a whole channel (by its code). */
export const ADD_MODES = ["point", "channel"] as const
export const AddMode = Schema.Literals(ADD_MODES)
export type AddMode = typeof AddMode.Type

/** The codes a learner asked to add, without those already in the group, in their order. */
export const missingCodes = (wanted: ReadonlyArray<string>, present: Iterable<string>): ReadonlyArray<string> => {
  const have = new Set(present)
  const out: Array<string> = []
  for (const code of wanted) {
    if (have.has(code)) continue
    have.add(code)
    out.push(code)
  }
  return out
}

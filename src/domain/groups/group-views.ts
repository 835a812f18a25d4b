// What the point-group calls carry (§3 "Point group", §7 "Channels, points, groups"): the payloads,
// decoded with the same Schemas on the page and on the server, and the groups as listed — each
// with its points in the order they were added. A point the learner may not open (a Pro point
// after a downgrade) is listed with permission false and its public facts only (code, pinyin,
// name), like the menus list locked items.
import { Schema } from "effect"
import { boundedText } from "../shared/input-rules.ts"
import { type FieldErrors, MessageKey, validate } from "../shared/validation.ts"
import { AddMode, GroupId, GroupTitle } from "./group-rules.ts"

export const GroupPointView = Schema.Struct({
  /** The mapping's id: what removing the point from this group names. */
  mapping_id: Schema.Number,
  code: Schema.String,
  pinyin: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  permission: Schema.Boolean,
})
export type GroupPointView = typeof GroupPointView.Type

export const GroupView = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  points: Schema.Array(GroupPointView),
})
export type GroupView = typeof GroupView.Type

export const GroupListView = Schema.Struct({
  groups: Schema.Array(GroupView),
  /** §6: point-group tests carry a permission flag; false shows the Pro badge and opens the upgrade modal. */
  test_permission: Schema.Boolean,
})
export type GroupListView = typeof GroupListView.Type

export const CreateGroupPayload = Schema.Struct({ name: GroupTitle })
export type CreateGroupPayload = typeof CreateGroupPayload.Type

export const RenameGroupPayload = Schema.Struct({ pointGroupId: GroupId, name: GroupTitle })
export type RenameGroupPayload = typeof RenameGroupPayload.Type

/** The code of a point ("LU-9") or a channel ("LI"). */
export const ContentCode = boundedText(32).check(Schema.isNonEmpty({ message: MessageKey.required }))

export const AddToGroupPayload = Schema.Struct({ mode: AddMode, id: ContentCode, groupId: GroupId })
export type AddToGroupPayload = typeof AddToGroupPayload.Type

/** What an addition did: the group as it is now, and how many points were new to it. */
export const AddedView = Schema.Struct({ group: GroupView, added: Schema.Number })
export type AddedView = typeof AddedView.Type

const checkTitle = validate(CreateGroupPayload)

/** A typed group title checked as the server will: the field's messages, or null when it is fine. */
export const titleErrors = (name: string): FieldErrors | null => {
  const checked = checkTitle({ name })
  return checked._tag === "Valid" ? null : checked.errors
}

/** The title as it is sent and stored: trimmed (" Exam week " is "Exam week"). */
export const decodedTitle = (name: string): string => {
  const checked = checkTitle({ name })
  return checked._tag === "Valid" ? checked.value.name : name
}

// A learner's point groups (§3, §4, §7, issue 13): list them with their points, create, rename and
// delete them, add a point or a whole channel, remove a point. Only the owner reaches a group or
// a mapping (anyone else's id is not found); a Pro point is added only by a Pro learner (the plan
// is read on every call, so a lapse counts at once) and after a downgrade it stays, listed locked;
// a point already in the group is never added twice. Self-tests ask this service, not its
// repository, for the points of a group the learner may be asked about.
import { Context, Effect, Layer, Option } from "effect"
import { localized } from "../../src/domain/content/localize-content.ts"
import { canOpen, type Viewer } from "../../src/domain/content/permissions.ts"
import { GROUP_TEST_PARENT } from "../../src/domain/groups/group-links.ts"
import { MAX_GROUPS_PER_USER, missingCodes } from "../../src/domain/groups/group-rules.ts"
import type {
  AddedView,
  AddToGroupPayload,
  GroupListView,
  GroupPointView,
  GroupView,
  RenameGroupPayload,
} from "../../src/domain/groups/group-views.ts"
import { testTypePermission } from "../../src/domain/self-tests/test-types.ts"
import { NotFound, ProRequired, ValidationFailed } from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { MessageKey } from "../../src/domain/shared/validation.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { type GroupPointRow, type GroupRow, GroupsRepo } from "./repo.ts"

/** Who is asking, in which language. */
export interface GroupLearner {
  readonly userId: number
  /** The plan as the session read it on this request, so an upgrade or a lapse counts at once. */
  readonly planId: number
  readonly language: SelectableLanguage
}

/** What a group's test may ask about: the points the learner can open, in the group's order. */
export interface GroupTestPoints {
  readonly name: string
  readonly points: ReadonlyArray<string>
}

/** A path id: digits only and within the column's range; anything else names no group. */
const idOf = (segment: string): number | null => {
  if (!/^[1-9]\d{0,9}$/.test(segment)) return null
  const id = Number(segment)
  return id <= 2_147_483_647 ? id : null
}

export class Groups extends Context.Service<
  Groups,
  {
    readonly list: (learner: GroupLearner) => Effect.Effect<GroupListView>
    readonly create: (learner: GroupLearner, name: string) => Effect.Effect<GroupView, ValidationFailed>
    readonly rename: (learner: GroupLearner, payload: RenameGroupPayload) => Effect.Effect<GroupView, NotFound>
    readonly remove: (learner: GroupLearner, id: string) => Effect.Effect<GroupListView, NotFound>
    readonly add: (
      learner: GroupLearner,
      payload: AddToGroupPayload,
    ) => Effect.Effect<AddedView, NotFound | ProRequired>
    readonly removePoint: (learner: GroupLearner, mappingId: string) => Effect.Effect<GroupView, NotFound>
    readonly testPoints: (learner: GroupLearner, groupId: number) => Effect.Effect<GroupTestPoints, NotFound>
  }
>()("jingluo/server/Groups") {
  static readonly layer = Layer.effect(
    Groups,
    Effect.gen(function* () {
      const repo = yield* GroupsRepo
      const { message } = yield* Translations
      const notFound = (language: SelectableLanguage) => new NotFound({ message: message("notFound", language) })

      const viewerOf = (learner: GroupLearner): Viewer => ({ _tag: "Member", planId: learner.planId })

      const pointView = (row: GroupPointRow, viewer: Viewer, language: SelectableLanguage): GroupPointView => ({
        mapping_id: row.mapping_id,
        code: row.code,
        pinyin: row.pinyin,
        name: localized(row.name, language),
        slug: row.slug,
        permission: canOpen(viewer, row),
      })

      const viewsOf = (learner: GroupLearner, groups: ReadonlyArray<GroupRow>) =>
        Effect.gen(function* () {
          const viewer = viewerOf(learner)
          const points = yield* repo.points(groups.map((g) => g.id))
          return groups.map(
            (group): GroupView => ({
              id: group.id,
              name: group.name,
              points: points.filter((p) => p.group_id === group.id).map((p) => pointView(p, viewer, learner.language)),
            }),
          )
        })

      const list = Effect.fn("Groups.list")(function* (learner: GroupLearner) {
        return {
          groups: yield* viewsOf(learner, yield* repo.groups(learner.userId)),
          test_permission: testTypePermission(viewerOf(learner), GROUP_TEST_PARENT),
        } satisfies GroupListView
      })

      const ownGroup = (learner: GroupLearner, groupId: number) =>
        Effect.flatMap(repo.group(learner.userId, groupId), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(notFound(learner.language)),
        )

      const viewOf = (learner: GroupLearner, groupId: number) =>
        Effect.gen(function* () {
          const group = yield* ownGroup(learner, groupId)
          const [view] = yield* viewsOf(learner, [group])
          return view ?? (yield* Effect.die(new Error(`group ${groupId} has no view`)))
        })

      const create = Effect.fn("Groups.create")(function* (learner: GroupLearner, name: string) {
        const group = yield* repo.insertWithin(learner.userId, name, MAX_GROUPS_PER_USER)
        if (Option.isNone(group))
          return yield* new ValidationFailed({
            message: message("groupLimit", learner.language),
            errors: { name: MessageKey.groupLimit },
          })
        return { id: group.value.id, name: group.value.name, points: [] } satisfies GroupView
      })

      const rename = Effect.fn("Groups.rename")(function* (learner: GroupLearner, payload: RenameGroupPayload) {
        if (!(yield* repo.rename(learner.userId, payload.pointGroupId, payload.name)))
          return yield* notFound(learner.language)
        return yield* viewOf(learner, payload.pointGroupId)
      })

      const remove = Effect.fn("Groups.remove")(function* (learner: GroupLearner, segment: string) {
        const id = idOf(segment)
        if (id === null || !(yield* repo.remove(learner.userId, id))) return yield* notFound(learner.language)
        return yield* list(learner)
      })

      const add = Effect.fn("Groups.add")(function* (learner: GroupLearner, payload: AddToGroupPayload) {
        const group = yield* ownGroup(learner, payload.groupId)
        const wanted =
          payload.mode === "point"
            ? Option.match(yield* repo.contentPoint(payload.id), { onNone: () => [], onSome: (p) => [p] })
            : yield* repo.channelPoints(payload.id)
        if (wanted.length === 0) return yield* notFound(learner.language)
        const viewer = viewerOf(learner)
        if (wanted.some((point) => !canOpen(viewer, point)))
          return yield* new ProRequired({ message: message("proRequired", learner.language) })
        const present = (yield* repo.points([group.id])).map((p) => p.code)
        const added = yield* repo.addPoints(
          group.id,
          missingCodes(
            wanted.map((p) => p.code),
            present,
          ),
        )
        return { group: yield* viewOf(learner, group.id), added } satisfies AddedView
      })

      const removePoint = Effect.fn("Groups.removePoint")(function* (learner: GroupLearner, segment: string) {
        const id = idOf(segment)
        const removed = id === null ? Option.none() : yield* repo.removeMapping(learner.userId, id)
        if (Option.isNone(removed)) return yield* notFound(learner.language)
        return yield* viewOf(learner, removed.value)
      })

      const testPoints = Effect.fn("Groups.testPoints")(function* (learner: GroupLearner, groupId: number) {
        const group = yield* ownGroup(learner, groupId)
        const [view] = yield* viewsOf(learner, [group])
        return {
          name: group.name,
          points: (view?.points ?? []).filter((p) => p.permission).map((p) => p.code),
        } satisfies GroupTestPoints
      })

      return Groups.of({ list, create, rename, remove, add, removePoint, testPoints })
    }),
  )
}

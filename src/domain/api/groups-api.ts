// §7 "Channels, points, groups": the signed-in learner's point groups — list (with their points),
// create, rename, delete, add a point or a whole channel, remove a point by its mapping id. A
// group or a mapping belongs to its learner alone: anyone else's id answers 404, like an unknown one.
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import {
  AddedView,
  AddToGroupPayload,
  CreateGroupPayload,
  GroupListView,
  GroupView,
  RenameGroupPayload,
} from "../groups/group-views.ts"
import { NotFound, ProRequired, ValidationFailed } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { Authentication } from "./middleware.ts"

/** Path ids are checked by the service: anything but a known id of the caller's is not found (404). */
const IdSegment = boundedText(32)

export class GroupsApi extends HttpApiGroup.make("groups")
  .add(
    HttpApiEndpoint.get("list", "/point-group/list", { success: GroupListView }),
    HttpApiEndpoint.post("create", "/point-group/store", {
      payload: CreateGroupPayload,
      success: GroupView,
      error: ValidationFailed,
    }),
    HttpApiEndpoint.put("rename", "/point-group/update", {
      payload: RenameGroupPayload,
      success: GroupView,
      error: [NotFound, ValidationFailed],
    }),
    HttpApiEndpoint.delete("remove", "/point-group/delete/:id", {
      params: { id: IdSegment },
      success: GroupListView,
      error: NotFound,
    }),
    HttpApiEndpoint.post("add", "/point-to-point-group/store", {
      payload: AddToGroupPayload,
      success: AddedView,
      error: [NotFound, ProRequired, ValidationFailed],
    }),
    HttpApiEndpoint.delete("removePoint", "/point-from-pointgroup/delete/:id", {
      params: { id: IdSegment },
      success: GroupView,
      error: NotFound,
    }),
  )
  .middleware(Authentication)
  .prefix("/api") {}

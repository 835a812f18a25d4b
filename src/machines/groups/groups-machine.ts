// The learner's point groups as the drill-down's "My point groups" column shows them (§2, §4, §5):
// the groups, then one group's points; an edit/done toggle that shows delete buttons; a new group
// created inline and a group renamed in place, their titles checked by the same Schema as the
// server's (a turned-back title keeps what was typed); deleting a group after a confirmation;
// removing a point. A locked point (a Pro point after a downgrade) opens the upgrade modal, and so
// does an open group's test when the server's flag says the learner's plan does not include it (§6).
import { and, assign, setup } from "xstate"
import { pointHref } from "../../domain/content/content-links.ts"
import { groupTestHref } from "../../domain/groups/group-links.ts"
import type { GroupListView, GroupView } from "../../domain/groups/group-views.ts"
import { decodedTitle, titleErrors } from "../../domain/groups/group-views.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"
import { apiCall, errorOf, isFailure } from "../shared/api-call.ts"

export interface GroupsContext {
  readonly groups: ReadonlyArray<GroupView>
  /** The server's permission flag of point-group tests: false shows the Pro badge (§6). */
  readonly testPermission: boolean
  /** The group whose points are on screen. */
  readonly open: number | null
  readonly editing: boolean
  /** The title field of a new group: shown, and what was typed. */
  readonly creating: boolean
  readonly draft: string
  /** The group being renamed, and its title as typed. */
  readonly rename: { readonly id: number; readonly name: string } | null
  /** The group whose deletion waits for a yes. */
  readonly confirming: number | null
  /** The mapping of the point being removed. */
  readonly removing: number | null
  /** The title field's message key (`name`), from the Schema or the server's 422. */
  readonly fieldErrors: FieldErrors
  /** Grows with each turned-back title, so the view moves focus to the field. */
  readonly rejected: number
  /** A message key (common:errors.*) for a failed call. */
  readonly error: string | null
}

export type GroupsEvent =
  | { readonly type: "groups.retry" }
  | { readonly type: "edit.toggle" }
  | { readonly type: "group.open"; readonly id: number }
  | { readonly type: "group.close" }
  | { readonly type: "create.start" }
  | { readonly type: "create.change"; readonly name: string }
  | { readonly type: "create.submit" }
  | { readonly type: "create.cancel" }
  | { readonly type: "rename.start"; readonly id: number }
  | { readonly type: "rename.change"; readonly name: string }
  | { readonly type: "rename.submit" }
  | { readonly type: "rename.cancel" }
  | { readonly type: "group.delete"; readonly id: number }
  | { readonly type: "delete.confirm" }
  | { readonly type: "delete.cancel" }
  | { readonly type: "point.open"; readonly mappingId: number }
  | { readonly type: "point.remove"; readonly mappingId: number }
  | { readonly type: "group.test" }

export const groupOf = (context: Pick<GroupsContext, "groups" | "open">) =>
  context.groups.find((g) => g.id === context.open)

const pointOf = (context: GroupsContext, mappingId: number) =>
  groupOf(context)?.points.find((p) => p.mapping_id === mappingId)

/** Whether group tests are locked for this learner: the entry shows the Pro badge. */
export const groupTestLocked = (snapshot: { readonly context: Pick<GroupsContext, "testPermission"> }) =>
  !snapshot.context.testPermission

const replaceGroup = (groups: ReadonlyArray<GroupView>, group: GroupView) =>
  groups.map((g) => (g.id === group.id ? group : g))

export const groupsMachine = setup({
  types: {
    context: {} as GroupsContext,
    events: {} as GroupsEvent,
  },
  actors: {
    listGroups: apiCall<GroupListView>("listGroups"),
    createGroup: apiCall<GroupView, { readonly name: string }>("createGroup"),
    renameGroup: apiCall<GroupView, { readonly pointGroupId: number; readonly name: string }>("renameGroup"),
    deleteGroup: apiCall<GroupListView, { readonly id: number }>("deleteGroup"),
    removePoint: apiCall<GroupView, { readonly mappingId: number }>("removePoint"),
  },
  actions: {
    /** Provided: the upgrade modal in its lite version (§6). */
    openUpgrade: () => {},
    /** Provided: go to a point's page. */
    openPage: (_, _params: { readonly href: string }) => {},
    /** Provided: a toast that says what happened (announced). */
    notify: (_, _params: { readonly key: string; readonly values: Readonly<Record<string, string>> }) => {},
    failWith: assign(({ event }) => ({ error: formErrorKey(errorOf(event)) })),
    /** A 422 keeps the typed title and shows the server's message at the field. */
    rejectTitle: assign(({ context, event }) => ({
      fieldErrors: failureFieldErrors(errorOf(event)),
      rejected: context.rejected + 1,
    })),
    clearMessages: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    isValidationFailure: isFailure("ValidationFailed"),
    isKnownGroup: ({ context, event }) => "id" in event && context.groups.some((g) => g.id === event.id),
    isLockedPoint: ({ context, event }) =>
      event.type === "point.open" && pointOf(context, event.mappingId)?.permission === false,
    isKnownPoint: ({ context, event }) =>
      (event.type === "point.open" || event.type === "point.remove") && pointOf(context, event.mappingId) !== undefined,
    isGroupTestLocked: ({ context }) => groupTestLocked({ context }),
    hasOpenGroup: ({ context }) => groupOf(context) !== undefined,
    draftInvalid: ({ context }) => titleErrors(context.draft) !== null,
    renameInvalid: ({ context }) => context.rename !== null && titleErrors(context.rename.name) !== null,
  },
}).createMachine({
  id: "groups",
  context: {
    groups: [],
    testPermission: false,
    open: null,
    editing: false,
    creating: false,
    draft: "",
    rename: null,
    confirming: null,
    removing: null,
    fieldErrors: {},
    rejected: 0,
    error: null,
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "listGroups",
        onDone: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            groups: event.output.groups,
            testPermission: event.output.test_permission,
            open: event.output.groups.some((g) => g.id === context.open) ? context.open : null,
            error: null,
          })),
        },
        onError: { target: "failed", actions: "failWith" },
      },
    },
    failed: { on: { "groups.retry": { target: "loading", actions: "clearMessages" } } },
    ready: {
      initial: "idle",
      on: {
        "edit.toggle": {
          actions: assign(({ context }) => ({ editing: !context.editing, confirming: null, rename: null })),
        },
      },
      states: {
        idle: {
          on: {
            "group.open": {
              guard: "isKnownGroup",
              actions: assign(({ event }) => ({ open: event.id, confirming: null })),
            },
            "group.close": { actions: assign({ open: null }) },
            "create.start": { actions: assign({ creating: true, rename: null, fieldErrors: {}, error: null }) },
            "create.change": { actions: assign(({ event }) => ({ draft: event.name, fieldErrors: {} })) },
            "create.cancel": { actions: assign({ creating: false, draft: "", fieldErrors: {} }) },
            "create.submit": [
              {
                guard: "draftInvalid",
                actions: assign(({ context }) => ({
                  fieldErrors: titleErrors(context.draft) ?? {},
                  rejected: context.rejected + 1,
                })),
              },
              { target: "creating", actions: "clearMessages" },
            ],
            "rename.start": {
              guard: "isKnownGroup",
              actions: assign(({ context, event }) => ({
                rename: { id: event.id, name: context.groups.find((g) => g.id === event.id)?.name ?? "" },
                creating: false,
                fieldErrors: {},
                error: null,
              })),
            },
            "rename.change": {
              actions: assign(({ context, event }) => ({
                rename: context.rename ? { ...context.rename, name: event.name } : null,
                fieldErrors: {},
              })),
            },
            "rename.cancel": { actions: assign({ rename: null, fieldErrors: {} }) },
            "rename.submit": [
              {
                guard: "renameInvalid",
                actions: assign(({ context }) => ({
                  fieldErrors: titleErrors(context.rename?.name ?? "") ?? {},
                  rejected: context.rejected + 1,
                })),
              },
              { guard: ({ context }) => context.rename !== null, target: "renaming", actions: "clearMessages" },
            ],
            "group.delete": {
              guard: "isKnownGroup",
              actions: assign(({ event }) => ({ confirming: event.id, error: null })),
            },
            "delete.cancel": { actions: assign({ confirming: null }) },
            "delete.confirm": { guard: ({ context }) => context.confirming !== null, target: "deleting" },
            "point.open": [
              { guard: "isLockedPoint", actions: "openUpgrade" },
              {
                guard: "isKnownPoint",
                actions: {
                  type: "openPage",
                  params: ({ context, event }) => ({ href: pointHref(pointOf(context, event.mappingId)?.slug ?? "") }),
                },
              },
            ],
            "group.test": [
              { guard: and(["hasOpenGroup", "isGroupTestLocked"]), actions: "openUpgrade" },
              {
                guard: "hasOpenGroup",
                actions: { type: "openPage", params: ({ context }) => ({ href: groupTestHref(context.open ?? 0) }) },
              },
            ],
            "point.remove": {
              guard: "isKnownPoint",
              target: "removingPoint",
              actions: assign(({ event }) => ({ removing: event.mappingId, error: null })),
            },
          },
        },
        creating: {
          tags: ["busy"],
          invoke: {
            src: "createGroup",
            input: ({ context }) => ({ name: decodedTitle(context.draft) }),
            onDone: {
              target: "idle",
              actions: [
                assign(({ context, event }) => ({
                  groups: [...context.groups, event.output],
                  creating: false,
                  draft: "",
                })),
                {
                  type: "notify",
                  params: ({ event }) => ({ key: "toast.created", values: { group: event.output.name } }),
                },
              ],
            },
            onError: [
              { guard: "isValidationFailure", target: "idle", actions: "rejectTitle" },
              { target: "idle", actions: "failWith" },
            ],
          },
        },
        renaming: {
          tags: ["busy"],
          invoke: {
            src: "renameGroup",
            input: ({ context }) => ({
              pointGroupId: context.rename?.id ?? 0,
              name: decodedTitle(context.rename?.name ?? ""),
            }),
            onDone: {
              target: "idle",
              actions: [
                assign(({ context, event }) => ({ groups: replaceGroup(context.groups, event.output), rename: null })),
                {
                  type: "notify",
                  params: ({ event }) => ({ key: "toast.renamed", values: { group: event.output.name } }),
                },
              ],
            },
            onError: [
              { guard: "isValidationFailure", target: "idle", actions: "rejectTitle" },
              { target: "idle", actions: "failWith" },
            ],
          },
        },
        deleting: {
          tags: ["busy"],
          invoke: {
            src: "deleteGroup",
            input: ({ context }) => ({ id: context.confirming ?? 0 }),
            onDone: {
              target: "idle",
              actions: [
                {
                  type: "notify",
                  params: ({ context }) => ({
                    key: "toast.deleted",
                    values: { group: context.groups.find((g) => g.id === context.confirming)?.name ?? "" },
                  }),
                },
                assign(({ context, event }) => ({
                  groups: event.output.groups,
                  testPermission: event.output.test_permission,
                  open: context.open === context.confirming ? null : context.open,
                  confirming: null,
                })),
              ],
            },
            onError: { target: "idle", actions: ["failWith", assign({ confirming: null })] },
          },
        },
        removingPoint: {
          tags: ["busy"],
          invoke: {
            src: "removePoint",
            input: ({ context }) => ({ mappingId: context.removing ?? 0 }),
            onDone: {
              target: "idle",
              actions: [
                {
                  type: "notify",
                  params: ({ context, event }) => ({
                    key: "toast.removed",
                    values: { point: pointOf(context, context.removing ?? 0)?.code ?? "", group: event.output.name },
                  }),
                },
                assign(({ context, event }) => ({
                  groups: replaceGroup(context.groups, event.output),
                  removing: null,
                })),
              ],
            },
            onError: { target: "idle", actions: ["failWith", assign({ removing: null })] },
          },
        },
      },
    },
  },
})

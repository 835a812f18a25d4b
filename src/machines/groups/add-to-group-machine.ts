// "Add to group" on a point page (one point) and a channel page (the whole channel), issue 13: a
// dialog lists the learner's groups and offers a new one; choosing one adds what is missing there
// (never a point twice) and a toast says where it went. A Pro point refused for want of Pro opens
// the upgrade modal; a new group's title is checked by the server's Schema and a turned-back title
// keeps what was typed.
import { assign, setup } from "xstate"
import type { AddMode } from "../../domain/groups/group-rules.ts"
import type { AddedView, GroupListView, GroupView } from "../../domain/groups/group-views.ts"
import { decodedTitle, titleErrors } from "../../domain/groups/group-views.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"
import { apiCall, errorOf, isFailure } from "../shared/api-call.ts"

export interface AddToGroupContext {
  readonly mode: AddMode
  /** The point's or the channel's code. */
  readonly id: string
  readonly groups: ReadonlyArray<GroupView>
  /** The group chosen (or just created) that the points go to. */
  readonly target: GroupView | null
  readonly draft: string
  readonly fieldErrors: FieldErrors
  readonly rejected: number
  readonly error: string | null
}

export type AddToGroupEvent =
  | { readonly type: "dialog.open" }
  | { readonly type: "dialog.close" }
  | { readonly type: "groups.retry" }
  | { readonly type: "group.choose"; readonly id: number }
  | { readonly type: "create.change"; readonly name: string }
  | { readonly type: "create.submit" }

export const addToGroupMachine = setup({
  types: {
    context: {} as AddToGroupContext,
    events: {} as AddToGroupEvent,
    input: {} as { readonly mode: AddMode; readonly id: string },
  },
  actors: {
    listGroups: apiCall<GroupListView>("listGroups"),
    createGroup: apiCall<GroupView, { readonly name: string }>("createGroup"),
    addToGroup: apiCall<AddedView, { readonly mode: AddMode; readonly id: string; readonly groupId: number }>(
      "addToGroup",
    ),
  },
  actions: {
    /** Provided: the upgrade modal in its lite version (§6). */
    openUpgrade: () => {},
    /** Provided: a toast that says where the points went (announced). */
    notify: (_, _params: { readonly key: string; readonly values: Readonly<Record<string, string | number>> }) => {},
    failWith: assign(({ event }) => ({ error: formErrorKey(errorOf(event)) })),
    clearMessages: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    isKnownGroup: ({ context, event }) =>
      event.type === "group.choose" && context.groups.some((g) => g.id === event.id),
    draftInvalid: ({ context }) => titleErrors(context.draft) !== null,
    isValidationFailure: isFailure("ValidationFailed"),
    isProRequired: isFailure("ProRequired"),
  },
}).createMachine({
  id: "addToGroup",
  context: ({ input }) => ({
    mode: input.mode,
    id: input.id,
    groups: [],
    target: null,
    draft: "",
    fieldErrors: {},
    rejected: 0,
    error: null,
  }),
  initial: "closed",
  states: {
    closed: { on: { "dialog.open": { target: "open", actions: "clearMessages" } } },
    open: {
      initial: "loading",
      on: { "dialog.close": { target: "closed", actions: assign({ draft: "", fieldErrors: {} }) } },
      states: {
        loading: {
          tags: ["busy"],
          invoke: {
            src: "listGroups",
            onDone: { target: "choosing", actions: assign(({ event }) => ({ groups: event.output.groups })) },
            onError: { target: "failed", actions: "failWith" },
          },
        },
        failed: { on: { "groups.retry": { target: "loading", actions: "clearMessages" } } },
        choosing: {
          on: {
            "group.choose": {
              guard: "isKnownGroup",
              target: "adding",
              actions: assign(({ context, event }) => ({
                target: context.groups.find((g) => g.id === event.id) ?? null,
                error: null,
              })),
            },
            "create.change": { actions: assign(({ event }) => ({ draft: event.name, fieldErrors: {} })) },
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
          },
        },
        creating: {
          tags: ["busy"],
          invoke: {
            src: "createGroup",
            input: ({ context }) => ({ name: decodedTitle(context.draft) }),
            onDone: {
              target: "adding",
              actions: assign(({ context, event }) => ({
                groups: [...context.groups, event.output],
                target: event.output,
                draft: "",
              })),
            },
            onError: [
              {
                guard: "isValidationFailure",
                target: "choosing",
                actions: assign(({ context, event }) => ({
                  fieldErrors: failureFieldErrors(errorOf(event)),
                  rejected: context.rejected + 1,
                })),
              },
              { target: "choosing", actions: "failWith" },
            ],
          },
        },
        adding: {
          tags: ["busy"],
          invoke: {
            src: "addToGroup",
            input: ({ context }) => ({ mode: context.mode, id: context.id, groupId: context.target?.id ?? 0 }),
            onDone: {
              target: "#addToGroup.closed",
              actions: [
                {
                  type: "notify",
                  params: ({ event }) => ({
                    key: event.output.added === 0 ? "toast.alreadyThere" : "toast.added",
                    values: { group: event.output.group.name, count: event.output.added },
                  }),
                },
                assign({ target: null }),
              ],
            },
            onError: [
              {
                guard: "isProRequired",
                target: "#addToGroup.closed",
                actions: ["openUpgrade", assign({ target: null })],
              },
              // The group may have gone meanwhile (another tab): list them again.
              { target: "choosing", actions: "failWith" },
            ],
          },
        },
      },
    },
  },
})

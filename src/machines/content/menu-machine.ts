// The three-column drill-down menu (§2, §4): sections, then channels / groups / body areas, then
// points. Selecting an item activates it and deactivates its siblings; a locked item opens the
// upgrade modal (lite) instead; go back closes the last level. The column count follows the window
// width, recalculated RESIZE_DEBOUNCE_MS after the last resize.
import { assign, setup } from "xstate"
import { pointHref } from "../../domain/content/content-links.ts"
import type { MenuEntry, MenuPoint, MenuSection } from "../../domain/content/content-views.ts"
import { columnCount } from "../../domain/content/menu-layout.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { RESIZE_DEBOUNCE_MS } from "../../domain/shared/timing.ts"
import { apiCall } from "../shared/api-call.ts"

/** The section of the learner's own point groups: the app's, not the server's menus (their columns are the groups feature's). */
export const GROUPS_SECTION = "groups"

export interface MenuContext {
  readonly sections: ReadonlyArray<MenuSection>
  /** Selected ids: [section] or [section, entry]. */
  readonly path: ReadonlyArray<string>
  readonly columns: 1 | 2 | 3
  readonly pendingWidth: number | null
  readonly error: string | null
}

export type MenuEvent =
  | { readonly type: "menu.select"; readonly level: 0 | 1 | 2; readonly id: string }
  | { readonly type: "menu.back" }
  | { readonly type: "menu.retry" }
  | { readonly type: "viewport.resize"; readonly width: number }

export const sectionOf = (context: Pick<MenuContext, "sections" | "path">): MenuSection | undefined =>
  context.sections.find((s) => s.id === context.path[0])
export const entryOf = (context: Pick<MenuContext, "sections" | "path">): MenuEntry | undefined =>
  sectionOf(context)?.children.find((e) => e.id === context.path[1])
const pointOf = (context: MenuContext, id: string): MenuPoint | undefined =>
  entryOf(context)?.points.find((p) => p.id === id)

/** The item a select event names, at its level. */
const selected = (context: MenuContext, event: MenuEvent) => {
  if (event.type !== "menu.select") return undefined
  if (event.level === 0) return context.sections.find((s) => s.id === event.id)
  if (event.level === 1) return sectionOf(context)?.children.find((e) => e.id === event.id)
  return pointOf(context, event.id)
}

export const menuMachine = setup({
  types: {
    context: {} as MenuContext,
    events: {} as MenuEvent,
    input: {} as { readonly width: number },
  },
  actors: {
    loadMenus: apiCall<ReadonlyArray<MenuSection>>("loadMenus"),
  },
  actions: {
    /** Provided: open the upgrade modal in its lite version. */
    openUpgrade: () => {},
    /** Provided: go to the page of the point that was chosen. */
    openPage: (_, _params: { readonly href: string }) => {},
  },
  delays: { resizeDebounce: RESIZE_DEBOUNCE_MS },
  guards: {
    isLocked: ({ context, event }) => selected(context, event)?.permission === false,
    isUnknown: ({ context, event }) => selected(context, event) === undefined,
    isGroupsSection: ({ event }) => event.type === "menu.select" && event.level === 0 && event.id === GROUPS_SECTION,
    isSection: ({ event }) => event.type === "menu.select" && event.level === 0,
    isEntry: ({ event }) => event.type === "menu.select" && event.level === 1,
    isPoint: ({ event }) => event.type === "menu.select" && event.level === 2,
    canGoBack: ({ context }) => context.path.length > 0,
  },
}).createMachine({
  id: "menu",
  context: ({ input }) => ({
    sections: [],
    path: [],
    columns: columnCount(input.width),
    pendingWidth: null,
    error: null,
  }),
  type: "parallel",
  states: {
    data: {
      initial: "loading",
      states: {
        loading: {
          tags: ["busy"],
          invoke: {
            src: "loadMenus",
            onDone: { target: "ready", actions: assign(({ event }) => ({ sections: event.output, error: null })) },
            onError: { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
          },
        },
        failed: { on: { "menu.retry": "loading" } },
        ready: {
          on: {
            "menu.select": [
              { guard: "isLocked", actions: "openUpgrade" },
              { guard: "isGroupsSection", actions: assign({ path: [GROUPS_SECTION] }) },
              { guard: "isUnknown" },
              // Opening what is open already keeps the columns after it.
              {
                guard: "isSection",
                actions: assign(({ context, event }) => ({
                  path: context.path[0] === event.id ? context.path : [event.id],
                })),
              },
              { guard: "isEntry", actions: assign(({ context, event }) => ({ path: [context.path[0]!, event.id] })) },
              {
                guard: "isPoint",
                actions: {
                  type: "openPage",
                  params: ({ context, event }) => ({ href: pointHref(pointOf(context, event.id)!.slug) }),
                },
              },
            ],
            "menu.back": {
              guard: "canGoBack",
              actions: assign(({ context }) => ({ path: context.path.slice(0, -1) })),
            },
          },
        },
      },
    },
    layout: {
      initial: "settled",
      states: {
        settled: {
          on: {
            "viewport.resize": {
              target: "debouncing",
              actions: assign(({ event }) => ({ pendingWidth: event.width })),
            },
          },
        },
        debouncing: {
          on: {
            "viewport.resize": {
              target: "debouncing",
              reenter: true,
              actions: assign(({ event }) => ({ pendingWidth: event.width })),
            },
          },
          after: {
            resizeDebounce: {
              target: "settled",
              actions: assign(({ context }) => ({
                columns: context.pendingWidth === null ? context.columns : columnCount(context.pendingWidth),
                pendingWidth: null,
              })),
            },
          },
        },
      },
    },
  },
})

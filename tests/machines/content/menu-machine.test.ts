import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type { MenuEntry, MenuPoint, MenuSection } from "../../../src/domain/content/content-views.ts"
import { THREE_COLUMNS_ABOVE, TWO_COLUMNS_ABOVE } from "../../../src/domain/content/menu-layout.ts"
import { Offline } from "../../../src/domain/shared/errors.ts"
import { RESIZE_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { entryOf, menuMachine, sectionOf } from "../../../src/machines/content/menu-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const point = (id: string, slug: string, permission: boolean): MenuPoint => ({
  id,
  name: id.toUpperCase(),
  title: `Point ${id}`,
  slug,
  itemType: "point",
  channel_id: "lu",
  permission,
  role: null,
})

const entry = (id: string, permission: boolean, points: ReadonlyArray<MenuPoint>): MenuEntry => ({
  id,
  name: id,
  title: `Entry ${id}`,
  slug: id,
  itemType: "channel",
  menuType: "channels",
  group: "channels",
  channel_id: id,
  permission,
  points,
  children: [],
})

const section = (id: MenuSection["id"], permission: boolean, children: ReadonlyArray<MenuEntry>): MenuSection => ({
  id,
  name: id,
  title: `Section ${id}`,
  slug: id,
  itemType: "menu",
  menuType: id,
  channel_id: null,
  permission,
  children,
  points: [],
})

const lu1 = point("p-lu1", "lu-1", true)
const lu2 = point("p-lu2", "lu-2", false)
const lung = entry("lu", true, [lu1, lu2])
const largeIntestine = entry("li", true, [point("p-li4", "li-4", true)])
const governor = entry("gv", false, [])
const channels = section("channels", true, [lung, largeIntestine, governor])
const categories = section("categories", false, [])
const head = entry("head", true, [point("p-gv20", "gv-20", true)])
const bodyAreas = section("bodyAreas", true, [head])
const sections: ReadonlyArray<MenuSection> = [channels, categories, bodyAreas]

/** A width that gives three columns. */
const WIDE = THREE_COLUMNS_ABOVE + 1

const start = (width = WIDE) => {
  const loadMenus = pendingActor<ReadonlyArray<MenuSection>, void>()
  const actions = { openUpgrade: vi.fn(), openPage: vi.fn() }
  const clock = new SimulatedClock()
  const actor = createActor(menuMachine.provide({ actors: { loadMenus: loadMenus.logic }, actions }), {
    input: { width },
    clock,
  })
  actor.start()
  return { actor, loadMenus, clock, ...actions }
}

type Actor = ReturnType<typeof start>["actor"]

/** The menus have loaded: `data` is left in ready. */
const startReady = async (width = WIDE) => {
  const started = start(width)
  started.loadMenus.resolve(sections)
  await waitFor(started.actor, (s) => !s.matches({ data: "loading" }))
  expect(started.actor.getSnapshot().matches({ data: "ready" })).toBe(true)
  return started
}

const path = (actor: Actor) => actor.getSnapshot().context.path
const select = (actor: Actor, level: 0 | 1 | 2, id: string) => actor.send({ type: "menu.select", level, id })

/** The Lung channel is open: path [channels, lu]. */
const startAtLung = async () => {
  const started = await startReady()
  select(started.actor, 0, channels.id)
  select(started.actor, 1, lung.id)
  expect(path(started.actor)).toEqual([channels.id, lung.id])
  return started
}

describe("menu machine", () => {
  describe("start", () => {
    it("loads the menus in data while layout is settled", () => {
      const { actor, loadMenus } = start()
      expect(actor.getSnapshot().value).toEqual({ data: "loading", layout: "settled" })
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(actor.getSnapshot().context).toEqual({
        sections: [],
        path: [],
        columns: 3,
        pendingWidth: null,
        error: null,
      })
      expect(loadMenus.inputs).toHaveLength(1)
    })

    it.each([
      [THREE_COLUMNS_ABOVE + 1, 3],
      [THREE_COLUMNS_ABOVE, 2],
      [TWO_COLUMNS_ABOVE + 1, 2],
      [TWO_COLUMNS_ABOVE, 1],
    ])("starts with the column count of the window: width %i gives %i", (width, columns) => {
      const { actor } = start(width)
      expect(actor.getSnapshot().context.columns).toBe(columns)
    })
  })

  describe("data", () => {
    describe("loading", () => {
      it("ignores select, back and retry before the menu has loaded", () => {
        const { actor, loadMenus, openUpgrade, openPage } = start()
        expect(actor.getSnapshot().can({ type: "menu.select", level: 0, id: channels.id })).toBe(false)
        select(actor, 0, channels.id)
        select(actor, 0, categories.id)
        actor.send({ type: "menu.back" })
        actor.send({ type: "menu.retry" })

        expect(actor.getSnapshot().matches({ data: "loading" })).toBe(true)
        expect(path(actor)).toEqual([])
        expect(loadMenus.inputs).toHaveLength(1)
        expect(openUpgrade).not.toHaveBeenCalled()
        expect(openPage).not.toHaveBeenCalled()
      })

      it("shows the sections once loaded, with nothing selected", async () => {
        const { actor } = await startReady()
        expect(actor.getSnapshot().hasTag("busy")).toBe(false)
        expect(actor.getSnapshot().context.sections).toEqual(sections)
        expect(path(actor)).toEqual([])
        expect(actor.getSnapshot().context.error).toBeNull()
      })

      it("fails with the form error of the failure", async () => {
        const { actor, loadMenus } = start()
        loadMenus.reject(new Offline())
        await waitFor(actor, (s) => !s.matches({ data: "loading" }))

        expect(actor.getSnapshot().value).toEqual({ data: "failed", layout: "settled" })
        expect(actor.getSnapshot().hasTag("busy")).toBe(false)
        expect(actor.getSnapshot().context.error).toBe("errors.offline")
      })
    })

    describe("failed", () => {
      const startFailed = async () => {
        const started = start()
        started.loadMenus.reject(new Error("boom"))
        await waitFor(started.actor, (s) => s.matches({ data: "failed" }))
        expect(started.actor.getSnapshot().context.error).toBe("errors.generic")
        return started
      }

      it("loads again on retry and clears the error once loaded", async () => {
        const { actor, loadMenus } = await startFailed()
        actor.send({ type: "menu.retry" })
        expect(actor.getSnapshot().matches({ data: "loading" })).toBe(true)
        expect(loadMenus.inputs).toHaveLength(2)

        loadMenus.resolve(sections)
        await waitFor(actor, (s) => s.matches({ data: "ready" }))
        expect(actor.getSnapshot().context.error).toBeNull()
        expect(actor.getSnapshot().context.sections).toEqual(sections)
      })

      it("ignores select and back", async () => {
        const { actor, openUpgrade } = await startFailed()
        select(actor, 0, channels.id)
        actor.send({ type: "menu.back" })
        expect(actor.getSnapshot().matches({ data: "failed" })).toBe(true)
        expect(path(actor)).toEqual([])
        expect(openUpgrade).not.toHaveBeenCalled()
      })
    })

    describe("ready", () => {
      it("ignores retry", async () => {
        const { actor, loadMenus } = await startReady()
        actor.send({ type: "menu.retry" })
        expect(actor.getSnapshot().matches({ data: "ready" })).toBe(true)
        expect(loadMenus.inputs).toHaveLength(1)
      })

      describe("menu.select level 0", () => {
        it("opens a section", async () => {
          const { actor } = await startReady()
          select(actor, 0, channels.id)
          expect(path(actor)).toEqual([channels.id])
          expect(sectionOf(actor.getSnapshot().context)).toEqual(channels)
        })

        it("keeps the open entry when the open section is chosen again", async () => {
          const { actor } = await startAtLung()
          expect(actor.getSnapshot().can({ type: "menu.select", level: 0, id: channels.id })).toBe(true)
          select(actor, 0, channels.id)
          expect(path(actor)).toEqual([channels.id, lung.id])
        })

        it("replaces an open section and closes its entry", async () => {
          const { actor } = await startAtLung()
          select(actor, 0, bodyAreas.id)
          expect(path(actor)).toEqual([bodyAreas.id])
          expect(entryOf(actor.getSnapshot().context)).toBeUndefined()
        })

        it("opens the upgrade modal for a locked section and leaves the path", async () => {
          const { actor, openUpgrade, openPage } = await startAtLung()
          expect(actor.getSnapshot().can({ type: "menu.select", level: 0, id: categories.id })).toBe(true)
          select(actor, 0, categories.id)
          expect(openUpgrade).toHaveBeenCalledTimes(1)
          expect(openPage).not.toHaveBeenCalled()
          expect(path(actor)).toEqual([channels.id, lung.id])
        })

        it("ignores an unknown section", async () => {
          const { actor, openUpgrade } = await startReady()
          expect(actor.getSnapshot().can({ type: "menu.select", level: 0, id: "tests" })).toBe(false)
          select(actor, 0, "tests")
          expect(path(actor)).toEqual([])
          expect(openUpgrade).not.toHaveBeenCalled()
        })
      })

      describe("menu.select level 1", () => {
        it("opens an entry of the open section", async () => {
          const { actor } = await startReady()
          select(actor, 0, channels.id)
          select(actor, 1, lung.id)
          expect(path(actor)).toEqual([channels.id, lung.id])
          expect(entryOf(actor.getSnapshot().context)).toEqual(lung)
        })

        it("replaces an open entry with its sibling in the same section", async () => {
          const { actor } = await startAtLung()
          expect(actor.getSnapshot().can({ type: "menu.select", level: 1, id: largeIntestine.id })).toBe(true)
          select(actor, 1, largeIntestine.id)
          expect(path(actor)).toEqual([channels.id, largeIntestine.id])
          expect(entryOf(actor.getSnapshot().context)).toEqual(largeIntestine)
        })

        it("replaces an open entry with one of another section", async () => {
          const { actor } = await startReady()
          select(actor, 0, bodyAreas.id)
          select(actor, 1, head.id)
          select(actor, 0, channels.id)
          select(actor, 1, lung.id)
          expect(path(actor)).toEqual([channels.id, lung.id])
        })

        it("opens the upgrade modal for a locked entry and leaves the path", async () => {
          const { actor, openUpgrade } = await startAtLung()
          select(actor, 1, governor.id)
          expect(openUpgrade).toHaveBeenCalledTimes(1)
          expect(path(actor)).toEqual([channels.id, lung.id])
        })

        it("ignores an entry before a section is open", async () => {
          const { actor, openUpgrade } = await startReady()
          expect(actor.getSnapshot().can({ type: "menu.select", level: 1, id: lung.id })).toBe(false)
          select(actor, 1, lung.id)
          select(actor, 1, governor.id)
          expect(path(actor)).toEqual([])
          expect(openUpgrade).not.toHaveBeenCalled()
        })

        it("ignores an entry of another section", async () => {
          const { actor } = await startReady()
          select(actor, 0, bodyAreas.id)
          select(actor, 1, lung.id)
          expect(path(actor)).toEqual([bodyAreas.id])
        })
      })

      describe("menu.select level 2", () => {
        it("opens the point's page and leaves the path", async () => {
          const { actor, openPage, openUpgrade } = await startAtLung()
          select(actor, 2, lu1.id)
          expect(openPage).toHaveBeenCalledTimes(1)
          expect(openPage.mock.calls[0]?.[1]).toEqual({ href: "/point/lu-1" })
          expect(openUpgrade).not.toHaveBeenCalled()
          expect(path(actor)).toEqual([channels.id, lung.id])
        })

        it("opens the upgrade modal for a locked point instead of its page", async () => {
          const { actor, openPage, openUpgrade } = await startAtLung()
          select(actor, 2, lu2.id)
          expect(openUpgrade).toHaveBeenCalledTimes(1)
          expect(openPage).not.toHaveBeenCalled()
          expect(path(actor)).toEqual([channels.id, lung.id])
        })

        it("ignores a point before an entry is open", async () => {
          const { actor, openPage, openUpgrade } = await startReady()
          select(actor, 0, channels.id)
          expect(actor.getSnapshot().can({ type: "menu.select", level: 2, id: lu1.id })).toBe(false)
          select(actor, 2, lu1.id)
          select(actor, 2, lu2.id)
          expect(openPage).not.toHaveBeenCalled()
          expect(openUpgrade).not.toHaveBeenCalled()
          expect(path(actor)).toEqual([channels.id])
        })

        it("ignores a point of another entry", async () => {
          const { actor, openPage } = await startAtLung()
          select(actor, 2, "p-gv20")
          expect(openPage).not.toHaveBeenCalled()
        })
      })

      describe("menu.back", () => {
        it("closes the last open level, one at a time", async () => {
          const { actor } = await startAtLung()
          actor.send({ type: "menu.back" })
          expect(path(actor)).toEqual([channels.id])
          actor.send({ type: "menu.back" })
          expect(path(actor)).toEqual([])
        })

        it("is ignored at the top", async () => {
          const { actor } = await startReady()
          expect(actor.getSnapshot().can({ type: "menu.back" })).toBe(false)
          actor.send({ type: "menu.back" })
          expect(path(actor)).toEqual([])
          expect(actor.getSnapshot().matches({ data: "ready" })).toBe(true)
        })
      })
    })
  })

  describe("layout", () => {
    it("applies a resize RESIZE_DEBOUNCE_MS after it, not before", async () => {
      const { actor, clock } = await startReady(WIDE)
      actor.send({ type: "viewport.resize", width: TWO_COLUMNS_ABOVE })
      expect(actor.getSnapshot().matches({ layout: "debouncing" })).toBe(true)
      expect(actor.getSnapshot().context.pendingWidth).toBe(TWO_COLUMNS_ABOVE)

      clock.increment(RESIZE_DEBOUNCE_MS - 1)
      expect(actor.getSnapshot().context.columns).toBe(3)

      clock.increment(1)
      expect(actor.getSnapshot().matches({ layout: "settled" })).toBe(true)
      expect(actor.getSnapshot().context.columns).toBe(1)
      expect(actor.getSnapshot().context.pendingWidth).toBeNull()
    })

    it("applies only the last of several resizes, RESIZE_DEBOUNCE_MS after the last one", async () => {
      const { actor, clock } = await startReady(WIDE)
      const gap = RESIZE_DEBOUNCE_MS - 1
      // Each of these widths would give one column; only the last width (two columns) may apply.
      for (const width of [TWO_COLUMNS_ABOVE, TWO_COLUMNS_ABOVE - 100, TWO_COLUMNS_ABOVE - 200]) {
        actor.send({ type: "viewport.resize", width })
        clock.increment(gap)
        expect(actor.getSnapshot().matches({ layout: "debouncing" })).toBe(true)
        expect(actor.getSnapshot().context.columns).toBe(3)
      }
      actor.send({ type: "viewport.resize", width: THREE_COLUMNS_ABOVE })

      // Far more than RESIZE_DEBOUNCE_MS since the first resize, but not since the last.
      clock.increment(gap)
      expect(actor.getSnapshot().matches({ layout: "debouncing" })).toBe(true)
      expect(actor.getSnapshot().context.columns).toBe(3)
      expect(actor.getSnapshot().context.pendingWidth).toBe(THREE_COLUMNS_ABOVE)

      clock.increment(RESIZE_DEBOUNCE_MS - gap)
      expect(actor.getSnapshot().matches({ layout: "settled" })).toBe(true)
      expect(actor.getSnapshot().context.columns).toBe(2)
      expect(actor.getSnapshot().context.pendingWidth).toBeNull()
    })

    it.each([
      [THREE_COLUMNS_ABOVE + 1, 3],
      [THREE_COLUMNS_ABOVE, 2],
      [TWO_COLUMNS_ABOVE + 1, 2],
      [TWO_COLUMNS_ABOVE, 1],
    ])("resizing to width %i gives %i columns", (width, columns) => {
      const startWidth = columns === 1 ? WIDE : TWO_COLUMNS_ABOVE
      const { actor, clock } = start(startWidth)
      actor.send({ type: "viewport.resize", width })
      clock.increment(RESIZE_DEBOUNCE_MS)
      expect(actor.getSnapshot().context.columns).toBe(columns)
    })

    it("follows resizes while the menus are still loading, without touching the data", () => {
      const { actor, clock } = start(WIDE)
      actor.send({ type: "viewport.resize", width: TWO_COLUMNS_ABOVE })
      clock.increment(RESIZE_DEBOUNCE_MS)
      expect(actor.getSnapshot().value).toEqual({ data: "loading", layout: "settled" })
      expect(actor.getSnapshot().context.columns).toBe(1)
    })

    it("keeps the path through a resize", async () => {
      const { actor, clock } = await startAtLung()
      actor.send({ type: "viewport.resize", width: TWO_COLUMNS_ABOVE })
      clock.increment(RESIZE_DEBOUNCE_MS)
      expect(path(actor)).toEqual([channels.id, lung.id])
    })

    it("does nothing while settled without a resize", async () => {
      const { actor, clock } = await startReady(WIDE)
      clock.increment(RESIZE_DEBOUNCE_MS * 10)
      expect(actor.getSnapshot().matches({ layout: "settled" })).toBe(true)
      expect(actor.getSnapshot().context.columns).toBe(3)
    })
  })
})

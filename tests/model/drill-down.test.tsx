// Model-based test of the drill-down menu (xstate/graph): what a user sees while opening sections,
// channels and points, going back, and meeting a locked channel, walked through the real app
// against an in-memory API (msw).
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import type { Plan } from "../../src/domain/billing/plans.ts"
import type { MenuEntry, MenuPoint, MenuSection, MenuType, PointPage } from "../../src/domain/content/content-views.ts"
import { API, dashboard, renderApp, server } from "../ui/support/render-app.tsx"

const point = (code: string, pinyin: string, name: string, slug: string): typeof MenuPoint.Encoded => ({
  id: code,
  name: code,
  title: `${pinyin} · ${name}`,
  slug,
  itemType: "point",
  channel_id: code.split("-")[0] ?? null,
  permission: true,
  role: null,
})

const entry = (
  fields: Pick<typeof MenuEntry.Encoded, "id" | "title" | "slug" | "itemType" | "menuType" | "group">,
  permission: boolean,
  points: ReadonlyArray<typeof MenuPoint.Encoded>,
): typeof MenuEntry.Encoded => ({ ...fields, name: fields.id, channel_id: null, permission, children: [], points })

const section = (
  id: MenuType,
  title: string,
  children: ReadonlyArray<typeof MenuEntry.Encoded>,
): typeof MenuSection.Encoded => ({
  id,
  name: title,
  title,
  slug: id,
  itemType: "menu",
  menuType: id,
  channel_id: null,
  permission: true,
  points: [],
  children,
})

const channel = (
  id: string,
  title: string,
  slug: string,
  permission: boolean,
  points: Array<typeof MenuPoint.Encoded>,
) => entry({ id, title, slug, itemType: "channel", menuType: "channels", group: "channels" }, permission, points)

const menus = [
  section("channels", "Channel pathways and points", [
    channel("LU", "Lung Channel", "lung-channel", true, [
      point("LU-1", "Zhōngfǔ", "Central Treasury", "lu-1-zhongfu"),
      point("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan"),
    ]),
    channel("LI", "Large Intestine Channel", "large-intestine-channel", true, [
      point("LI-1", "Shāngyáng", "Shang Yang", "li-1-shangyang"),
      point("LI-4", "Hégǔ", "Union Valley", "li-4-hegu"),
      point("LI-11", "Qūchí", "Pool at the Crook", "li-11-quchi"),
    ]),
    channel("ST", "Stomach Channel", "stomach-channel", false, []),
    entry(
      {
        id: "du",
        title: "Du Mai · Governing Vessel",
        slug: "du-mai-governing-vessel",
        itemType: "vessel",
        menuType: "channels",
        group: "vessels",
      },
      false,
      [],
    ),
  ]),
  section("categories", "Point categories", []),
  section("bodyAreas", "Body areas", [
    entry(
      { id: "hand", title: "Hand", slug: "hand", itemType: "body-area", menuType: "bodyAreas", group: "bodyAreas" },
      true,
      [point("LI-4", "Hégǔ", "Union Valley", "li-4-hegu")],
    ),
  ]),
] satisfies ReadonlyArray<typeof MenuSection.Encoded>

const plans = [
  { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
] satisfies ReadonlyArray<typeof Plan.Encoded>

const lu9 = {
  code: "LU-9",
  altCodes: [],
  slug: "lu-9-taiyuan",
  pinyin: "Tàiyuān",
  hanzi: { traditional: "太淵", simplified: "太渊" },
  name: "Great Abyss",
  names: { en: "Great Abyss", de: "Großer Abgrund", es: "Gran Abismo" },
  channel: { code: "LU", slug: "lung-channel", name: "Lung Channel", permission: true },
  region: null,
  location: "At the wrist crease beside the radial artery.",
  locating: "Find the radial pulse.",
  needling: {
    method: "Perpendicular beside the artery.",
    depth: "0.2–0.3 cun",
    angle: "perpendicular",
    cautions: [],
    contraindications: [],
    moxibustion: "caution",
  },
  actions: ["Tonifies the Lung"],
  indications: ["Cough"],
  commentary: "Yuan-source point of the Lung.",
  textLanguage: "en",
  textLanguages: {
    location: "en",
    locating: "en",
    needling: { method: "en", depth: "en", cautions: "en", contraindications: "en" },
    actions: "en",
    indications: "en",
    commentary: "en",
  },
  categories: [],
  bodyAreas: [],
  previous: null,
  next: null,
} satisfies typeof PointPage.Encoded

/**
 * What the user can see of the menu. Besides the straight path in, the user switches between
 * sibling sections and sibling channels while one is open, and meets locked items from either.
 * Going back a level is a keyboard move (Left); with three columns on screen the mouse simply
 * picks another item.
 */
const menuModel = (withBack: boolean) => {
  const back = (target: string) => (withBack ? { "level.back": target } : {})
  return createMachine({
    id: "drillDown",
    initial: "closed",
    states: {
      closed: { on: { "menu.open": "sections" } },
      sections: { on: { "section.open": "channels", "areas.open": "bodyAreas", "menu.close": "closed" } },
      channels: {
        on: {
          "channel.open": "lungPoints",
          "areas.open": "bodyAreas",
          "locked.open": "upgradeFromChannels",
          ...back("sections"),
        },
      },
      bodyAreas: { on: { "section.open": "channels", ...back("sections") } },
      lungPoints: {
        on: {
          "point.open": "pointPage",
          "sibling.open": "largeIntestinePoints",
          "locked.open": "upgradeFromLung",
          "areas.open": "bodyAreas",
          ...back("channels"),
        },
      },
      largeIntestinePoints: {
        on: { "channel.open": "lungPoints", "locked.open": "upgradeFromLargeIntestine", ...back("channels") },
      },
      upgradeFromChannels: { on: { "modal.close": "channels" } },
      upgradeFromLung: { on: { "modal.close": "lungPoints" } },
      upgradeFromLargeIntestine: { on: { "modal.close": "largeIntestinePoints" } },
      pointPage: {},
    },
  })
}

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const MENU = "Channels, point categories and body areas"
const menu = () => within(screen.getByRole("navigation", { name: MENU }))
type User = ReturnType<typeof userEvent.setup>

/** The mouse presses an option of a column. */
const click = async (user: User, list: string | RegExp, option: string | RegExp) => {
  await user.click(within(await menu().findByRole("listbox", { name: list })).getByRole("option", { name: option }))
}

/**
 * The keyboard reaches a column with Tab / Shift+Tab (columns are tab stops), walks it with Home
 * and ArrowDown to the option, and presses Enter.
 */
const press = async (user: User, list: string | RegExp, option: string | RegExp) => {
  const column = await menu().findByRole("listbox", { name: list })
  for (let i = 0; i < 12 && !column.contains(document.activeElement); i++) await user.tab({ shift: true })
  expect(column.contains(document.activeElement)).toBe(true)
  await user.keyboard("{Home}")
  const target = within(column).getByRole("option", { name: option })
  for (let i = 0; i < 30 && document.activeElement !== target; i++) await user.keyboard("{ArrowDown}")
  expect(target).toHaveFocus()
  await user.keyboard("{Enter}")
}

const openLists = () => menu().getAllByRole("listbox")

describe.each(["mouse", "keyboard"] as const)("drill-down menu (model-based, by %s)", (driver) => {
  const model = menuModel(driver === "keyboard")
  const paths = createTestModel(model).getShortestPaths()
  const choose = driver === "mouse" ? click : press

  it("walks through every state of the model", () => {
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]))
    expect([...reached].sort()).toEqual(Object.keys(model.config.states ?? {}).sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      server.use(
        http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
        http.get(`${API}/api/channel-menus`, () => HttpResponse.json(menus)),
        http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
        http.get(`${API}/api/point/lu-9-taiyuan`, () => HttpResponse.json(lu9)),
      )
      const user = userEvent.setup()
      await renderApp("/", { signedIn: true })
      await screen.findByRole("heading", { level: 1, name: /Welcome back/ })
      const modalIsClosed = () => expect(screen.queryByRole("dialog")).toBeNull()
      const upgradeModal = async () => {
        expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
      }
      await path.test({
        states: {
          closed: () => {
            expect(screen.queryByRole("navigation", { name: MENU })).toBeNull()
          },
          sections: async () => {
            expect(await menu().findByRole("listbox", { name: "Browse" })).toBeInTheDocument()
            expect(openLists()).toHaveLength(1)
          },
          channels: async () => {
            const list = await menu().findByRole("listbox", { name: "Channel pathways and points" })
            expect(within(list).getByRole("option", { name: /Stomach Channel/ })).toHaveTextContent("Pro")
            expect(within(list).getByRole("group", { name: "Extraordinary vessels" })).toBeInTheDocument()
            expect(openLists()).toHaveLength(2)
            modalIsClosed()
          },
          bodyAreas: async () => {
            expect(await menu().findByRole("listbox", { name: "Body areas" })).toBeInTheDocument()
            expect(menu().getByRole("option", { name: "Body areas" })).toHaveAttribute("aria-selected", "true")
            expect(openLists()).toHaveLength(2)
          },
          lungPoints: async () => {
            const points = await menu().findByRole("listbox", { name: "LU Lung Channel" })
            expect(within(points).getAllByRole("option")).toHaveLength(2)
            expect(menu().getByRole("link", { name: "Channel page" })).toHaveAttribute(
              "href",
              "/book/pages/channels/lung-channel",
            )
            expect(openLists()).toHaveLength(3)
            modalIsClosed()
          },
          largeIntestinePoints: async () => {
            const points = await menu().findByRole("listbox", { name: "LI Large Intestine Channel" })
            expect(within(points).getAllByRole("option")).toHaveLength(3)
            expect(menu().queryByRole("listbox", { name: "LU Lung Channel" })).toBeNull()
            expect(openLists()).toHaveLength(3)
            modalIsClosed()
          },
          upgradeFromChannels: upgradeModal,
          upgradeFromLung: upgradeModal,
          upgradeFromLargeIntestine: upgradeModal,
          pointPage: async () => {
            expect(await screen.findByRole("heading", { level: 1, name: /LU-9 Tàiyuān/ })).toBeInTheDocument()
            expect(window.location.pathname).toBe("/point/lu-9-taiyuan")
          },
        },
        events: {
          "menu.open": async () => {
            const button = screen.getByRole("button", { name: "Channel points" })
            if (driver === "mouse") return user.click(button)
            button.focus()
            await user.keyboard("{Enter}")
          },
          "menu.close": async () => {
            if (driver === "mouse") return user.click(screen.getByRole("button", { name: "Channel points" }))
            await waitFor(() => expect(openLists()[0]!.contains(document.activeElement)).toBe(true))
            await user.keyboard("{Escape}")
            // Escape hands focus back to the button that opened the menu.
            await waitFor(() => expect(screen.getByRole("button", { name: "Channel points" })).toHaveFocus())
          },
          "section.open": () => choose(user, "Browse", "Channel pathways and points"),
          "areas.open": () => choose(user, "Browse", "Body areas"),
          "channel.open": () => choose(user, "Channel pathways and points", /Lung Channel/),
          "sibling.open": () => choose(user, "Channel pathways and points", /Large Intestine Channel/),
          "locked.open": () => choose(user, "Channel pathways and points", /Stomach Channel/),
          "point.open": () => choose(user, "LU Lung Channel", /LU-9/),
          "modal.close": async () => {
            const dialog = screen.getByRole("dialog")
            if (driver === "mouse") await user.click(within(dialog).getByRole("button", { name: "Close" }))
            else await user.keyboard("{Escape}")
            await waitFor(modalIsClosed)
          },
          "level.back": async () => {
            // Focus lands in the newest column when it opens; Left goes back from there.
            const lists = openLists()
            await waitFor(() => expect(lists.at(-1)!.contains(document.activeElement)).toBe(true))
            await user.keyboard("{ArrowLeft}")
          },
        },
      })
    })
  }
})

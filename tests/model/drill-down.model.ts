// Model of the drill-down menu (§2, §4): what a user sees while opening sections, channels and
// points, switching between siblings while one is open, going back a level, meeting a locked item
// from either column, and a menu that fails to load and is tried again — by mouse and by keyboard
// (columns are tab stops; Home and the arrows walk one, Enter opens, Left goes back a level).
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { MenuEntry, MenuPoint, MenuSection, MenuType } from "../../src/domain/content/content-views.ts"
import { plans, pointPage } from "../support/point-fixtures.ts"
import { API, dashboard } from "../ui/support/api-data.ts"
import type { Matcher, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Facts {
  /** The names of the Lung and Large Intestine channels' point columns, and their points. */
  readonly lung: { readonly list: string; readonly points: number }
  readonly largeIntestine: { readonly list: string; readonly points: number }
}

interface Ctx {
  readonly facts: Facts
}

/**
 * What the user can see of the menu. Going back a level is a keyboard move (Left); with three
 * columns on screen the mouse simply picks another item, so `level.back` has no mouse way.
 */
const machine = createMachine({
  id: "drillDown",
  initial: "closed",
  states: {
    closed: { on: { "menu.open": "sections", "menu.openFailing": "menuFailed" } },
    menuFailed: { on: { "menu.retry": "sections" } },
    sections: { on: { "section.open": "channels", "areas.open": "bodyAreas", "menu.close": "closed" } },
    channels: {
      on: {
        "channel.open": "lungPoints",
        "areas.open": "bodyAreas",
        "locked.open": "upgradeFromChannels",
        "level.back": "sections",
      },
    },
    bodyAreas: { on: { "section.open": "channels", "level.back": "sections" } },
    lungPoints: {
      on: {
        "point.open": "pointPage",
        "sibling.open": "largeIntestinePoints",
        "locked.open": "upgradeFromLung",
        "areas.open": "bodyAreas",
        "level.back": "channels",
      },
    },
    largeIntestinePoints: {
      on: { "channel.open": "lungPoints", "locked.open": "upgradeFromLargeIntestine", "level.back": "channels" },
    },
    upgradeFromChannels: { on: { "modal.close": "channels" } },
    upgradeFromLung: { on: { "modal.close": "lungPoints" } },
    upgradeFromLargeIntestine: { on: { "modal.close": "largeIntestinePoints" } },
    pointPage: {},
  },
})

const MENU = "Channels, point categories and body areas"
const CHANNELS = "Channel pathways and points"
const menu = (ui: Ui) => ui.role("navigation", { name: MENU })
const lists = (ui: Ui) => menu(ui).role("listbox")
const menuButton = (ui: Ui) => ui.role("button", { name: "Channel points" })
const upgrade = (ui: Ui) => ui.role("dialog", { name: "This is part of Jingluo Pro" })

/**
 * An option of a column chosen the walk's way: a click; or Tab (Shift+Tab) to the column, Home,
 * ArrowDown to the option, and Enter.
 */
const choose = (list: Matcher, option: Matcher) => async (ui: Ui) => {
  const column = menu(ui).role("listbox", { name: list })
  const target = column.role("option", { name: option })
  if (ui.input === "mouse") return target.click()
  await tabTo(ui, column, { into: true })
  await ui.keyboard.press("Home")
  for (let i = 0; i < 30 && (await target.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowDown")
  await ui.expect(target).toBeFocused()
  await ui.keyboard.press("Enter")
}

const noDialog = (ui: Ui) => ui.expect(ui.role("dialog")).toHaveCount(0)
const upgradeShown = (ui: Ui) => ui.expect(upgrade(ui)).toBeVisible()

// The msw answers: the menus with a locked channel and vessel, and LU-9's page.
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

const section = (id: MenuType, title: string, children: ReadonlyArray<typeof MenuEntry.Encoded>) =>
  ({
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
  }) satisfies typeof MenuSection.Encoded

const channel = (
  id: string,
  title: string,
  slug: string,
  permission: boolean,
  points: Array<typeof MenuPoint.Encoded>,
) => entry({ id, title, slug, itemType: "channel", menuType: "channels", group: "channels" }, permission, points)

const menus = [
  section("channels", CHANNELS, [
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

export default defineModel<Facts, Ctx>({
  id: "drill-down",
  title: "The drill-down menu",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/",
  covers: ["menu"],
  skips: {
    "menu data.ready menu.select [isGroupsSection]":
      "the learner's groups column of the menu is the groups journeys' case (tests/e2e/point-groups.spec.ts)",
    "menu data.ready menu.select [isUnknown]": "the view offers only items of the menus the server sent",
    "menu layout.settled viewport.resize": "the column count on resizing is the machine tests' case (tests/machines)",
    "menu layout.debouncing viewport.resize":
      "the column count on resizing is the machine tests' case (tests/machines)",
    "menu layout.debouncing after.resizeDebounce":
      "the column count on resizing is the machine tests' case (tests/machines)",
  },
  context: (facts) => ({ facts }),
  ready: (ui) => ui.expect(ui.role("heading", { level: 1, name: /Welcome back/ })).toBeVisible(),
  states: {
    closed: {
      means: "no menu open",
      check: (ui) => ui.expect(menu(ui)).toHaveCount(0),
    },
    menuFailed: {
      means: "the menu says it could not load, with Try again",
      check: async (ui) => {
        await ui.expect(menu(ui).role("alert")).toHaveText("Something went wrong. Please try again.")
        await ui.expect(menu(ui).role("button", { name: "Try again" })).toBeVisible()
        await ui.expect(lists(ui)).toHaveCount(0)
      },
    },
    sections: {
      means: "the first column, Browse, alone",
      check: async (ui) => {
        await ui.expect(menu(ui).role("listbox", { name: "Browse" })).toBeVisible()
        await ui.expect(lists(ui)).toHaveCount(1)
      },
    },
    channels: {
      means: "the channels column beside Browse: Stomach marked Pro, the vessels grouped",
      check: async (ui) => {
        const list = menu(ui).role("listbox", { name: CHANNELS })
        await ui.expect(list.role("option", { name: /Stomach Channel/ })).toHaveText("Pro")
        await ui.expect(list.role("group", { name: "Extraordinary vessels" })).toBeVisible()
        await ui.expect(lists(ui)).toHaveCount(2)
        await noDialog(ui)
      },
    },
    bodyAreas: {
      means: "the body areas column beside Browse, Body areas selected",
      check: async (ui) => {
        await ui.expect(menu(ui).role("listbox", { name: "Body areas" })).toBeVisible()
        await ui.expect(menu(ui).role("option", { name: "Body areas" })).toHaveAttribute("aria-selected", "true")
        await ui.expect(lists(ui)).toHaveCount(2)
      },
    },
    lungPoints: {
      means: "the Lung channel's points in the third column, with a link to the channel page",
      check: async (ui, { facts }) => {
        const points = menu(ui).role("listbox", { name: facts.lung.list })
        await ui.expect(points.role("option")).toHaveCount(facts.lung.points)
        await ui
          .expect(menu(ui).role("link", { name: "Channel page" }))
          .toHaveAttribute("href", "/book/pages/channels/lung-channel")
        await ui.expect(lists(ui)).toHaveCount(3)
        await noDialog(ui)
      },
    },
    largeIntestinePoints: {
      means: "the Large Intestine channel's points in place of the Lung's",
      check: async (ui, { facts }) => {
        const points = menu(ui).role("listbox", { name: facts.largeIntestine.list })
        await ui.expect(points.role("option")).toHaveCount(facts.largeIntestine.points)
        await ui.expect(menu(ui).role("listbox", { name: facts.lung.list })).toHaveCount(0)
        await ui.expect(lists(ui)).toHaveCount(3)
        await noDialog(ui)
      },
    },
    upgradeFromChannels: { means: "the lite upgrade modal over the channels", check: upgradeShown },
    upgradeFromLung: { means: "the lite upgrade modal over the Lung points", check: upgradeShown },
    upgradeFromLargeIntestine: { means: "the lite upgrade modal over the Large Intestine points", check: upgradeShown },
    pointPage: {
      means: "LU-9's page",
      check: async (ui) => {
        await ui.expect(ui.role("heading", { level: 1, name: /LU-9 Tàiyuān/ })).toBeVisible()
        await ui.eventually(async () => assert.equal((await ui.location()).pathname, "/point/lu-9-taiyuan"))
      },
    },
  },
  events: {
    "menu.open": { means: "opens the menu from the header", run: (ui) => press(ui, menuButton(ui)) },
    "menu.openFailing": {
      means: "opens the menu, and the menus fail to load (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/channel-menus", {
          status: 500,
          body: { _tag: "ServerError", message: "x" },
        })
        await press(ui, menuButton(ui))
      },
    },
    "menu.retry": {
      means: "tries loading the menu again, and it comes",
      run: (ui) => press(ui, menu(ui).role("button", { name: "Try again" })),
    },
    "menu.close": {
      means: "closes the menu (its button, or Escape from the first column, focus back on the button)",
      mouse: (ui) => menuButton(ui).click(),
      keyboard: async (ui) => {
        await ui.expect(lists(ui).nth(0)).toContainFocus()
        await ui.keyboard.press("Escape")
        await ui.expect(menuButton(ui)).toBeFocused()
      },
    },
    "section.open": { means: "opens the channels section", run: choose("Browse", CHANNELS) },
    "areas.open": { means: "opens the body areas section", run: choose("Browse", "Body areas") },
    "channel.open": { means: "opens the Lung channel", run: choose(CHANNELS, /Lung Channel/) },
    "sibling.open": {
      means: "opens the Large Intestine channel instead",
      run: choose(CHANNELS, /Large Intestine Channel/),
    },
    "locked.open": { means: "opens the locked Stomach channel", run: choose(CHANNELS, /Stomach Channel/) },
    "point.open": {
      means: "opens LU-9",
      run: (ui, { facts }) => choose(facts.lung.list, /LU-9/)(ui),
    },
    "modal.close": {
      means: "closes the upgrade modal (its close button, or Escape)",
      mouse: async (ui) => {
        await upgrade(ui).role("button", { name: "Close" }).click()
        await noDialog(ui)
      },
      keyboard: async (ui) => {
        await ui.keyboard.press("Escape")
        await noDialog(ui)
      },
    },
    "level.back": {
      means: "goes back a level with Left from the newest column (focus lands there when it opens)",
      keyboard: async (ui) => {
        // After the upgrade modal focus is back on the locked item's column: Tab to the newest one.
        await tabTo(ui, lists(ui).nth(-1), { into: true })
        await ui.keyboard.press("ArrowLeft")
      },
    },
  },
  jsdom: {
    facts: {
      lung: { list: "LU Lung Channel", points: 2 },
      largeIntestine: { list: "LI Large Intestine Channel", points: 3 },
    },
    signedIn: true,
    handlers: () => [
      http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
      http.get(`${API}/api/channel-menus`, () => HttpResponse.json(menus)),
      http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
      http.get(`${API}/api/point/lu-9-taiyuan`, () =>
        HttpResponse.json(pointPage("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan")),
      ),
    ],
  },
  browser: {
    facts: {
      lung: { list: "LU Lung Channel of Hand Taiyin", points: 11 },
      largeIntestine: { list: "LI Large Intestine Channel of Hand Yangming", points: 20 },
    },
    user: "standard",
  },
})

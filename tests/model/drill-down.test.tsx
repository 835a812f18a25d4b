// Model-based test of the drill-down menu (xstate/graph): what a user sees while opening sections,
// channels and points, going back, and meeting a locked channel, walked through the real app
// against an in-memory API (msw).
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import { API, dashboard, renderApp, server } from "../ui/support/render-app.tsx"

const point = (code: string, pinyin: string, name: string, slug: string) => ({
  id: code,
  name: code,
  title: `${pinyin} · ${name}`,
  slug,
  itemType: "point",
  channel_id: code.split("-")[0],
  permission: true,
  role: null,
})

const menus = [
  {
    id: "channels",
    name: "Channel pathways and points",
    title: "Channel pathways and points",
    slug: "channels",
    itemType: "menu",
    menuType: "channels",
    channel_id: null,
    permission: true,
    points: [],
    children: [
      {
        id: "LU",
        name: "LU",
        title: "Lung Channel",
        slug: "lung-channel",
        itemType: "channel",
        menuType: "channels",
        channel_id: "LU",
        permission: true,
        children: [],
        points: [
          point("LU-1", "Zhōngfǔ", "Central Treasury", "lu-1-zhongfu"),
          point("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan"),
        ],
      },
      {
        id: "ST",
        name: "ST",
        title: "Stomach Channel",
        slug: "stomach-channel",
        itemType: "channel",
        menuType: "channels",
        channel_id: "ST",
        permission: false,
        children: [],
        points: [],
      },
    ],
  },
  {
    id: "pointGroups",
    name: "Point groups",
    title: "Point groups",
    slug: "pointGroups",
    itemType: "menu",
    menuType: "pointGroups",
    channel_id: null,
    permission: true,
    points: [],
    children: [],
  },
  {
    id: "bodyAreas",
    name: "Body areas",
    title: "Body areas",
    slug: "bodyAreas",
    itemType: "menu",
    menuType: "bodyAreas",
    channel_id: null,
    permission: true,
    points: [],
    children: [],
  },
]

const plans = [
  { id: 3, name: "Pro", prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }] },
]

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
  categories: [],
  bodyAreas: [],
  previous: null,
  next: null,
}

/** What the user can see of the menu. */
const menuModel = createMachine({
  id: "drillDown",
  initial: "closed",
  states: {
    closed: { on: { "menu.open": "sections" } },
    sections: { on: { "section.open": "channels", "menu.close": "closed" } },
    channels: { on: { "channel.open": "lungPoints", "locked.open": "upgradeModal", "level.back": "sections" } },
    lungPoints: { on: { "point.open": "pointPage", "level.back": "channels" } },
    upgradeModal: { on: { "modal.close": "channels" } },
    pointPage: {},
  },
})

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const menu = () => within(screen.getByRole("navigation", { name: "Channels, point groups and body areas" }))

describe("drill-down menu (model-based)", () => {
  const paths = createTestModel(menuModel).getShortestPaths()

  it("walks through every state of the model", () => {
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]))
    expect([...reached].sort()).toEqual(Object.keys(menuModel.config.states ?? {}).sort())
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
      await path.test({
        states: {
          closed: () => {
            expect(screen.queryByRole("navigation", { name: "Channels, point groups and body areas" })).toBeNull()
          },
          sections: async () => {
            expect(await menu().findByRole("listbox", { name: "Browse" })).toBeInTheDocument()
            expect(menu().getAllByRole("listbox")).toHaveLength(1)
          },
          channels: async () => {
            expect(await menu().findByRole("listbox", { name: "Channel pathways and points" })).toBeInTheDocument()
            expect(menu().getByRole("option", { name: /Stomach Channel/ })).toHaveTextContent("Pro")
            expect(screen.queryByRole("dialog")).toBeNull()
          },
          lungPoints: async () => {
            const points = await menu().findByRole("listbox", { name: "Lung Channel" })
            expect(within(points).getAllByRole("option")).toHaveLength(2)
            expect(menu().getAllByRole("listbox")).toHaveLength(3)
          },
          upgradeModal: async () => {
            expect(await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeInTheDocument()
          },
          pointPage: async () => {
            expect(await screen.findByRole("heading", { level: 1, name: /LU-9 Tàiyuān/ })).toBeInTheDocument()
            expect(window.location.pathname).toBe("/point/lu-9-taiyuan")
          },
        },
        events: {
          "menu.open": async () => {
            await user.click(screen.getByRole("button", { name: "Channel points" }))
          },
          "menu.close": async () => {
            await user.click(screen.getByRole("button", { name: "Channel points" }))
          },
          "section.open": async () => {
            await user.click(await menu().findByRole("option", { name: "Channel pathways and points" }))
          },
          "channel.open": async () => {
            await user.click(menu().getByRole("option", { name: /Lung Channel/ }))
          },
          "locked.open": async () => {
            await user.click(menu().getByRole("option", { name: /Stomach Channel/ }))
          },
          "modal.close": async () => {
            await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }))
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
          },
          "level.back": async () => {
            // Focus lands in the newest column when it opens; Left goes back from there.
            const lists = menu().getAllByRole("listbox")
            await waitFor(() => expect(lists.at(-1)!.contains(document.activeElement)).toBe(true))
            await user.keyboard("{ArrowLeft}")
          },
          "point.open": async () => {
            await user.click(menu().getByRole("option", { name: /LU-9/ }))
          },
        },
      })
    })
  }
})

// Model of the chart explorer (§4 body charts): what a visitor sees while picking views, zooming,
// switching to the list, walking a channel point by point, opening a point, highlighting the points
// with organs beneath (kept in the address and across views) and practising "find the point" — by
// mouse and by keyboard alone, along walks that take every transition and along a long detour.
// Which position is right, and which points a highlight marks, is read from the served chart, as
// the app draws it.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { highlightedPoints } from "../../src/domain/charts/chart-safety.ts"
import type { ServedChart } from "../../src/domain/charts/chart-views.ts"
import { pointHref } from "../../src/domain/content/content-links.ts"
import { chartsById } from "../support/chart-fixtures.ts"
import { lu2Page, lu4Page, plans } from "../support/point-fixtures.ts"
import { API, dashboard } from "../ui/support/api-data.ts"
import type { Target, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { tabTo } from "./support/steps.ts"

interface Facts {
  /** The Lung channel's heading in the list. */
  readonly lungHeading: string
  /** LU-2's location, as the details beside the chart say it. */
  readonly lu2Location: string
  /** The palm's first point in the walk, and the one after it (the point opened from the palm). */
  readonly palmFirst: RegExp
  readonly palmNext: { readonly name: RegExp; readonly slug: string }
}

interface Ctx {
  readonly facts: Facts
  /** The slug of the point opened; the point asked, its letter and the letter chosen in practice. */
  opened: string | null
  answered: { code: string; letter: string; chosen: string } | null
}

/**
 * What the user can see of the explorer. Both inputs zoom, switch to the list and back, change the
 * view back and forth, open a point and practise; only the keyboard walks a channel point by point
 * (the pointer simply clicks the point it wants), so `walk` has no mouse way.
 */
const machine = createMachine({
  id: "explorer",
  initial: "front",
  states: {
    front: {
      on: {
        "zoom.in": "zoomed",
        "mode.list": "list",
        "view.palm": "palm",
        walk: "walked",
        "safety.organs": "highlighted",
      },
    },
    highlighted: { on: { "safety.none": "front", "view.palm": "palmHighlighted" } },
    palmHighlighted: { on: { "safety.none": "palm" } },
    zoomed: { on: { "zoom.reset": "front", "view.palm": "palm" } },
    list: { on: { "mode.chart": "front", "list.open": "pointPage" } },
    walked: { on: { "point.open": "pointPage", "view.palm": "palm" } },
    palm: { on: { "view.front": "front", "practice.start": "practising", "point.open": "pointPage" } },
    practising: { on: { "answer.right": "answered", "answer.wrong": "answeredWrong", explore: "palm" } },
    answered: { on: { "practice.next": "practising", explore: "palm" } },
    answeredWrong: { on: { "practice.next": "practising" } },
    pointPage: {},
  },
})

const VIEWS = /Whole body, front|Hand, palm/
const panel = (ui: Ui) => ui.role("region", { name: VIEWS })
const drawing = (ui: Ui) => panel(ui).role("group", { name: VIEWS })
const zoomTool = (ui: Ui, name: string) => ui.role("toolbar", { name: "Zoom and pan" }).role("button", { name })
const asking = /^Where is [A-Z]{2}-\d+/
const question = (ui: Ui) => ui.role("radiogroup", { name: asking })

/** A choice of a segmented control: a click, or Tab to it, the arrows to the choice, and Space. */
const chooseSegment = async (ui: Ui, group: string, option: string) => {
  const radios = ui.role("radiogroup", { name: group })
  const target = radios.role("radio", { name: option })
  if (ui.input === "mouse") return target.click()
  await tabTo(ui, radios, { into: true })
  for (let i = 0; i < 4 && (await target.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowRight")
  for (let i = 0; i < 4 && (await target.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowLeft")
  await ui.expect(target).toBeFocused()
  await ui.keyboard.press("Space")
  await ui.expect(target).toHaveAttribute("aria-checked", "true")
}

/** The view picker: a click and a click, or Tab, Enter, the arrows to the view and Enter. */
const pickView = async (ui: Ui, name: string) => {
  const button = ui.role("button", { name: /View/ })
  const option = ui.role("option", { name })
  if (ui.input === "mouse") {
    await button.click()
    await option.click()
  } else {
    await tabTo(ui, button)
    await ui.keyboard.press("Enter")
    await ui.expect(option).toBeVisible()
    for (let i = 0; i < 14 && (await option.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowDown")
    for (let i = 0; i < 14 && (await option.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowUp")
    await ui.expect(option).toBeFocused()
    await ui.keyboard.press("Enter")
  }
  await ui.expect(ui.role("heading", { level: 2, name })).toBeVisible()
}

const highlightButton = (ui: Ui) => ui.role("button", { name: /Highlight/ })

/** The Highlight choice: a click and a click, or Tab, Enter, the arrows to the choice and Enter; the keyboard stays on it. */
const chooseHighlight = async (ui: Ui, name: string) => {
  const option = ui.role("option", { name })
  if (ui.input === "mouse") {
    await highlightButton(ui).click()
    await option.click()
  } else {
    await tabTo(ui, highlightButton(ui))
    await ui.keyboard.press("Enter")
    await ui.expect(option).toBeVisible()
    for (let i = 0; i < 6 && (await option.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowDown")
    for (let i = 0; i < 6 && (await option.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowUp")
    await ui.expect(option).toBeFocused()
    await ui.keyboard.press("Enter")
  }
  await ui.expect(highlightButton(ui)).toHaveText(name)
  await ui.expect(highlightButton(ui)).toBeFocused()
}

/**
 * "Organs beneath" on a view, as the served chart says: the address holds it, the live region says
 * how many points it marks, and each site of those points is named with its organs.
 */
const showsOrgans = async (ui: Ui, view: string) => {
  await ui.eventually(async () => assert.equal((await ui.location()).searchParams.get("safety"), "organs"))
  await ui.expect(highlightButton(ui)).toHaveText("Organs beneath")
  const chart = (await ui.api.request("GET", `/api/charts/${view}`)).body as ServedChart
  const marked = highlightedPoints(chart, "organs")
  const count = marked.length
  const said =
    count === 0
      ? "no point on this view is highlighted"
      : `${count === 1 ? "one point" : `${count} points`} highlighted on this view`
  await ui.expect(panel(ui).text(new RegExp(`(^| )Organs beneath: ${said}\\.$`))).toHaveCount(1)
  await ui
    .expect(drawing(ui).role("link", { name: / — .+ beneath$/ }))
    .toHaveCount(marked.flatMap((p) => p.sites).length)
}

interface Position {
  readonly letter: string
  readonly radio: Target
  /** Drawn where the served chart puts the point asked about. */
  readonly right: boolean
}

/** The point asked about and the question's positions, each marked right or not by the served chart. */
const positions = async (ui: Ui): Promise<{ code: string; all: ReadonlyArray<Position> }> => {
  const asked = (await ui.role("heading", { level: 2, name: asking }).texts())[0] ?? ""
  const code = /^Where is (\S+)/.exec(asked)?.[1] ?? ""
  const view = (await ui.location()).pathname.split("/").at(-1) ?? ""
  const chart = (await ui.api.request("GET", `/api/charts/${view}`)).body as ServedChart
  const sites = chart.points.find((p) => p.code === code)?.sites ?? []
  const all: Array<Position> = []
  for (let i = 0; i < (await question(ui).role("radio").count()); i++) {
    const radio = question(ui).role("radio").nth(i)
    const marker = radio.css(".answer-marker")
    const [x, y] = [Number(await marker.attribute("cx")), Number(await marker.attribute("cy"))]
    const letter = /^Position (\w)/.exec((await radio.attribute("aria-label")) ?? "")?.[1] ?? ""
    all.push({ letter, radio, right: sites.some((s) => Math.hypot(s.x - x, s.y - y) < 0.5) })
  }
  assert.equal(all.filter((p) => p.right).length, 1, `one position of the question is where ${code} lies`)
  return { code, all }
}

/**
 * A position chosen and checked: a click and Check; or Tab into the question, the arrows to the
 * position (Space when the keyboard is on it already), Tab to Check and Enter.
 */
const answerWith = (right: boolean) => async (ui: Ui, ctx: Ctx) => {
  const { code, all } = await positions(ui)
  const target = all.find((p) => p.right === right)
  const correct = all.find((p) => p.right)
  assert.ok(target && correct)
  ctx.answered = { code, letter: correct.letter, chosen: target.letter }
  if (ui.input === "mouse") {
    await target.radio.click()
    await ui.role("button", { name: "Check" }).click()
  } else {
    await tabTo(ui, question(ui), { into: true })
    const index = all.indexOf(target)
    for (let i = 0; i < 8 && (await target.radio.attribute("aria-checked")) !== "true"; i++) {
      let at = -1
      for (const [j, p] of all.entries()) if ((await p.radio.focusRelation()) === "self") at = j
      await ui.keyboard.press(at === index ? "Space" : at < index ? "ArrowDown" : "ArrowUp")
    }
    await ui.expect(target.radio).toHaveAttribute("aria-checked", "true")
    await tabTo(ui, ui.role("button", { name: "Check" }))
    await ui.keyboard.press("Enter")
  }
  await ui.expect(ui.role("button", { name: "Next point" })).toBeVisible()
}

export default defineModel<Facts, Ctx>({
  id: "chart-explorer",
  title: "The chart explorer",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/book/charts",
  covers: ["practice"],
  skips: {
    "practice starting always [else]":
      "needs a view none of whose points the user may open (all Pro); both of the model's views have free ones",
  },
  detours: [
    [
      "zoom.in",
      "zoom.reset",
      "mode.list",
      "mode.chart",
      "view.palm",
      "practice.start",
      "answer.right",
      "practice.next",
      "answer.right",
      "explore",
      "view.front",
      "view.palm",
      "point.open",
    ],
  ],
  context: (facts) => ({ facts, opened: null, answered: null }),
  ready: async (ui) => {
    await ui.expect(ui.role("heading", { level: 1, name: "Body charts" })).toBeVisible()
    await ui.expect(ui.role("group", { name: "Whole body, front" })).toBeVisible()
  },
  states: {
    front: {
      means: "the whole body from the front, not zoomed",
      check: async (ui) => {
        await ui.expect(ui.role("group", { name: "Whole body, front" })).toBeVisible()
        await ui.expect(zoomTool(ui, "Zoom out")).toBeDisabled()
        assert.match((await ui.location()).pathname, /^\/book\/charts(\/body-front)?$/)
        assert.equal((await ui.location()).searchParams.get("safety"), null)
        await ui.expect(drawing(ui).css(".chart-safety-mark")).toHaveCount(0)
      },
    },
    highlighted: {
      means: "the front view with the points over organs marked and named so, their number said",
      check: (ui) => showsOrgans(ui, "body-front"),
    },
    palmHighlighted: {
      means: "the palm view, the highlight kept in the address and said with the view",
      check: async (ui) => {
        await ui.expect(ui.role("group", { name: "Hand, palm" })).toBeVisible()
        assert.equal((await ui.location()).pathname, "/book/charts/hand-palm")
        await showsOrgans(ui, "hand-palm")
      },
    },
    zoomed: {
      means: "the chart zoomed in, its level said",
      check: async (ui) => {
        await ui.expect(zoomTool(ui, "Whole view")).toBeEnabled()
        await ui.expect(panel(ui).text(/^Zoom \d+ %$/)).toHaveCount(1)
      },
    },
    list: {
      means: "the points as a list by channel, no drawing",
      check: async (ui, { facts }) => {
        await ui.expect(panel(ui).role("heading", { name: facts.lungHeading })).toBeVisible()
        await ui.expect(panel(ui).role("group")).toHaveCount(0)
      },
    },
    walked: {
      means: "the keyboard on LU-2, its details beside the chart",
      check: async (ui, { facts }) => {
        await ui.expect(ui.focused()).toHaveAccessibleName(/^LU-2 Yúnmén/)
        const details = ui.role("complementary")
        await ui.expect(details).toHaveText("LU-2 Yúnmén")
        await ui.expect(details).toHaveText(facts.lu2Location)
      },
    },
    palm: {
      means: "the palm view, in the URL, with its points",
      check: async (ui, { facts }) => {
        await ui.expect(ui.role("group", { name: "Hand, palm" })).toBeVisible()
        assert.equal((await ui.location()).pathname, "/book/charts/hand-palm")
        await ui.expect(drawing(ui).role("link", { name: facts.palmFirst })).toBeVisible()
      },
    },
    practising: {
      means: "“where is …?” with its positions and Check",
      check: async (ui) => {
        await ui.expect(ui.role("heading", { level: 2, name: asking })).toBeVisible()
        await ui.expect(question(ui)).toBeVisible()
        await ui.expect(ui.role("button", { name: "Check" })).toBeVisible()
      },
    },
    answered: {
      means: "the judgement “Right: … is at position …” and the score",
      check: async (ui, ctx) => {
        assert.ok(ctx.answered)
        await ui.expect(ui.text(`Right: ${ctx.answered.code} is at position ${ctx.answered.letter}.`)).toBeVisible()
        await ui.expect(ui.text(/^\d+ of \d+ right$/)).toBeVisible()
      },
    },
    answeredWrong: {
      means: "the judgement “Not quite: you chose …; … is at position …” and the score",
      check: async (ui, ctx) => {
        assert.ok(ctx.answered)
        const { code, letter, chosen } = ctx.answered
        await ui.expect(ui.text(`Not quite: you chose ${chosen}; ${code} is at position ${letter}.`)).toBeVisible()
        await ui.expect(ui.text(/^\d+ of \d+ right$/)).toBeVisible()
      },
    },
    pointPage: {
      means: "the page of the point opened",
      check: async (ui, ctx) => {
        assert.ok(ctx.opened)
        const code = ctx.opened.split("-").slice(0, 2).join("-").toUpperCase()
        await ui.expect(ui.role("heading", { level: 1, name: new RegExp(`^${code} `) })).toBeVisible()
        await ui.eventually(async () => assert.equal((await ui.location()).pathname, pointHref(ctx.opened ?? "")))
      },
    },
  },
  events: {
    "zoom.in": {
      means: "zooms in (the button, or + on the chart)",
      mouse: (ui) => zoomTool(ui, "Zoom in").click(),
      keyboard: async (ui) => {
        await tabTo(ui, drawing(ui), { into: true })
        await ui.keyboard.press("+")
      },
    },
    "zoom.reset": {
      means: "shows the whole view (the button, or 0 on the chart)",
      mouse: (ui) => zoomTool(ui, "Whole view").click(),
      keyboard: async (ui) => {
        await tabTo(ui, drawing(ui), { into: true })
        await ui.keyboard.press("0")
      },
    },
    "mode.list": { means: "shows the points as a list", run: (ui) => chooseSegment(ui, "Show as", "List") },
    "mode.chart": { means: "shows the chart again", run: (ui) => chooseSegment(ui, "Show as", "Chart") },
    "view.palm": { means: "picks the palm view", run: (ui) => pickView(ui, "Hand, palm") },
    "safety.organs": {
      means: "highlights the points with organs beneath",
      run: (ui) => chooseHighlight(ui, "Organs beneath"),
    },
    "safety.none": { means: "highlights nothing again", run: (ui) => chooseHighlight(ui, "No highlight") },
    "view.front": { means: "picks the front view", run: (ui) => pickView(ui, "Whole body, front") },
    walk: {
      means: "Tabs into the chart (LU-1) and walks on to LU-2 with ArrowRight",
      keyboard: async (ui) => {
        await tabTo(ui, drawing(ui), { into: true })
        await ui.expect(ui.focused()).toHaveAccessibleName(/^LU-1 Zhōngfǔ/)
        await ui.keyboard.press("ArrowRight")
      },
    },
    "point.open": {
      means: "opens a point: the one the keyboard is on, or the palm's second point",
      mouse: async (ui, ctx) => {
        ctx.opened = ctx.facts.palmNext.slug
        await drawing(ui).role("link", { name: ctx.facts.palmNext.name }).click()
      },
      keyboard: async (ui, ctx) => {
        if ((await ui.focused().attribute("aria-label"))?.startsWith("LU-2")) ctx.opened = "lu-2-yunmen"
        else {
          await tabTo(ui, drawing(ui), { into: true })
          await ui.expect(ui.focused()).toHaveAccessibleName(ctx.facts.palmFirst)
          await ui.keyboard.press("ArrowRight")
          await ui.expect(ui.focused()).toHaveAccessibleName(ctx.facts.palmNext.name)
          ctx.opened = ctx.facts.palmNext.slug
        }
        await ui.keyboard.press("Enter")
      },
    },
    "list.open": {
      means: "opens LU-2 from the list",
      run: async (ui, ctx) => {
        ctx.opened = "lu-2-yunmen"
        const link = panel(ui).role("link", { name: /^LU-2 Yúnmén — Cloud Gate/ })
        if (ui.input === "mouse") return link.click()
        await tabTo(ui, link)
        await ui.keyboard.press("Enter")
      },
    },
    "practice.start": {
      means: "starts “find the point”",
      run: (ui) => chooseSegment(ui, "What to do", "Find the point"),
    },
    explore: {
      means: "goes back to exploring",
      mouse: (ui) => ui.role("radio", { name: "Explore" }).click(),
      keyboard: async (ui) => {
        const explore = ui.role("radio", { name: "Explore" })
        await tabTo(ui, ui.role("radiogroup", { name: "What to do" }), { into: true })
        for (let i = 0; i < 3 && (await explore.focusRelation()) !== "self"; i++) await ui.keyboard.press("ArrowLeft")
        await ui.keyboard.press("Space")
      },
    },
    "answer.right": { means: "chooses the right position and checks it", run: answerWith(true) },
    "answer.wrong": { means: "chooses a wrong position and checks it", run: answerWith(false) },
    "practice.next": {
      means: "goes on to the next point (the keyboard is on Next point already)",
      mouse: (ui) => ui.role("button", { name: "Next point" }).click(),
      keyboard: async (ui) => {
        await ui.expect(ui.role("button", { name: "Next point" })).toBeFocused()
        await ui.keyboard.press("Enter")
      },
    },
  },
  jsdom: {
    facts: {
      lungHeading: "Lung Channel",
      lu2Location: "Cloud Gate: where LU-2 lies, in words.",
      palmFirst: /^LU-3 Tiānfǔ/,
      palmNext: { name: /^LU-4 Xiábái/, slug: "lu-4-xiabai" },
    },
    signedIn: false,
    handlers: () => [
      http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
      http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
      http.get(`${API}/api/charts/:view`, ({ params }) => HttpResponse.json(chartsById[String(params.view)])),
      http.get(`${API}/api/point/lu-2-yunmen`, () => HttpResponse.json(lu2Page)),
      http.get(`${API}/api/point/lu-4-xiabai`, () => HttpResponse.json(lu4Page)),
    ],
  },
  browser: {
    facts: {
      lungHeading: "Lung Channel of Hand Taiyin",
      lu2Location: "In the hollow under the outer end of the clavicle",
      palmFirst: /^LU-7 Lièquē/,
      palmNext: { name: /^LU-8 Jīngqú/, slug: "lu-8-jingqu" },
    },
    user: "visitor",
  },
})

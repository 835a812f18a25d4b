// Model of the searches (§4 search): what a signed-in user sees on /search while using the
// header's search (suggestions, show all), the main search (results, pages, nothing found, clear)
// and the all-points type-ahead — by mouse and by keyboard. What the results must say is read
// from the search API itself (msw's answers, or the real index), so the same checks hold for both.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { KeywordHit, KeywordSearchPayload, KeywordSearchResponse } from "../../src/domain/api/search-api.ts"
import { pointHref } from "../../src/domain/content/content-links.ts"
import { pointPage } from "../support/point-fixtures.ts"
import { API } from "../ui/support/api-data.ts"
import { keywordAnswer, keywordHit, searchDefaults } from "../ui/support/search-fixtures.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { tabTo } from "./support/steps.ts"

/**
 * The word of the main search (the texts a Standard user may search hold it on more than one page
 * of results: locked points' texts are not searched), one no point's text holds, and the header's word.
 */
const WORD = "pain"
const NOTHING = "zzyzx"
const HEADER_WORD = "cough"

interface Ctx {
  /** The slug of the point the user opened last. */
  opened: string | null
}

const machine = createMachine({
  id: "search",
  initial: "ready",
  states: {
    ready: {
      on: {
        "header.open": "headerOpen",
        "main.search": "mainResults",
        "main.searchNothing": "mainNoData",
        "points.type": "pointsListed",
      },
    },
    headerOpen: { on: { "header.type": "headerSuggestions", "header.close": "ready" } },
    headerSuggestions: {
      on: { "header.clear": "headerOpen", "suggestion.open": "pointPage", "header.showAll": "mainResults" },
    },
    mainResults: { on: { "main.clear": "ready", "page.next": "mainPage2", "result.open": "pointPage" } },
    mainPage2: { on: { "page.previous": "mainResults" } },
    mainNoData: { on: { "main.clear": "ready" } },
    pointsListed: { on: { "points.clear": "ready", "point.open": "pointPage" } },
    pointPage: {},
  },
})

/** The server's answer to a keyword search. */
const keywordSearch = async (ui: Ui, keyword: string, page: number) => {
  const { status, body } = await ui.api.request("POST", "/api/keyword-search", { keyword, page })
  assert.equal(status, 200)
  return body as KeywordSearchResponse
}
const suggestions = async (ui: Ui) => {
  const { body } = await ui.api.request("GET", `/api/suggestion/keyword-search?keyword=${HEADER_WORD}`)
  return body as { readonly total: number; readonly results: ReadonlyArray<KeywordHit> }
}
const found = (count: number) => (count === 1 ? "1 point found" : `${count} points found`)
const pages = (answer: KeywordSearchResponse) => Math.ceil(answer.total / answer.pageSize)
const lu7Link = (ui: Ui) => ui.role("link", { name: /LU-7 Lièquē/ })
/** The first result of a page the user may open (msw's LU-7). */
const firstOpen = (answer: KeywordSearchResponse) => {
  const hit = answer.results.find((r) => r.permission)
  assert.ok(hit, "the page has a result the user may open")
  return hit
}
/** A result's title: a link when it is open to the user, a button to the upgrade when locked. */
const resultTitle = (ui: Ui, hit: KeywordHit) =>
  ui.role(hit.permission ? "link" : "button", { name: new RegExp(`^${hit.point} ${hit.pinyin}`) })

const mainForm = (ui: Ui) => ui.role("form", { name: "Keyword" })
const keywordField = (ui: Ui) => mainForm(ui).role("searchbox", { name: "Keyword" })
const pointsPanel = (ui: Ui) => ui.role("region", { name: "Find a point" })
const headerButton = (ui: Ui) => ui.role("banner").role("button", { name: "Search" })
const headerField = (ui: Ui) => ui.role("searchbox", { name: "Search" })
const firstResults = (ui: Ui) => ui.role("listbox", { name: "First results" })
const mainStatus = (ui: Ui) => ui.role("region", { name: "Search the texts" }).role("status").nth(-1)
const searchParam = async (ui: Ui, name: string) => (await ui.location()).searchParams.get(name)

/** A control pressed the walk's way; the keyboard starts from the keyword field and Tabs on. */
const pressFromField = async (ui: Ui, name: string, role: "button" | "link" = "button") => {
  const target = ui.role(role, { name })
  if (ui.input === "mouse") return target.click()
  await keywordField(ui).focus()
  await tabTo(ui, target)
  await ui.keyboard.press("Enter")
}

/** The main search for a word: typed and the Search button clicked, or typed and Enter. */
const searchFor = async (ui: Ui, word: string) => {
  if (ui.input === "mouse") {
    await keywordField(ui).click()
    await ui.keyboard.type(word)
    return mainForm(ui).role("button", { name: "Search" }).click()
  }
  await keywordField(ui).focus()
  await ui.keyboard.type(`${word}`)
  await ui.keyboard.press("Enter")
}

/** An option of a type-ahead list: clicked, or ArrowDown to it and Enter. */
const pickOption = async (ui: Ui, option: ReturnType<Ui["role"]>) => {
  if (ui.input === "mouse") return option.click()
  await ui.keyboard.press("ArrowDown")
  await ui.expect(option).toHaveAttribute("data-focused", "true")
  await ui.keyboard.press("Enter")
}

export default defineModel<null, Ctx>({
  id: "search-flows",
  title: "The searches",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/search",
  covers: [],
  context: () => ({ opened: null }),
  ready: (ui) => ui.expect(ui.role("heading", { level: 1, name: "Search" })).toBeVisible(),
  states: {
    ready: {
      means: "empty fields, Search and Clear disabled, no results, no header search",
      check: async (ui) => {
        await ui.expect(keywordField(ui)).toHaveValue("")
        await ui.expect(mainForm(ui).role("button", { name: "Search" })).toBeDisabled()
        await ui.expect(mainForm(ui).role("button", { name: "Clear" })).toBeDisabled()
        await ui.expect(mainStatus(ui)).toHaveText(/^$/)
        await ui.expect(ui.text(/^Page \d+ of/)).toHaveCount(0)
        await ui.expect(pointsPanel(ui).role("searchbox", { name: "Point name" })).toHaveValue("")
        await ui.expect(pointsPanel(ui).role("option")).toHaveCount(0)
        await ui.expect(headerField(ui)).toHaveCount(0)
        assert.equal((await ui.location()).search, "")
      },
    },
    headerOpen: {
      means: "the header's search field open, empty and focused, no suggestions",
      check: async (ui) => {
        await ui.expect(headerField(ui)).toBeFocused()
        await ui.expect(headerField(ui)).toHaveValue("")
        await ui.expect(headerField(ui)).toHaveAccessibleDescription(/Type a point's name or number/)
        await ui.expect(firstResults(ui).role("option")).toHaveCount(0)
      },
    },
    headerSuggestions: {
      means: "the server's first suggestion for “cough”, its match marked, and the count",
      check: async (ui) => {
        const answer = await suggestions(ui)
        const first = answer.results[0]
        assert.ok(first, "the server suggests a point")
        const marked = first.content.flatMap((c) => c.segments).find((s) => s.match)?.text ?? ""
        const option = firstResults(ui)
          .role("option", { name: new RegExp(first.point) })
          .nth(0)
        await ui.expect(option.css("mark").nth(0)).toHaveText(marked)
        await ui.expect(ui.role("banner").text(found(answer.total))).toBeVisible()
        await ui.expect(headerField(ui)).toHaveValue(HEADER_WORD)
      },
    },
    mainResults: {
      means: "page 1 of the server's results for the word, in the URL too",
      check: async (ui) => {
        const keyword = await keywordField(ui).value()
        assert.notEqual(keyword, "")
        const answer = await keywordSearch(ui, keyword, 1)
        await ui.expect(mainStatus(ui)).toHaveText(found(answer.total))
        await ui.expect(ui.text(`Page 1 of ${pages(answer)}`)).toBeVisible()
        const hit = firstOpen(answer)
        await ui.expect(resultTitle(ui, hit)).toHaveAttribute("href", pointHref(hit.slug))
        await ui.eventually(async () => assert.equal(await searchParam(ui, "keyword"), keyword))
        await ui.expect(headerField(ui)).toHaveCount(0)
      },
    },
    mainPage2: {
      means: "page 2 of the server's results, in the URL too; the cursor on the results' heading, the page said",
      check: async (ui) => {
        const answer = await keywordSearch(ui, await keywordField(ui).value(), 2)
        await ui.expect(ui.text(`Page 2 of ${pages(answer)}`).nth(0)).toBeVisible()
        await ui.expect(ui.role("heading", { level: 2, name: "Results" })).toBeFocused()
        await ui.expect(mainStatus(ui)).toHaveText(`${found(answer.total)}. Page 2 of ${pages(answer)}`)
        const hit = answer.results.find((r) => r.permission) ?? answer.results[0]
        assert.ok(hit, "page 2 has results")
        await ui.expect(resultTitle(ui, hit)).toBeVisible()
        await ui.eventually(async () => assert.equal(await searchParam(ui, "page"), "2"))
      },
    },
    mainNoData: {
      means: "“No results found.” for a word no text holds",
      check: async (ui) => {
        await ui.expect(mainStatus(ui)).toHaveText("No results found.")
        await ui.expect(lu7Link(ui)).toHaveCount(0)
        await ui.expect(keywordField(ui)).toHaveValue(NOTHING)
      },
    },
    pointsListed: {
      means: "LU-9 found by the point search, linked to its page",
      check: async (ui) => {
        const option = pointsPanel(ui).role("option", { name: /LU-9/ })
        await ui.expect(option).toHaveAttribute("href", pointHref("lu-9-taiyuan"))
        await ui.expect(pointsPanel(ui).text("1 point found")).toBeVisible()
      },
    },
    pointPage: {
      means: "the page of the point opened",
      check: async (ui, ctx) => {
        assert.ok(ctx.opened, "a point was opened")
        await ui.eventually(async () => assert.equal((await ui.location()).pathname, pointHref(ctx.opened ?? "")))
        const code = ctx.opened.split("-").slice(0, 2).join("-").toUpperCase()
        await ui.expect(ui.role("heading", { level: 1, name: new RegExp(`^${code} `) })).toBeVisible()
      },
    },
  },
  events: {
    "header.open": {
      means: "opens the header's search",
      mouse: (ui) => headerButton(ui).click(),
      keyboard: async (ui) => {
        await headerButton(ui).focus()
        await ui.keyboard.press("Enter")
      },
    },
    "header.close": {
      means: "closes it (its button, or Escape with focus back on the button)",
      mouse: (ui) => headerButton(ui).click(),
      keyboard: async (ui) => {
        await ui.keyboard.press("Escape")
        await ui.expect(headerButton(ui)).toBeFocused()
      },
    },
    "header.type": {
      means: "types “cough” into it",
      run: async (ui) => {
        if (ui.input === "mouse") await headerField(ui).click()
        await ui.keyboard.type(HEADER_WORD)
      },
    },
    "header.clear": {
      means: "clears it (its Clear button, or Escape)",
      mouse: (ui) => ui.role("banner").role("button", { name: "Clear" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
    "header.showAll": {
      means: "asks for all results (the link, or Enter)",
      mouse: (ui) => ui.role("link", { name: `Show all results for “${HEADER_WORD}”` }).click(),
      keyboard: (ui) => ui.keyboard.press("Enter"),
    },
    "suggestion.open": {
      means: "opens the first suggestion",
      run: async (ui, ctx) => {
        const first = (await suggestions(ui)).results[0]
        assert.ok(first)
        ctx.opened = first.slug
        await pickOption(
          ui,
          firstResults(ui)
            .role("option", { name: new RegExp(first.point) })
            .nth(0),
        )
      },
    },
    "main.search": { means: "searches the texts for “pain”", run: (ui) => searchFor(ui, WORD) },
    "main.searchNothing": { means: "searches for a word no text holds", run: (ui) => searchFor(ui, NOTHING) },
    "main.clear": {
      means: "clears the search (the cursor goes back to the emptied field)",
      run: async (ui) => {
        await pressFromField(ui, "Clear")
        await ui.expect(keywordField(ui)).toBeFocused()
      },
    },
    "page.next": { means: "goes to the next page", run: (ui) => pressFromField(ui, "Next page") },
    "page.previous": {
      means: "goes back a page",
      run: async (ui) => {
        await ui.expect(ui.role("button", { name: "Previous page" })).toBeEnabled()
        await pressFromField(ui, "Previous page")
      },
    },
    "result.open": {
      means: "opens the first result it may open (LU-7 in msw's answer)",
      run: async (ui, ctx) => {
        const hit = firstOpen(await keywordSearch(ui, await keywordField(ui).value(), 1))
        ctx.opened = hit.slug
        const link = resultTitle(ui, hit)
        if (ui.input === "mouse") return link.click()
        await keywordField(ui).focus()
        await tabTo(ui, link)
        await ui.keyboard.press("Enter")
      },
    },
    "points.type": {
      means: "types “lu9” into the point search",
      run: async (ui) => {
        const field = pointsPanel(ui).role("searchbox", { name: "Point name" })
        if (ui.input === "mouse") await field.click()
        else await field.focus()
        await ui.keyboard.type("lu9")
      },
    },
    "points.clear": {
      means: "clears the point search (its Clear button, or Escape)",
      mouse: (ui) => pointsPanel(ui).role("button", { name: "Clear" }).click(),
      keyboard: (ui) => ui.keyboard.press("Escape"),
    },
    "point.open": {
      means: "opens LU-9 from the point search",
      run: async (ui, ctx) => {
        ctx.opened = "lu-9-taiyuan"
        await pickOption(ui, pointsPanel(ui).role("option", { name: /LU-9/ }))
      },
    },
  },
  jsdom: {
    facts: null,
    signedIn: true,
    // The main search finds 12 points (two pages) for any word but the one no text holds.
    handlers: () => [
      http.post(`${API}/api/keyword-search`, async ({ request }) => {
        const { keyword, page = 1 } = (await request.json()) as KeywordSearchPayload
        if (keyword === NOTHING) return HttpResponse.json({ ...keywordAnswer([]), keyword })
        const hit = page === 1 ? keywordHit() : keywordHit({ slug: "lu-9-taiyuan", point: "LU-9", pinyin: "Tàiyuān" })
        return HttpResponse.json({ ...keywordAnswer([hit], 12), keyword, page })
      }),
      http.get(`${API}/api/point/:slug`, ({ params }) => {
        const pages: Record<string, ReturnType<typeof pointPage>> = {
          "lu-7-lieque": pointPage("LU-7", "Lièquē", "Broken Sequence", "lu-7-lieque"),
          "lu-9-taiyuan": pointPage("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan"),
        }
        const found = pages[String(params.slug)]
        return found ? HttpResponse.json(found) : HttpResponse.json({ message: "gone" }, { status: 404 })
      }),
      ...searchDefaults(),
    ],
  },
  browser: { facts: null, user: "standard" },
})

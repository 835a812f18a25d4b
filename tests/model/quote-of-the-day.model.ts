// Model of the footer's quote of the day (§2): today's quote, Load more for the next one, and a
// next one that fails to load (the message says so, and Load more tries again). The smallest model
// here: tests/model/README.md walks through it. What the footer must show is read from the quote
// API itself, so the same checks hold for msw's two quotes and the server's many.
import assert from "node:assert/strict"
import { createMachine } from "xstate"
import type { QuoteOfTheDay } from "../../src/domain/api/system-api.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press } from "./support/steps.ts"

/** What the visitor sees of the quotes: one, two, or one and a message that the next one failed. */
const machine = createMachine({
  id: "quoteOfTheDay",
  initial: "oneQuote",
  states: {
    oneQuote: { on: { "quote.loadMore": "twoQuotes", "quote.loadMoreFailing": "moreFailed" } },
    moreFailed: { on: { "quote.loadMore": "twoQuotes" } },
    twoQuotes: {},
  },
})

const quotes = (ui: Ui) => ui.role("region", { name: "Quote of the day" }).role("blockquote")
const loadMore = (ui: Ui) => ui.role("button", { name: "Load more" })
const MORE_FAILED = "The next quote could not be loaded. Try again in a moment."

/** The quote the server gives at this offset. */
const quoteAt = async (ui: Ui, offset: number) => {
  const { status, body } = await ui.api.request("GET", `/api/quote-of-the-day?offset=${offset}`)
  assert.equal(status, 200)
  return body as typeof QuoteOfTheDay.Encoded
}

/** The footer shows the server's first `count` quotes in order; Load more works while there are more. */
const shows = async (ui: Ui, count: number) => {
  await ui.expect(quotes(ui)).toHaveCount(count)
  for (let offset = 0; offset < count; offset++)
    await ui.expect(quotes(ui).nth(offset)).toHaveText((await quoteAt(ui, offset)).text)
  const { total } = await quoteAt(ui, 0)
  if (count < total) await ui.expect(loadMore(ui)).toBeEnabled()
  else await ui.expect(loadMore(ui)).toBeDisabled()
}

export default defineModel<null, null>({
  id: "quote-of-the-day",
  title: "The quote of the day",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/about-us",
  covers: ["quote"],
  skips: {
    "quote loading error.fetchQuote": "the first quote fails before any step can act: the page loads with it",
    "quote failed quote.retry": "follows the first quote failing, which no step can make happen",
  },
  context: () => null,
  ready: (ui) => ui.expect(quotes(ui)).toHaveCount(1),
  states: {
    oneQuote: {
      means: "today's quote, Load more enabled",
      check: async (ui) => {
        await shows(ui, 1)
        await ui.expect(ui.text(MORE_FAILED)).toHaveCount(0)
      },
    },
    moreFailed: {
      means: "today's quote still, and the message that the next one could not be loaded",
      check: async (ui) => {
        await ui.expect(ui.text(MORE_FAILED)).toBeVisible()
        await shows(ui, 1)
      },
    },
    twoQuotes: {
      means: "today's quote and the next one, no message",
      check: async (ui) => {
        await shows(ui, 2)
        await ui.expect(ui.text(MORE_FAILED)).toHaveCount(0)
      },
    },
  },
  events: {
    "quote.loadMore": { means: "loads the next quote", run: (ui) => press(ui, loadMore(ui)) },
    "quote.loadMoreFailing": {
      means: "loads the next quote, and the call fails (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/quote-of-the-day", {
          status: 500,
          body: { _tag: "ServerError", message: "x" },
        })
        await press(ui, loadMore(ui))
      },
    },
  },
  // msw's quotes are tests/ui/support/render-app.tsx's: two of them, answered for every test.
  jsdom: { facts: null, signedIn: false, handlers: () => [] },
  browser: { facts: null, user: "visitor" },
})

// Model of the support page's review of the app (§2 support, §7 app review): the page opened from
// the settings navigation (or its review failing to load, and loading on a second try), a review
// sent without stars turned back at them, five stars with a comment, a low rating that asks what to
// improve, a save that fails and keeps everything, a saved review that the learner changes — by
// mouse and by keyboard (the stars are a radio group: Tab into it, arrows to choose). What the page
// says about the stored review is read from the server's review.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import type { AppReviewAnswer, SaveAppReviewPayload } from "../../src/domain/feedback/app-review.ts"
import { API } from "../ui/support/api-data.ts"
import {
  dashboardHandler,
  onPage,
  openSettingsPage,
  serverFailure,
  toastSays,
  typeUnlessThere,
} from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Ctx {
  /** The stars chosen on the page (null: none yet). */
  rating: number | null
  /** The stars of the review the server has stored on this path (null: none yet). */
  stored: number | null
}

const LOW = 2
const HIGH = 5
const COMMENT = "Clear pages."
const IMPROVE = "More videos."

const machine = createMachine({
  id: "supportReview",
  initial: "elsewhere",
  states: {
    elsewhere: { on: { "support.open": "empty", "support.openFailing": "loadFailed" } },
    loadFailed: { on: { "support.retry": "empty" } },
    empty: { on: { "review.sendWithoutStars": "starsMissing", "rating.low": "lowRating" } },
    starsMissing: { on: { "rating.high": "highRating" } },
    lowRating: { on: { "rating.high": "highRating", "review.send": "saved" } },
    highRating: { on: { "rating.low": "lowRating", "review.sendFailing": "saveFailed" } },
    saveFailed: { on: { "review.send": "saved" } },
    saved: { on: { "rating.low": "lowRating" } },
  },
})

const stars = (ui: Ui) => ui.role("radiogroup", { name: "Your rating" })
const star = (ui: Ui, n: number) => stars(ui).role("radio", { name: `${n} of 5 stars` })
const comment = (ui: Ui) => ui.role("textbox", { name: "Your comment" })
const improve = (ui: Ui) => ui.role("textbox", { name: "What should we improve?" })
const send = (ui: Ui) => ui.role("button", { name: /^(Send|Change) review$/ })
const formAlert = (ui: Ui) => ui.role("main").role("alert")

/** The review the server holds now. */
const serverReview = async (ui: Ui) => {
  const { status, body } = await ui.api.request("GET", "/api/get-app-review")
  assert.equal(status, 200)
  return (body as typeof AppReviewAnswer.Encoded).review
}

/**
 * The stars chosen the walk's way: a click on the star, or Tab into the group (onto the chosen star,
 * or the first) and the arrow keys — Space when the first one is wanted and none is chosen yet.
 */
const chooseStars = async (ui: Ui, ctx: Ctx, rating: number) => {
  if (ui.input === "mouse") await star(ui, rating).click()
  else {
    await tabTo(ui, stars(ui), { into: true })
    const from = ctx.rating ?? 1
    for (let i = from; i < rating; i++) await ui.keyboard.press("ArrowRight")
    for (let i = from; i > rating; i--) await ui.keyboard.press("ArrowLeft")
    if (ctx.rating === null && rating === 1) await ui.keyboard.press("Space")
  }
  await ui.expect(star(ui, rating)).toBeChecked()
  ctx.rating = rating
}

/** The stars as chosen, and no save said to have failed. */
const rated = async (ui: Ui, ctx: Ctx) => {
  assert.ok(ctx.rating !== null)
  await ui.expect(star(ui, ctx.rating)).toBeChecked()
  await ui.expect(stars(ui).role("radio", { checked: true })).toHaveCount(1)
}

/** The page's line about the stored review, and its button, as the server's review says. */
const storedReviewShown = async (ui: Ui) => {
  const review = await serverReview(ui)
  if (review === null) {
    await ui.expect(ui.text(/^Your review: /)).toHaveCount(0)
    await ui.expect(send(ui)).toHaveText("Send review")
  } else {
    await ui.expect(ui.text(/^Your review: /)).toHaveText(`Your review: ${review.rating} of 5 stars`)
    await ui.expect(send(ui)).toHaveText("Change review")
  }
}

/** msw's side: the learner's one review, stored as the real server stores it. */
const fakeServer = () => {
  let review: typeof AppReviewAnswer.Encoded.review = null
  return [
    dashboardHandler(),
    http.get(`${API}/api/get-app-review`, () => HttpResponse.json({ review })),
    http.post(`${API}/api/save-app-review`, async ({ request }) => {
      const body = (await request.json()) as typeof SaveAppReviewPayload.Encoded
      review = {
        rating: body.rating,
        comment: body.comment ?? "",
        improve: body.improve ?? "",
        language: "en",
        updatedAt: "2026-03-20T09:00:00.000Z",
      }
      return HttpResponse.json({ review })
    }),
  ]
}

const sendReview = async (ui: Ui, ctx: Ctx) => {
  await press(ui, send(ui))
  ctx.stored = ctx.rating
}

export default defineModel<null, Ctx>({
  id: "support-review",
  title: "Reviewing the app on the support page",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/change-my-password",
  covers: ["appReview"],
  context: () => ({ rating: null, stored: null }),
  ready: (ui) => onPage(ui, "Change password"),
  states: {
    elsewhere: {
      means: "another settings page (Change password), with the settings navigation",
      check: (ui) => ui.expect(stars(ui)).toHaveCount(0),
    },
    loadFailed: {
      means: "the page says the review could not be loaded, and offers to try again; no form",
      check: async (ui) => {
        await onPage(ui, "Support")
        await ui.expect(formAlert(ui)).toHaveText("Your review could not be loaded.")
        await ui.expect(ui.role("button", { name: "Try again" })).toBeVisible()
        await ui.expect(stars(ui)).toHaveCount(0)
      },
    },
    empty: {
      means: "no review yet: no star chosen, no question what to improve, “Send review”",
      check: async (ui) => {
        await onPage(ui, "Support")
        assert.equal(await serverReview(ui), null)
        await ui.expect(stars(ui).role("radio")).toHaveCount(5)
        await ui.expect(stars(ui).role("radio", { checked: true })).toHaveCount(0)
        await ui.expect(improve(ui)).toHaveCount(0)
        await storedReviewShown(ui)
      },
    },
    starsMissing: {
      means: "“Choose a rating from 1 to 5 stars.” at the stars, the cursor on them; nothing sent",
      check: async (ui) => {
        await ui.expect(stars(ui)).toHaveAccessibleDescription("Choose a rating from 1 to 5 stars.")
        await ui.expect(stars(ui)).toContainFocus()
        assert.equal(await serverReview(ui), null)
      },
    },
    lowRating: {
      means: "two stars chosen, the comment, and the question what to improve",
      check: async (ui, ctx) => {
        await rated(ui, ctx)
        await ui.expect(improve(ui)).toHaveValue(IMPROVE)
        await ui.expect(comment(ui)).toHaveValue(COMMENT)
        await storedReviewShown(ui)
      },
    },
    highRating: {
      means: "five stars chosen, the comment, no question what to improve, no message",
      check: async (ui, ctx) => {
        await rated(ui, ctx)
        await ui.expect(improve(ui)).toHaveCount(0)
        await ui.expect(comment(ui)).toHaveValue(COMMENT)
        await ui.expect(stars(ui)).not.toHaveAccessibleDescription(/Choose a rating/)
        await storedReviewShown(ui)
      },
    },
    saveFailed: {
      means: "that something went wrong, said above the button; stars and comment kept, nothing stored",
      check: async (ui, ctx) => {
        await ui.expect(formAlert(ui)).toHaveText("Something went wrong. Please try again.")
        await rated(ui, ctx)
        await ui.expect(comment(ui)).toHaveValue(COMMENT)
        assert.equal((await serverReview(ui))?.rating ?? null, ctx.stored)
      },
    },
    saved: {
      means:
        "the thanks in a toast; the review stored as chosen (what to improve only with a low rating), “Change review”",
      check: async (ui, ctx) => {
        await toastSays(ui, "Thank you! Your review is saved.")
        const review = await serverReview(ui)
        assert.equal(review?.rating, ctx.rating)
        assert.equal(review?.comment, COMMENT)
        assert.equal(review?.improve, ctx.rating === LOW ? IMPROVE : "")
        await storedReviewShown(ui)
        await ui.expect(formAlert(ui)).toHaveCount(0)
      },
    },
  },
  events: {
    "support.open": {
      means: "opens Support and feedback in the settings navigation",
      run: (ui) => openSettingsPage(ui, "Support and feedback"),
    },
    "support.openFailing": {
      means: "opens Support and feedback, and the review fails to load (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/get-app-review", serverFailure("Reviews unavailable"))
        await openSettingsPage(ui, "Support and feedback")
      },
    },
    "support.retry": {
      means: "tries again, and the (empty) review comes",
      run: (ui) => press(ui, ui.role("button", { name: "Try again" })),
    },
    "review.sendWithoutStars": {
      means: "sends the review without choosing stars",
      run: (ui) => press(ui, send(ui)),
    },
    "rating.low": {
      means: "chooses two stars, and writes a comment and what to improve (unless they are there)",
      run: async (ui, ctx) => {
        await chooseStars(ui, ctx, LOW)
        await typeUnlessThere(ui, comment(ui), COMMENT)
        await typeUnlessThere(ui, improve(ui), IMPROVE)
      },
    },
    "rating.high": {
      means: "chooses five stars, and writes a comment (unless it is there)",
      run: async (ui, ctx) => {
        await chooseStars(ui, ctx, HIGH)
        await typeUnlessThere(ui, comment(ui), COMMENT)
      },
    },
    "review.send": { means: "sends the review", run: sendReview },
    "review.sendFailing": {
      means: "sends the review, and saving fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/save-app-review", serverFailure("Reviews unavailable"))
        await press(ui, send(ui))
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => fakeServer() },
  browser: { facts: null, user: "standard" },
})

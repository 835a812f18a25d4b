// Model of the sharing form (/acupressure-videos, §5): a Pro member chooses a video (and unchooses
// it: Share cannot be pressed then), previews one in the player's dialog and closes it, sends
// without an address (turned back at the field), types one, is asked whether the patient agreed
// (cancelled: the cursor on the box; agreed: sent), ticks the box themselves, and meets the server's
// refusals — a fault (kept, tried again), an address that unsubscribed (at the field, another one
// typed), the daily limit (the time it frees up) — by mouse and by keyboard. Sent: announced, the
// form cleared, the cursor in the address field, the videos still there to choose.
import { createMachine } from "xstate"
import { sharingHandlers } from "../ui/support/sharing-api.ts"
import { freshAddress, onPage, serverFailure, typeInto } from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Ctx {
  /** The address in the field now ("" when empty). */
  email: string
}

const machine = createMachine({
  id: "shareForm",
  initial: "empty",
  states: {
    empty: { on: { "preview.open": "previewing", "video.choose": "chosen" } },
    previewing: { on: { "preview.close": "empty" } },
    chosen: { on: { "video.unchoose": "empty", "share.withoutEmail": "emailMissing", "email.type": "ready" } },
    emailMissing: { on: { "email.type": "ready" } },
    ready: { on: { "share.submit": "askingConsent", "consent.tick": "consented" } },
    askingConsent: { on: { "consent.cancel": "ready", "consent.agree": "sent" } },
    consented: {
      on: {
        "share.failing": "failedKept",
        "share.unsubscribed": "emailRefused",
        "share.limited": "limited",
        "share.send": "sent",
      },
    },
    failedKept: { on: { "share.retry": "sent" } },
    emailRefused: { on: { "email.replace": "consented" } },
    limited: {},
    sent: { on: { "video.choose": "chosen" } },
  },
})

const videos = (ui: Ui) => ui.role("group", { name: "Videos" })
const firstVideo = (ui: Ui) => videos(ui).role("checkbox").nth(0)
const firstPreview = (ui: Ui) =>
  videos(ui)
    .role("button", { name: /^Preview / })
    .nth(0)
const email = (ui: Ui) => ui.role("textbox", { name: "Patient's e-mail address" })
const consent = (ui: Ui) => ui.role("checkbox", { name: "My patient agreed to receive this e-mail" })
const share = (ui: Ui) => ui.role("button", { name: /^(Share|Try again)$/ })
const question = (ui: Ui) => ui.role("alertdialog", { name: "Did your patient agree to be e-mailed?" })

/** A checkbox toggled the walk's way: a click, or Tab to it and Space. */
const toggle = async (ui: Ui, box: ReturnType<Ui["role"]>) => {
  if (ui.input === "mouse") return box.click()
  await tabTo(ui, box)
  await ui.keyboard.press("Space")
}

/** The form as the user filled it: the address, the first video chosen or not, the box ticked or not. */
const form = async (ui: Ui, ctx: Ctx, chosen: boolean, ticked: boolean) => {
  await onPage(ui, "Acupressure videos")
  await ui.expect(email(ui)).toHaveValue(ctx.email)
  if (chosen) await ui.expect(firstVideo(ui)).toBeChecked()
  else await ui.expect(firstVideo(ui)).not.toBeChecked()
  if (ticked) await ui.expect(consent(ui)).toBeChecked()
  else await ui.expect(consent(ui)).not.toBeChecked()
  if (chosen) await ui.expect(share(ui)).toBeEnabled()
  else {
    await ui.expect(share(ui)).toBeDisabled()
    await ui.expect(share(ui)).toHaveAccessibleDescription("Choose at least one video to share.")
  }
}

const typeAddress = async (ui: Ui, ctx: Ctx) => {
  ctx.email = freshAddress("patient")
  await typeInto(ui, email(ui), ctx.email)
}

/** Share pressed after the network is told how to answer it. */
const shareAnswered = (outcome: Parameters<Ui["network"]["answer"]>[2]) => async (ui: Ui) => {
  await ui.network.answer("POST", "/api/jing/email/patient_videos", outcome)
  await press(ui, share(ui))
}

export default defineModel<null, Ctx>({
  id: "share-form",
  title: "Sharing videos with a patient",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/acupressure-videos",
  covers: ["shareForm"],
  skips: {
    "shareForm loading error.loadVideos [proRequired]":
      "the locked page of a Standard member: tests/ui/sharing/sharing-page.test.tsx and the machine's test",
    "shareForm loading error.loadVideos [else]":
      "a list failing to load: tests/ui/sharing/sharing-catalogue.test.tsx, every failure of the catalogue",
    "shareForm loadFailed videos.retry": "tests/ui/sharing/sharing-catalogue.test.tsx (loads again on Try again)",
    "shareForm sending error.share [proRequired]":
      "a plan that ended between loading and sending: tests/ui/sharing/sharing-catalogue.test.tsx (403)",
    "shareForm (root) captions.toggle": "the player's own controls: tests/model/video-player.model.ts walks them",
    "shareForm (root) captions.language": "the player's own controls: tests/model/video-player.model.ts walks them",
    "shareForm (root) speed.set": "the player's own controls: tests/model/video-player.model.ts walks them",
  },
  context: () => ({ email: "" }),
  ready: (ui) => ui.expect(firstVideo(ui)).toBeVisible(),
  states: {
    empty: {
      means: "the videos, none chosen; Share disabled and saying why",
      check: (ui, ctx) => form(ui, ctx, false, false),
    },
    previewing: {
      means: "the preview dialog: the player with its transcript",
      check: async (ui) => {
        const dialog = ui.role("dialog", { name: /^Preview: / })
        await ui.expect(dialog.role("heading", { name: "Transcript" })).toBeVisible()
        await ui.expect(dialog.role("group", { name: "Video controls" })).toBeVisible()
      },
    },
    chosen: {
      means: "the first video chosen; Share enabled",
      check: (ui, ctx) => form(ui, ctx, true, false),
    },
    emailMissing: {
      means: "“This field is required” at the address, the cursor there",
      check: async (ui, ctx) => {
        await form(ui, ctx, true, false)
        await ui.expect(email(ui)).toHaveAccessibleDescription(/This field is required/)
        await ui.expect(email(ui)).toBeFocused()
      },
    },
    ready: {
      means: "an address and a video; the box unticked, no question open",
      check: async (ui, ctx) => {
        await form(ui, ctx, true, false)
        await ui.expect(question(ui)).toHaveCount(0)
      },
    },
    askingConsent: {
      means: "the question whether the patient agreed, the cursor on “Yes, they agreed”",
      check: (ui) => ui.expect(question(ui).role("button", { name: "Yes, they agreed" })).toBeFocused(),
    },
    consented: {
      means: "an address, a video and the box ticked; Share enabled",
      check: (ui, ctx) => form(ui, ctx, true, true),
    },
    failedKept: {
      means: "“The e-mail was not sent.”, everything kept, and Try again",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("main").role("alert").nth(0)).toHaveText(/^The e-mail was not sent\./)
        await ui.expect(share(ui)).toHaveText("Try again")
        await form(ui, ctx, true, true)
      },
    },
    emailRefused: {
      means: "at the address: it asked to receive no more e-mails from Jingluo members; the cursor there",
      check: async (ui, ctx) => {
        await ui.expect(email(ui)).toHaveAccessibleDescription(/asked to receive no more e-mails from Jingluo members/)
        await ui.expect(email(ui)).toBeFocused()
        await form(ui, ctx, true, true)
      },
    },
    limited: {
      means: "today's limit reached, and the time sharing frees up; everything kept",
      check: async (ui, ctx) => {
        await ui
          .expect(ui.text(/^You have reached today's sharing limit\. You can share again at \d\d:\d\d\.$/))
          .toBeVisible()
        await form(ui, ctx, true, true)
      },
    },
    sent: {
      means: "“Sent to …” announced, the form cleared, the cursor in the address field",
      check: async (ui, ctx) => {
        ctx.email = ""
        await ui.expect(ui.text(/^Sent to .•••@example\.com — the link works until \d+ \w{3} \d{4}$/)).toBeVisible()
        await ui.expect(email(ui)).toBeFocused()
        await form(ui, ctx, false, false)
      },
    },
  },
  events: {
    "video.choose": { means: "chooses the first video", run: (ui) => toggle(ui, firstVideo(ui)) },
    "video.unchoose": { means: "unchooses it again", run: (ui) => toggle(ui, firstVideo(ui)) },
    "preview.open": { means: "opens the first video's preview", run: (ui) => press(ui, firstPreview(ui)) },
    "preview.close": {
      means: "closes it (its Close button, or Escape); the cursor is back on Preview",
      mouse: async (ui) => {
        await ui.role("dialog").role("button", { name: "Close" }).click()
        await ui.expect(firstPreview(ui)).toBeFocused()
      },
      keyboard: async (ui) => {
        await ui.keyboard.press("Escape")
        await ui.expect(firstPreview(ui)).toBeFocused()
      },
    },
    "share.withoutEmail": { means: "presses Share with no address", run: (ui) => press(ui, share(ui)) },
    "email.type": { means: "types a patient's address", run: typeAddress },
    "email.replace": { means: "types another address instead", run: typeAddress },
    "share.submit": { means: "presses Share with the box unticked", run: (ui) => press(ui, share(ui)) },
    "consent.cancel": {
      means: "answers Cancel (or Escape); the cursor lands on the box",
      mouse: async (ui) => {
        await question(ui).role("button", { name: "Cancel" }).click()
        await ui.expect(consent(ui)).toBeFocused()
      },
      keyboard: async (ui) => {
        await ui.keyboard.press("Escape")
        await ui.expect(consent(ui)).toBeFocused()
      },
    },
    "consent.agree": {
      means: "answers “Yes, they agreed”: the box is ticked and the e-mail sent",
      run: (ui) => press(ui, question(ui).role("button", { name: "Yes, they agreed" })),
    },
    "consent.tick": { means: "ticks “My patient agreed…”", run: (ui) => toggle(ui, consent(ui)) },
    "share.send": { means: "presses Share", run: (ui) => press(ui, share(ui)) },
    "share.failing": {
      means: "presses Share, and the server fails (500)",
      run: shareAnswered(serverFailure("Mail queue down")),
    },
    "share.retry": { means: "presses Try again, and it goes", run: (ui) => press(ui, share(ui)) },
    "share.unsubscribed": {
      means: "presses Share, and the address had unsubscribed (422)",
      run: shareAnswered({
        status: 422,
        body: { _tag: "ValidationFailed", message: "x", errors: { email: "validation.patientUnsubscribed" } },
      }),
    },
    "share.limited": {
      means: "presses Share, and today's limit is reached (429)",
      run: shareAnswered({
        status: 429,
        body: { _tag: "TooManyRequests", message: "Limit", retryAfterSeconds: 3600 },
      }),
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => sharingHandlers().handlers },
  browser: { facts: null, user: "pro" },
})

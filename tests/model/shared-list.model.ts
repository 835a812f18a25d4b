// Model of the list of what a member shared (/acupressure-videos, "Shared with patients"): an active
// link asked about and kept (Cancel or Escape: the cursor back on Revoke), revoking failing (the link
// still active, the reason said), and revoked (the row says so, announced, the cursor on its status)
// — by mouse and by keyboard. What the list shows is read from the server's list of shares.
import assert from "node:assert/strict"
import { createMachine } from "xstate"
import type { ShareList } from "../../src/domain/acupressure/patient-sharing.ts"
import { sharingHandlers } from "../ui/support/sharing-api.ts"
import { freshAddress, onPage, serverFailure } from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press } from "./support/steps.ts"

const machine = createMachine({
  id: "sharedList",
  initial: "listed",
  states: {
    listed: { on: { "share.revoke": "asking" } },
    asking: {
      on: { "revoke.dismiss": "listed", "revoke.confirm": "revoked", "revoke.confirmFailing": "revokeFailed" },
    },
    revokeFailed: { on: { "share.revoke": "asking" } },
    revoked: {},
  },
})

/** The member's shares as the server lists them now. */
const serverShares = async (ui: Ui): Promise<ShareList> => {
  const { status, body } = await ui.api.request("GET", "/api/jing/patient_shares")
  assert.equal(status, 200)
  return body as ShareList
}

const table = (ui: Ui) => ui.role("table", { name: "Links you have sent, newest first" })
const revokeButton = (ui: Ui) =>
  table(ui)
    .role("button", { name: /^Revoke the link sent to / })
    .nth(0)
const question = (ui: Ui) =>
  ui.role("alertdialog", { name: "Revoke this link? The patient will no longer be able to watch these videos." })

/** The allowance and one row per share of the server's list, the first one active with its Revoke. */
const listsShares = async (ui: Ui) => {
  const list = await serverShares(ui)
  await onPage(ui, "Acupressure videos")
  await ui.expect(ui.text(`You can share ${list.sharesLeftToday} more times today.`)).toBeVisible()
  await ui.expect(table(ui).role("rowheader")).toHaveCount(list.shares.length)
  return list
}

export default defineModel<null, null>({
  id: "shared-list",
  title: "Revoking a shared link",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/acupressure-videos",
  covers: ["sharedList"],
  skips: {
    "sharedList loading error.loadShares":
      "a list failing to load: tests/ui/sharing/sharing-catalogue.test.tsx, every failure of the catalogue",
    "sharedList loadFailed shares.retry": "tests/machines/sharing/shared-list-machine.test.ts",
    "sharedList refreshing error.loadShares":
      "the list kept when it fails to load again: tests/machines/sharing/shared-list-machine.test.ts",
    "sharedList revoking error.revokeShare [alreadyGone]":
      "a link gone meanwhile (404): tests/ui/sharing/sharing-catalogue.test.tsx",
  },
  context: () => null,
  ready: (ui) => ui.expect(revokeButton(ui)).toBeVisible(),
  states: {
    listed: {
      means: "the server's shares, the newest active with its Revoke, no question open",
      check: async (ui) => {
        const list = await listsShares(ui)
        assert.equal(list.shares[0]?.status, "active")
        await ui.expect(question(ui)).toHaveCount(0)
        await ui.expect(revokeButton(ui)).toBeEnabled()
      },
    },
    asking: {
      means: "the question in place of Revoke, the cursor on “Yes, revoke”",
      check: (ui) => ui.expect(question(ui).role("button", { name: "Yes, revoke" })).toBeFocused(),
    },
    revokeFailed: {
      means: "why it failed; the link still active on the server and in the list",
      check: async (ui) => {
        await ui.expect(ui.role("main").role("alert").nth(0)).toHaveText(/Something went wrong/)
        const list = await listsShares(ui)
        assert.equal(list.shares[0]?.status, "active")
        await ui.expect(revokeButton(ui)).toBeVisible()
      },
    },
    revoked: {
      means: "the row says Revoked, announced, the cursor on that status; the server has revoked it",
      check: async (ui) => {
        await ui.expect(ui.text(/^The link sent to .+ is revoked\.$/)).toHaveCount(1)
        await ui.expect(table(ui).text("Revoked").nth(0)).toBeFocused()
        const list = await listsShares(ui)
        assert.equal(list.shares[0]?.status, "revoked")
      },
    },
  },
  events: {
    "share.revoke": { means: "asks to revoke the newest link", run: (ui) => press(ui, revokeButton(ui)) },
    "revoke.dismiss": {
      means: "keeps it (Cancel, or Escape); the cursor is back on Revoke",
      mouse: async (ui) => {
        await question(ui).role("button", { name: "Cancel" }).click()
        await ui.expect(revokeButton(ui)).toBeFocused()
      },
      keyboard: async (ui) => {
        await ui.keyboard.press("Escape")
        await ui.expect(revokeButton(ui)).toBeFocused()
      },
    },
    "revoke.confirm": {
      means: "answers “Yes, revoke”",
      run: (ui) => press(ui, question(ui).role("button", { name: "Yes, revoke" })),
    },
    "revoke.confirmFailing": {
      means: "answers “Yes, revoke”, and the server fails (500)",
      run: async (ui) => {
        const list = await serverShares(ui)
        await ui.network.answer("DELETE", `/api/jing/patient_shares/${list.shares[0]?.id}`, serverFailure("Down"))
        await press(ui, question(ui).role("button", { name: "Yes, revoke" }))
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => sharingHandlers().handlers },
  browser: {
    facts: null,
    user: "pro",
    // One share to revoke: the first video, to a fresh address.
    prepare: async (ui) => {
      const { body } = await ui.api.request("GET", "/api/jing/patient_videos")
      const first = (body as { videos: ReadonlyArray<{ id: string }> }).videos[0]
      assert.ok(first, "an acupressure video to share")
      const { status } = await ui.api.request("POST", "/api/jing/email/patient_videos", {
        email: freshAddress("patient"),
        videos: [first.id],
      })
      assert.equal(status, 200)
    },
  },
})

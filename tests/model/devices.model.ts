// Model of registered devices (§3, §6, §9): the page opened from the settings navigation (or its
// list failing to load, and loaded again), the first three of five sign-ins until "show all", one
// other device signed out after its confirmation (or kept, or the removal failing), and every
// device signed out after another confirmation (or kept, or that failing) — by mouse and keyboard.
// What the list must show is read from the server's list of devices, so the same checks hold for
// msw's five devices and the real server's five sign-ins.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { DEVICES_SHOWN, type RegisteredDevice, visibleDevices } from "../../src/domain/account/devices.ts"
import { API } from "../ui/support/api-data.ts"
import {
  dashboardHandler,
  onLoginSignedOut,
  onPage,
  openSettingsPage,
  PASSWORD,
  serverAccount,
  serverFailure,
  signedOutOnServer,
  toastSays,
  unauthorized,
} from "./support/account-steps.ts"
import type { Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press } from "./support/steps.ts"

interface Ctx {
  /** The device the user asked to sign out, as the server lists it. */
  asked: RegisteredDevice | null
}

const machine = createMachine({
  id: "devices",
  initial: "elsewhere",
  states: {
    elsewhere: { on: { "devices.open": "listed", "devices.openFailing": "loadFailed" } },
    loadFailed: { on: { "devices.retry": "listed" } },
    listed: {
      on: {
        "list.showAll": "allListed",
        "device.remove": "askingRemove",
        "logoutAll.request": "askingLogoutAll",
      },
    },
    allListed: { on: { "list.showFewer": "listed" } },
    askingRemove: {
      on: { "remove.dismiss": "listed", "remove.confirm": "removed", "remove.confirmFailing": "removeFailed" },
    },
    removed: { on: { "logoutAll.request": "askingLogoutAll" } },
    removeFailed: { on: { "logoutAll.request": "askingLogoutAll" } },
    askingLogoutAll: {
      on: {
        "logoutAll.dismiss": "listed",
        "logoutAll.confirm": "signedOut",
        "logoutAll.confirmFailing": "logoutAllFailed",
      },
    },
    logoutAllFailed: {},
    signedOut: {},
  },
})

/** The sign-ins as the server lists them now. */
const serverDevices = async (ui: Ui): Promise<ReadonlyArray<RegisteredDevice>> => {
  const { status, body } = await ui.api.request("GET", "/api/registered-devices")
  assert.equal(status, 200)
  return body as ReadonlyArray<RegisteredDevice>
}

const list = (ui: Ui) => ui.role("list", { name: "Registered devices" })
const items = (ui: Ui) => list(ui).role("listitem")
/** The other device listed first (the most recently used one). */
const firstOther = (ui: Ui) => items(ui).nth(1)
const removeButton = (ui: Ui) => firstOther(ui).role("button", { name: /^Sign out / })
const removeQuestion = (ui: Ui) => ui.role("alertdialog", { name: /^Sign out .+\? It has to sign in again/ })
const logoutAllQuestion = (ui: Ui) => ui.role("alertdialog", { name: "Sign out on every device, this one included?" })
const logoutAllButton = (ui: Ui) => ui.role("button", { name: "Sign out all devices" })
const showAllButton = (ui: Ui) => ui.role("button", { name: /^Show all \d+ devices$/ })

/**
 * The page lists the server's devices in its order (this one first), all or the first three, with
 * the button that shows all of them or fewer.
 */
const lists = async (ui: Ui, all: boolean) => {
  const devices = await serverDevices(ui)
  assert.ok(devices.length > DEVICES_SHOWN, "more devices than the page shows at first")
  const shown = visibleDevices(devices, all)
  await ui.expect(items(ui)).toHaveCount(shown.length)
  for (const [i, device] of shown.entries()) await ui.expect(items(ui).nth(i)).toHaveText(device.device_name)
  await ui.expect(items(ui).nth(0)).toHaveText("This device")
  await ui.expect(items(ui).nth(0).role("button")).toHaveCount(0)
  if (all) await ui.expect(ui.role("button", { name: "Show fewer" })).toBeVisible()
  else await ui.expect(showAllButton(ui)).toHaveText(`Show all ${devices.length} devices`)
}

/** The list of devices, no question open, and the way to sign out everywhere. */
const listedCheck = async (ui: Ui, all: boolean) => {
  await onPage(ui, "Registered devices")
  await lists(ui, all)
  await ui.expect(ui.role("alertdialog")).toHaveCount(0)
  await ui.expect(logoutAllButton(ui)).toBeEnabled()
}

/** A confirmation answered the walk's way: a click on the button, or Tab to it and Enter. */
const answer = (question: (ui: Ui) => ReturnType<Ui["role"]>, name: string) => (ui: Ui) =>
  press(ui, question(ui).role("button", { name }))

/** A question kept: its Cancel button clicked, or Escape; the cursor is back on the button that asked. */
const keep = (question: (ui: Ui) => ReturnType<Ui["role"]>, asker: (ui: Ui) => ReturnType<Ui["role"]>) => ({
  mouse: async (ui: Ui) => {
    await question(ui).role("button", { name: "Cancel" }).click()
    await ui.expect(asker(ui)).toBeFocused()
  },
  keyboard: async (ui: Ui) => {
    await ui.keyboard.press("Escape")
    await ui.expect(asker(ui)).toBeFocused()
  },
})

const askToRemove = async (ui: Ui, ctx: Ctx) => {
  ctx.asked = visibleDevices(await serverDevices(ui), false)[1] ?? null
  assert.ok(ctx.asked, "another device is listed")
  await press(ui, removeButton(ui))
}

/** Whether the server still lists the device asked about. */
const listsAsked = async (ui: Ui, ctx: Ctx) => (await serverDevices(ui)).some((d) => d.id === ctx.asked?.id)

/**
 * msw's side: this browser's sign-in and four others, kept as the real server keeps them (five, so
 * the list is longer than the page shows at first even after the one removal a path makes).
 */
const fakeServer = () => {
  const device = (id: string, name: string, status: "current" | "active", day: number): RegisteredDevice => ({
    id,
    device_name: name,
    status,
    last_used_at: `2026-03-${String(day).padStart(2, "0")}T09:00:00.000Z`,
    signed_in_at: "2026-03-01T09:00:00.000Z",
    place: day > 15 ? "DE" : "local",
  })
  let devices = [
    device("d1", "Chrome 130 on Linux", "current", 20),
    device("d2", "Firefox 128 on Windows", "active", 19),
    device("d3", "Safari 17 on iOS", "active", 12),
    device("d4", "Chrome 126 on Android", "active", 3),
    device("d5", "Edge 131 on Windows", "active", 1),
  ]
  const signedIn = () => devices.length > 0
  return [
    dashboardHandler(undefined, signedIn),
    http.get(`${API}/api/registered-devices`, () => (signedIn() ? HttpResponse.json(devices) : unauthorized())),
    http.post(`${API}/api/remove-individual-device`, async ({ request }) => {
      const { device_id } = (await request.json()) as { device_id: string }
      devices = devices.filter((d) => d.id !== device_id || d.status === "current")
      return HttpResponse.json({ message: "The device has been signed out." })
    }),
    http.post(`${API}/api/logout-all-devices`, () => {
      devices = []
      return HttpResponse.json({ message: "Signed out everywhere." })
    }),
  ]
}

export default defineModel<null, Ctx>({
  id: "devices",
  title: "Registered devices",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/change-my-password",
  covers: ["devices"],
  context: () => ({ asked: null }),
  ready: (ui) => onPage(ui, "Change password"),
  states: {
    elsewhere: {
      means: "another settings page (Change password), with the settings navigation",
      check: (ui) => ui.expect(list(ui)).toHaveCount(0),
    },
    loadFailed: {
      means: "the page says the devices could not be loaded, and offers to try again",
      check: async (ui) => {
        await ui.expect(ui.role("alert")).toHaveText("Your devices could not be loaded.")
        await ui.expect(ui.role("button", { name: "Try again" })).toBeVisible()
        await ui.expect(list(ui)).toHaveCount(0)
      },
    },
    listed: {
      means: `this device first, then the others, the first ${DEVICES_SHOWN} of them, and “Show all”`,
      check: (ui) => listedCheck(ui, false),
    },
    allListed: {
      means: "all devices, and “Show fewer”",
      check: (ui) => listedCheck(ui, true),
    },
    askingRemove: {
      means: "in place of the device's button, the question whether to sign it out; the cursor on “Yes, sign it out”",
      check: async (ui, ctx) => {
        const question = ui.role("alertdialog", {
          name: `Sign out ${ctx.asked?.device_name}? It has to sign in again to use your account.`,
        })
        await ui.expect(firstOther(ui).role("alertdialog")).toHaveCount(1)
        await ui.expect(question.role("button", { name: "Yes, sign it out" })).toBeFocused()
        await ui.expect(logoutAllButton(ui)).toBeDisabled()
      },
    },
    removed: {
      means: "“The device has been signed out.”, and the list without it, the cursor on the list",
      check: async (ui, ctx) => {
        await toastSays(ui, "The device has been signed out.")
        await ui.expect(list(ui)).toBeFocused()
        assert.ok(!(await listsAsked(ui, ctx)), "the server has signed it out")
        await lists(ui, false)
      },
    },
    removeFailed: {
      means: "the server's message in a toast, and the device still listed, the cursor on the list",
      check: async (ui, ctx) => {
        await toastSays(ui, "This device is already signed out.")
        await ui.expect(list(ui)).toBeFocused()
        assert.ok(await listsAsked(ui, ctx), "the server still lists it")
        await lists(ui, false)
      },
    },
    askingLogoutAll: {
      means: "the question whether to sign out everywhere; the cursor on “Yes, sign out everywhere”",
      check: async (ui) => {
        await ui.expect(logoutAllQuestion(ui).role("button", { name: "Yes, sign out everywhere" })).toBeFocused()
        await ui.expect(logoutAllButton(ui)).toHaveCount(0)
      },
    },
    logoutAllFailed: {
      means: "the server's message in a toast, still signed in with every device listed",
      check: async (ui) => {
        await toastSays(ui, "Signing out failed")
        await serverAccount(ui)
        await ui.expect(logoutAllButton(ui)).toBeVisible()
      },
    },
    signedOut: {
      means: "signed out on the login page, and the server has ended this browser's session too",
      check: async (ui) => {
        await onLoginSignedOut(ui)
        await signedOutOnServer(ui)
      },
    },
  },
  events: {
    "devices.open": {
      means: "opens Registered devices in the settings navigation",
      run: (ui) => openSettingsPage(ui, "Registered devices"),
    },
    "devices.openFailing": {
      means: "opens Registered devices, and the list fails to load (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/registered-devices", serverFailure("Devices unavailable"))
        await openSettingsPage(ui, "Registered devices")
      },
    },
    "devices.retry": {
      means: "tries again, and the list comes",
      run: (ui) => press(ui, ui.role("button", { name: "Try again" })),
    },
    "list.showAll": { means: "shows all devices", run: (ui) => press(ui, showAllButton(ui)) },
    "list.showFewer": {
      means: "shows the first three again",
      run: (ui) => press(ui, ui.role("button", { name: "Show fewer" })),
    },
    "device.remove": { means: "asks to sign out the most recently used other device", run: askToRemove },
    "remove.dismiss": {
      means: "keeps it signed in (Cancel, or Escape)",
      ...keep(removeQuestion, removeButton),
    },
    "remove.confirm": {
      means: "answers yes, sign it out",
      run: answer(removeQuestion, "Yes, sign it out"),
    },
    "remove.confirmFailing": {
      means: "answers yes, and the server refuses (404 with its message)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/remove-individual-device", {
          status: 404,
          body: { _tag: "NotFound", message: "This device is already signed out." },
        })
        await answer(removeQuestion, "Yes, sign it out")(ui)
      },
    },
    "logoutAll.request": { means: "asks to sign out all devices", run: (ui) => press(ui, logoutAllButton(ui)) },
    "logoutAll.dismiss": {
      means: "stays signed in everywhere (Cancel, or Escape)",
      ...keep(logoutAllQuestion, logoutAllButton),
    },
    "logoutAll.confirm": {
      means: "answers yes, sign out everywhere",
      run: answer(logoutAllQuestion, "Yes, sign out everywhere"),
    },
    "logoutAll.confirmFailing": {
      means: "answers yes, and the call fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/logout-all-devices", serverFailure("Signing out failed"))
        await answer(logoutAllQuestion, "Yes, sign out everywhere")(ui)
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => fakeServer() },
  browser: {
    facts: null,
    user: "standard",
    // Four more sign-ins of the account: three named as other devices', then this browser's (its
    // session from now on), so the form's sign-in is another device too.
    prepare: async (ui) => {
      const { email } = (await serverAccount(ui)).user_profile
      for (const device_name of ["Edge 131 on Windows", "Chrome 126 on Android", "Safari 17 on iOS", undefined]) {
        const { status } = await ui.api.request("POST", "/api/login", {
          email,
          password: PASSWORD,
          ...(device_name ? { device_name } : {}),
        })
        assert.equal(status, 200)
      }
    },
  },
})

// Model of the video-settings page (§2 account settings, §3): opened from the settings navigation
// (or its settings failing to load, and loading on a second try), every setting changed — the two
// switches, the caption language, the speed and reduced motion — nothing saved until "Save video
// settings", a save that fails and keeps every choice, a save that holds, and the page opened again
// showing what was saved. By mouse and by keyboard (Tab to a switch and Space; Tab into a radio
// group and the arrow keys). What the page should show is read from the server's settings.
import assert from "node:assert/strict"
import { HttpResponse, http } from "msw"
import { createMachine } from "xstate"
import { DEFAULT_USER_SETTINGS, type UserSettings } from "../../src/domain/account/user-settings.ts"
import {
  VIDEO_CAPTION_LANGUAGES,
  VIDEO_REDUCED_MOTION,
  VIDEO_SPEEDS,
  type VideoSettings,
  videoSettingsOf,
} from "../../src/domain/videos/video-settings.ts"
import { API } from "../ui/support/api-data.ts"
import { dashboardHandler, onPage, openSettingsPage, serverFailure } from "./support/account-steps.ts"
import type { Target, Ui } from "./support/driver.ts"
import { defineModel } from "./support/model.ts"
import { press, tabTo } from "./support/steps.ts"

interface Ctx {
  /** The choices on the page. */
  page: VideoSettings
  /** The video settings the server holds. */
  stored: VideoSettings
}

/** Two sets of choices that differ in every setting; a change goes from one to the other. */
const ONE: VideoSettings = {
  continousPlay: true,
  videoCaptions: true,
  videoCaptionLanguage: "de",
  videoSpeed: 1.5,
  videoReducedMotion: "on",
}
const OTHER: VideoSettings = {
  continousPlay: false,
  videoCaptions: false,
  videoCaptionLanguage: "interface",
  videoSpeed: 0.75,
  videoReducedMotion: "off",
}

const machine = createMachine({
  id: "videoSettings",
  initial: "elsewhere",
  states: {
    elsewhere: { on: { "video.openFailing": "loadFailed", "video.open": "stored" } },
    loadFailed: { on: { "video.retry": "stored" } },
    stored: { on: { "settings.change": "changed" } },
    changed: { on: { "settings.saveFailing": "saveFailed", "settings.save": "saved" } },
    saveFailed: { on: { "settings.change": "changed", "settings.save": "saved" } },
    saved: { on: { "settings.revisit": "stored", "settings.change": "changed" } },
  },
})

const SWITCHES = {
  continousPlay: "Play the next video by itself",
  videoCaptions: "Captions on when a video starts",
} as const
const GROUPS = {
  videoCaptionLanguage: {
    name: "Caption language",
    order: VIDEO_CAPTION_LANGUAGES,
    label: (code: string) =>
      ({ interface: "The app's language (English)", en: "English", de: "Deutsch", es: "Español" })[code] ?? code,
  },
  videoSpeed: {
    name: "Playback speed",
    order: VIDEO_SPEEDS,
    label: (speed: number) => (speed === 1 ? "1× (normal)" : `${speed}×`),
  },
  videoReducedMotion: {
    name: "Reduced motion",
    order: VIDEO_REDUCED_MOTION,
    label: (motion: string) =>
      ({ system: "As my device is set", on: "On: still frames", off: "Off: moving zooms" })[motion] ?? motion,
  },
} as const
type GroupSetting = keyof typeof GROUPS

const switchOf = (ui: Ui, setting: keyof typeof SWITCHES) => ui.role("switch", { name: SWITCHES[setting] })
const groupOf = (ui: Ui, setting: GroupSetting) => ui.role("radiogroup", { name: GROUPS[setting].name })
const radioOf = (ui: Ui, setting: GroupSetting, value: string | number) =>
  groupOf(ui, setting).role("radio", { name: (GROUPS[setting].label as (v: typeof value) => string)(value) })
const save = (ui: Ui) => ui.role("button", { name: "Save video settings" })
const formAlert = (ui: Ui) => ui.role("main").role("alert")
const SAVED = "Your video settings have been saved."

/** The video settings the server holds now. */
const serverSettings = async (ui: Ui) => {
  const { status, body } = await ui.api.request("GET", "/api/user-settings")
  assert.equal(status, 200)
  return videoSettingsOf(body as UserSettings)
}

const expectChecked = (ui: Ui, target: Target, checked: boolean) =>
  checked ? ui.expect(target).toBeChecked() : ui.expect(target).not.toBeChecked()

/** Every control shows these choices. */
const shows = async (ui: Ui, settings: VideoSettings) => {
  for (const setting of Object.keys(SWITCHES) as Array<keyof typeof SWITCHES>)
    await expectChecked(ui, switchOf(ui, setting), settings[setting])
  for (const setting of Object.keys(GROUPS) as Array<GroupSetting>) {
    await ui.expect(radioOf(ui, setting, settings[setting])).toBeChecked()
    await ui.expect(groupOf(ui, setting).role("radio", { checked: true })).toHaveCount(1)
  }
}

/** The server still holds what it held; no notice says otherwise. */
const unsaved = async (ui: Ui, ctx: Ctx) => {
  await shows(ui, ctx.page)
  assert.deepEqual(await serverSettings(ui), ctx.stored)
  await ui.expect(ui.text(SAVED)).toHaveCount(0)
}

/** A switch set the walk's way: a click, or Tab to it and Space. */
const setSwitch = async (ui: Ui, setting: keyof typeof SWITCHES, on: boolean, ctx: Ctx) => {
  if (ctx.page[setting] === on) return
  if (ui.input === "mouse") await switchOf(ui, setting).click()
  else {
    await tabTo(ui, switchOf(ui, setting))
    await ui.keyboard.press("Space")
  }
}

/** A choice made the walk's way: a click on it, or Tab into its group (onto the chosen one) and arrows. */
const choose = async (ui: Ui, setting: GroupSetting, value: string | number, ctx: Ctx) => {
  if (ui.input === "mouse") return radioOf(ui, setting, value).click()
  await tabTo(ui, groupOf(ui, setting), { into: true })
  const order = GROUPS[setting].order as ReadonlyArray<string | number>
  const by = order.indexOf(value) - order.indexOf(ctx.page[setting])
  for (let i = 0; i < Math.abs(by); i++) await ui.keyboard.press(by > 0 ? "ArrowDown" : "ArrowUp")
}

/** The page opened: what it shows is what the server holds. */
const opened = async (ui: Ui, ctx: Ctx) => {
  await onPage(ui, "Video settings")
  ctx.stored = await serverSettings(ui)
  ctx.page = ctx.stored
}

/** msw's side: the learner's settings, kept as the real server keeps them. */
const fakeServer = () => {
  let settings: UserSettings = { ...DEFAULT_USER_SETTINGS }
  return [
    dashboardHandler(),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json(settings)),
    http.post(`${API}/api/user-settings`, async ({ request }) => {
      settings = { ...settings, ...((await request.json()) as Partial<UserSettings>) }
      return HttpResponse.json(settings)
    }),
  ]
}

export default defineModel<null, Ctx>({
  id: "video-settings",
  title: "Choosing how videos play on the video-settings page",
  machine,
  inputs: ["mouse", "keyboard"],
  path: "/account-settings/notes",
  covers: ["videoSettings"],
  context: () => ({ page: OTHER, stored: OTHER }),
  ready: (ui) => onPage(ui, "Notes"),
  states: {
    elsewhere: {
      means: "another settings page (Notes), with the settings navigation",
      check: (ui) => ui.expect(ui.role("radiogroup")).toHaveCount(0),
    },
    loadFailed: {
      means: "the page says the video settings could not be loaded, and offers to try again; no choices",
      check: async (ui) => {
        await onPage(ui, "Video settings")
        await ui.expect(formAlert(ui)).toHaveText(/^Your video settings could not be loaded\./)
        await ui.expect(ui.role("button", { name: "Try again" })).toBeVisible()
        await ui.expect(ui.role("radiogroup")).toHaveCount(0)
      },
    },
    stored: {
      means: "every control shows the settings the server holds; no notice, no message",
      check: async (ui, ctx) => {
        await shows(ui, await serverSettings(ui))
        await unsaved(ui, ctx)
        await ui.expect(formAlert(ui)).toHaveCount(0)
      },
    },
    changed: {
      means:
        "every setting changed on the page, nothing sent yet: the server holds the old ones; no notice, no message",
      check: async (ui, ctx) => {
        await unsaved(ui, ctx)
        await ui.expect(formAlert(ui)).toHaveCount(0)
      },
    },
    saveFailed: {
      means: "that the settings were not saved and the choices are still here; every choice kept, nothing stored",
      check: async (ui, ctx) => {
        await ui
          .expect(formAlert(ui))
          .toHaveText(
            "Your video settings were not saved; your choices are still here. Something went wrong. Please try again.",
          )
        await unsaved(ui, ctx)
      },
    },
    saved: {
      means: "“Your video settings have been saved.” in the page's status; the server holds every choice",
      check: async (ui, ctx) => {
        await ui.expect(ui.role("main").role("status").text(SAVED)).toBeVisible()
        await shows(ui, ctx.page)
        assert.deepEqual(await serverSettings(ui), ctx.page)
        await ui.expect(formAlert(ui)).toHaveCount(0)
      },
    },
  },
  events: {
    "video.open": {
      means: "opens Video settings in the settings navigation",
      run: async (ui, ctx) => {
        await openSettingsPage(ui, "Video settings")
        await opened(ui, ctx)
      },
    },
    "video.openFailing": {
      means: "opens Video settings, and the settings fail to load (500)",
      run: async (ui) => {
        await ui.network.answer("GET", "/api/user-settings", serverFailure("Settings unavailable"))
        await openSettingsPage(ui, "Video settings")
      },
    },
    "video.retry": {
      means: "tries again, and the settings come",
      run: async (ui, ctx) => {
        await press(ui, ui.role("button", { name: "Try again" }))
        await opened(ui, ctx)
      },
    },
    "settings.change": {
      means: "changes every setting: both switches, the caption language, the speed and reduced motion",
      run: async (ui, ctx) => {
        const next = ctx.page.videoSpeed === ONE.videoSpeed ? OTHER : ONE
        await setSwitch(ui, "continousPlay", next.continousPlay, ctx)
        await setSwitch(ui, "videoCaptions", next.videoCaptions, ctx)
        for (const setting of Object.keys(GROUPS) as Array<GroupSetting>) await choose(ui, setting, next[setting], ctx)
        ctx.page = next
      },
    },
    "settings.save": {
      means: "saves with “Save video settings”",
      run: async (ui, ctx) => {
        await press(ui, save(ui))
        ctx.stored = ctx.page
      },
    },
    "settings.saveFailing": {
      means: "saves with “Save video settings”, and saving fails (500)",
      run: async (ui) => {
        await ui.network.answer("POST", "/api/user-settings", serverFailure("Settings unavailable"))
        await press(ui, save(ui))
      },
    },
    "settings.revisit": {
      means: "opens Notes in the settings navigation, then Video settings again",
      run: async (ui, ctx) => {
        await openSettingsPage(ui, "Notes")
        await onPage(ui, "Notes")
        await openSettingsPage(ui, "Video settings")
        await opened(ui, ctx)
      },
    },
  },
  jsdom: { facts: null, signedIn: true, handlers: () => fakeServer() },
  browser: { facts: null, user: "standard" },
})

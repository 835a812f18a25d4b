// The settings toggles (§2 "notes (show-notes toggle)", §4, §8): the learner's settings load (a
// failure says so inline, with a retry); a toggle saves at once with `POST api/user-settings` and a
// success toast; a failed save puts the toggle back and shows the message with an error state.
import { assign, setup } from "xstate"
import type { UserSettings, UserSettingsPatch } from "../../domain/account/user-settings.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall } from "../shared/api-call.ts"

/** The settings a toggle saves. */
export type ToggleSetting = "showNotes" | "continousPlay" | "promotionalEmails"

export interface SettingsTogglesContext {
  readonly settings: UserSettings | null
  readonly loadError: string | null
  readonly saveError: string | null
  /** The toggle being saved, with the value it had before. */
  readonly saving: { readonly field: ToggleSetting; readonly previous: boolean } | null
}

export type SettingsTogglesEvent =
  | { readonly type: "settings.retry" }
  | { readonly type: "toggle.change"; readonly field: ToggleSetting; readonly value: boolean }

export const settingsTogglesMachine = setup({
  types: { context: {} as SettingsTogglesContext, events: {} as SettingsTogglesEvent },
  actors: {
    loadSettings: apiCall<UserSettings>("loadSettings"),
    saveSettings: apiCall<UserSettings, UserSettingsPatch>("saveSettings"),
  },
  actions: {
    /** Provided by the wiring: the success toast. */
    announceSaved: () => {},
    /** Provided by the wiring: the rest of the app follows the saved settings (notes shown or not). */
    settingsChanged: (_, _params: { readonly settings: UserSettings }) => {},
  },
}).createMachine({
  id: "settingsToggles",
  context: { settings: null, loadError: null, saveError: null, saving: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadSettings",
        onDone: { target: "ready", actions: assign(({ event }) => ({ settings: event.output, loadError: null })) },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { on: { "settings.retry": "loading" } },
    ready: {
      on: {
        "toggle.change": {
          target: "saving",
          // The toggle shows the new value at once; a failure puts it back.
          actions: assign(({ context, event }) =>
            context.settings === null
              ? {}
              : {
                  settings: { ...context.settings, [event.field]: event.value },
                  saving: { field: event.field, previous: context.settings[event.field] },
                  saveError: null,
                },
          ),
        },
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "saveSettings",
        input: ({ context }) =>
          context.saving && context.settings ? { [context.saving.field]: context.settings[context.saving.field] } : {},
        onDone: {
          target: "ready",
          actions: [
            assign(({ event }) => ({ settings: event.output, saving: null })),
            "announceSaved",
            { type: "settingsChanged", params: ({ event }) => ({ settings: event.output }) },
          ],
        },
        onError: {
          target: "ready",
          actions: assign(({ context, event }) => ({
            settings:
              context.settings && context.saving
                ? { ...context.settings, [context.saving.field]: context.saving.previous }
                : context.settings,
            saving: null,
            saveError: formErrorKey(event.error),
          })),
        },
      },
    },
  },
})

// The video-settings page (§2 account settings, §3, /account-settings/video-settings): the learner's
// video settings load (a failure says so inline, with a retry), are chosen on the page and saved
// together on its Save button, never one by one; a failed save keeps every choice and says why.
// The player reads what was saved from `GET api/user-settings`.
import { assign, setup } from "xstate"
import type { UserSettings } from "../../domain/account/user-settings.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"
import {
  isVideoSettingValue,
  type VideoSetting,
  type VideoSettings,
  videoSettingsOf,
} from "../../domain/videos/video-settings.ts"
import { apiCall } from "../shared/api-call.ts"

export interface VideoSettingsContext {
  /** The choices on the page; null until the stored settings have loaded. */
  readonly form: VideoSettings | null
  /** The server's message for a field it refused (a page older than the server's choices). */
  readonly errors: FieldErrors
  /** Grows with every save the server turned back at a field, so the view focuses it. */
  readonly rejectedSubmits: number
  readonly loadError: string | null
  readonly saveError: string | null
  /** The choices on the page are the ones just saved. */
  readonly saved: boolean
}

export type VideoSettingsEvent =
  | { readonly type: "field.change"; readonly field: VideoSetting; readonly value: unknown }
  | { readonly type: "settings.save" }
  | { readonly type: "settings.retry" }

export const videoSettingsMachine = setup({
  types: { context: {} as VideoSettingsContext, events: {} as VideoSettingsEvent },
  actors: {
    loadSettings: apiCall<UserSettings>("loadSettings"),
    saveSettings: apiCall<UserSettings, VideoSettings>("saveSettings"),
  },
  guards: {
    /** A value the setting takes: the same Schema the server decodes the request with. */
    isChoice: ({ event }) => event.type === "field.change" && isVideoSettingValue(event.field, event.value),
  },
}).createMachine({
  id: "videoSettings",
  context: { form: null, errors: {}, rejectedSubmits: 0, loadError: null, saveError: null, saved: false },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy", "loading"],
      invoke: {
        src: "loadSettings",
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({ form: videoSettingsOf(event.output), loadError: null })),
        },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { tags: ["loadFailed"], on: { "settings.retry": "loading" } },
    editing: {
      tags: ["editable"],
      on: {
        "field.change": {
          guard: "isChoice",
          actions: assign(({ context, event }) => {
            if (context.form === null) return {}
            const { [event.field]: _answered, ...errors } = context.errors
            return { form: { ...context.form, [event.field]: event.value }, errors, saved: false, saveError: null }
          }),
        },
        "settings.save": {
          target: "saving",
          actions: assign({ errors: {}, saveError: null, saved: false }),
        },
      },
    },
    // The choices stay on the page, read-only, until the answer comes.
    saving: {
      tags: ["busy", "saving"],
      invoke: {
        src: "saveSettings",
        input: ({ context }) => {
          if (context.form === null) throw new Error("saving before the settings loaded")
          return context.form
        },
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({ form: videoSettingsOf(event.output), saved: true })),
        },
        onError: {
          target: "editing",
          actions: assign(({ context, event }) => {
            const errors = failureFieldErrors(event.error)
            return {
              errors,
              saveError: formErrorKey(event.error),
              rejectedSubmits: Object.keys(errors).length > 0 ? context.rejectedSubmits + 1 : context.rejectedSubmits,
            }
          }),
        },
      },
    },
  },
})

// The patient's page (§7 `GET /api/patient/{token}`), opened from the mail without an account: the
// videos a practitioner shared and until when, or plainly that the link has ended or is not valid.
// One player shows the chosen video; the others are listed beside it. It never signs anyone in or out: every failure is said on the page, with a retry where one helps.
import { assign, setup } from "xstate"
import type { PatientPage } from "../../domain/acupressure/patient-sharing.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import type { PlaybackPreferences } from "../../domain/videos/video-playback.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type PlayerPreferenceEvent, preferencesAfter, sharingPreferences } from "./player-preferences.ts"

export interface PatientPageInput {
  readonly token: string
  readonly reducedMotion?: boolean
}

export interface PatientPageContext {
  readonly token: string
  readonly page: PatientPage | null
  readonly error: string | null
  /** The video in the player (one player on the page; the others are listed to choose from). */
  readonly current: number
  readonly preferences: PlaybackPreferences
}

export type PatientPageEvent =
  | { readonly type: "page.retry" }
  | { readonly type: "video.select"; readonly index: number }
  | PlayerPreferenceEvent

const choose = ({ context, event }: { context: PatientPageContext; event: PlayerPreferenceEvent }) => ({
  preferences: preferencesAfter(context.preferences, event),
})

export const patientPageMachine = setup({
  types: { context: {} as PatientPageContext, events: {} as PatientPageEvent, input: {} as PatientPageInput },
  actors: { loadPage: apiCall<PatientPage, { readonly token: string }>("loadPage") },
  guards: {
    isOpen: ({ event }) => "output" in event && (event.output as PatientPage)._tag === "Open",
    isListed: ({ context, event }) =>
      event.type === "video.select" &&
      context.page?._tag === "Open" &&
      event.index >= 0 &&
      event.index < context.page.videos.length,
    notFound: isFailure("NotFound"),
  },
}).createMachine({
  id: "patientPage",
  context: ({ input }) => ({
    token: input.token,
    page: null,
    error: null,
    current: 0,
    preferences: sharingPreferences(input.reducedMotion ?? false),
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["loading"],
      invoke: {
        src: "loadPage",
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: "isOpen", target: "open", actions: assign(({ event }) => ({ page: event.output, error: null })) },
          { target: "ended", actions: assign(({ event }) => ({ page: event.output, error: null })) },
        ],
        onError: [
          { guard: "notFound", target: "notFound" },
          { target: "failed", actions: assign(({ event }) => ({ error: formErrorKey(event.error) })) },
        ],
      },
    },
    open: {
      tags: ["open"],
      on: {
        "video.select": { guard: "isListed", actions: assign(({ event }) => ({ current: event.index })) },
        "captions.toggle": { actions: assign(choose) },
        "captions.language": { actions: assign(choose) },
        "speed.set": { actions: assign(choose) },
      },
    },
    ended: { tags: ["ended"] },
    notFound: { tags: ["notFound"] },
    failed: { tags: ["failed"], on: { "page.retry": "loading" } },
  },
})

// The sharing page's form (§5 "Patient video sharing", §7 `POST /api/jing/email/patient_videos`): the
// acupressure videos load (a Standard member is shown the locked page and offered Pro); the member
// types the patient's address, ticks one or more videos (none ticked: Share cannot be pressed) and the
// box saying the patient agreed — unticked, a question asks first. Sent: the form clears, the videos
// stay. A failure keeps everything typed and chosen: field messages, the daily limit's wait, Pro
// required (the upgrade modal), or the catalogue's message with a way to try again. A video's
// preview plays in a dialog with the player's own choices.
import { and, assign, setup } from "xstate"
import {
  type PatientVideoList,
  type Share,
  type SharePayload,
  SharePayload as SharePayloadSchema,
} from "../../domain/acupressure/patient-sharing.ts"
import { failureFieldErrors, failureOf, formErrorKey } from "../../domain/shared/failures.ts"
import { validate } from "../../domain/shared/validation.ts"
import type { VideoListing } from "../../domain/videos/video-listing.ts"
import type { PlaybackPreferences } from "../../domain/videos/video-playback.ts"
import { apiCall, isFailure } from "../shared/api-call.ts"
import { type FormContext, formFlow, rejectSubmit } from "../shared/form-flow.ts"
import { type PlayerPreferenceEvent, preferencesAfter, sharingPreferences } from "./player-preferences.ts"

export interface ShareForm {
  readonly email: string
  readonly videos: ReadonlyArray<string>
  /** "My patient agreed to receive this e-mail": never sent, asked for when unticked. */
  readonly consent: boolean
}

export const EMPTY_SHARE_FORM: ShareForm = { email: "", videos: [], consent: false }

const flow = formFlow<ShareForm, SharePayload>(validate(SharePayloadSchema))

export interface ShareFormContext extends FormContext<ShareForm> {
  readonly videoList: ReadonlyArray<VideoListing>
  readonly loadError: string | null
  /** The last share sent: the masked address and until when its link works. */
  readonly sent: Pick<Share, "patient" | "expiresAt"> | null
  /** Grows with every share sent, so the view moves focus back to the address once per share. */
  readonly sentCount: number
  /** The daily limit was reached: seconds until another share may go (429). */
  readonly limitedFor: number | null
  /** The video whose preview is open. */
  readonly preview: string | null
  readonly preferences: PlaybackPreferences
}

export type ShareFormEvent =
  | { readonly type: "email.change"; readonly value: string }
  | { readonly type: "email.blur" }
  | { readonly type: "videos.change"; readonly ids: ReadonlyArray<string> }
  | { readonly type: "consent.change"; readonly value: boolean }
  | { readonly type: "form.submit" }
  | { readonly type: "consent.agree" }
  | { readonly type: "consent.cancel" }
  | { readonly type: "videos.retry" }
  | { readonly type: "preview.open"; readonly id: string }
  | { readonly type: "preview.close" }
  | PlayerPreferenceEvent

const retryAfterOf = (error: unknown): number | null => {
  const failure = failureOf(error)
  return failure?._tag === "TooManyRequests" ? failure.retryAfterSeconds : null
}

export const shareFormMachine = setup({
  types: {
    context: {} as ShareFormContext,
    events: {} as ShareFormEvent,
    input: {} as { readonly reducedMotion?: boolean } | undefined,
  },
  actors: {
    loadVideos: apiCall<PatientVideoList>("loadVideos"),
    share: apiCall<Share, SharePayload>("share"),
  },
  actions: {
    /** Provided: the toast saying where the link went. */
    announceSent: (_, _params: { readonly share: Share }) => {},
    /** Provided: a Standard member on the locked page is offered Pro (the lite upgrade modal, once a session). */
    offerUpgrade: () => {},
    /** Provided: sharing needs Pro after all (the plan ended meanwhile): the upgrade modal. */
    openUpgrade: () => {},
  },
  guards: {
    hasVideos: ({ context }) => context.form.videos.length > 0,
    isValid: ({ context }) => flow.isValid(context.form),
    consented: ({ context }) => context.form.consent,
    proRequired: isFailure("ProRequired"),
    invalid: isFailure("ValidationFailed"),
    limited: isFailure("TooManyRequests"),
  },
}).createMachine({
  id: "shareForm",
  context: ({ input }) => ({
    form: EMPTY_SHARE_FORM,
    errors: {},
    formError: null,
    rejectedSubmits: 0,
    videoList: [],
    loadError: null,
    sent: null,
    sentCount: 0,
    limitedFor: null,
    preview: null,
    preferences: sharingPreferences(input?.reducedMotion ?? false),
  }),
  initial: "loading",
  on: {
    "preview.open": { actions: assign(({ event }) => ({ preview: event.id })) },
    "preview.close": { actions: assign({ preview: null }) },
    "captions.toggle": {
      actions: assign(({ context, event }) => ({ preferences: preferencesAfter(context.preferences, event) })),
    },
    "captions.language": {
      actions: assign(({ context, event }) => ({ preferences: preferencesAfter(context.preferences, event) })),
    },
    "speed.set": {
      actions: assign(({ context, event }) => ({ preferences: preferencesAfter(context.preferences, event) })),
    },
  },
  states: {
    loading: {
      tags: ["busy", "loading"],
      invoke: {
        src: "loadVideos",
        onDone: {
          target: "ready",
          actions: assign(({ event }) => ({ videoList: event.output.videos, loadError: null })),
        },
        onError: [
          { guard: "proRequired", target: "locked" },
          { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
        ],
      },
    },
    loadFailed: { tags: ["loadFailed"], on: { "videos.retry": "loading" } },
    locked: { tags: ["locked"], entry: "offerUpgrade" },
    ready: {
      tags: ["form"],
      on: {
        "email.change": { actions: assign(({ context, event }) => flow.change(context, "email", event.value)) },
        "email.blur": { actions: assign(({ context }) => flow.blur(context, "email")) },
        "videos.change": { actions: assign(({ context, event }) => flow.change(context, "videos", event.ids)) },
        "consent.change": { actions: assign(({ context, event }) => flow.change(context, "consent", event.value)) },
        "form.submit": [
          { guard: and(["hasVideos", "isValid", "consented"]), target: "sending" },
          { guard: and(["hasVideos", "isValid"]), target: "askingConsent" },
          { guard: "hasVideos", actions: assign(({ context }) => flow.reject(context)) },
        ],
      },
    },
    askingConsent: {
      tags: ["form", "askingConsent"],
      on: {
        "consent.agree": {
          target: "sending",
          actions: assign(({ context }) => flow.change(context, "consent", true)),
        },
        "consent.cancel": "ready",
      },
    },
    sending: {
      tags: ["form", "busy"],
      entry: assign({ formError: null, limitedFor: null }),
      invoke: {
        src: "share",
        input: ({ context }) => flow.payload(context.form),
        onDone: {
          target: "ready",
          actions: [
            assign(({ context, event }) => ({
              form: EMPTY_SHARE_FORM,
              errors: {},
              sent: { patient: event.output.patient, expiresAt: event.output.expiresAt },
              sentCount: context.sentCount + 1,
            })),
            { type: "announceSent", params: ({ event }) => ({ share: event.output }) },
          ],
        },
        onError: [
          {
            guard: "invalid",
            target: "ready",
            actions: assign(({ context, event }) => rejectSubmit(context, failureFieldErrors(event.error))),
          },
          {
            guard: "limited",
            target: "ready",
            actions: assign(({ event }) => ({ limitedFor: retryAfterOf(event.error) })),
          },
          {
            guard: "proRequired",
            target: "ready",
            actions: [assign({ formError: "form.proRequired" }), "openUpgrade"],
          },
          { target: "ready", actions: assign(({ event }) => ({ formError: formErrorKey(event.error) })) },
        ],
      },
    },
  },
})

/** Whether the page shows the form's send failure with a way to try again (not a field or limit message). */
export const canRetryShare = (context: ShareFormContext) =>
  context.formError !== null && context.formError !== "form.proRequired"

// Keeping the learner's part on the device (issue 33), in the background after sign-in: count what
// the learner may open and what the device already holds of the current content version, then ask
// for the rest a few at a time. The account menu shows the points kept ("12 of 31"); going offline
// pauses it, and the connection's return (or half a minute) resumes it, skipping what is kept;
// signing out stops it (sign-out clears the copies); the learner's setting turns it off (the copies
// go) or on again.
//
//   idle ──start──▶ counting ──▶ downloading ──▶ done
//     │ (setting off)   │  ╲           │  ╲
//     ▼                 ▼   ╲──────────▼───▶ failed ──retry──▶ counting
//    off ◀──turnOff── paused(offline) ──connection.back, 30 s──▶ counting
import { assign, fromCallback, fromPromise, setup } from "xstate"

/** An answer still to ask for, with the ETag of the copy kept, if any (then only a change is sent). */
export interface QueuedAnswer {
  readonly path: string
  readonly point: boolean
  readonly etag: string | null
}

/** What counting finds: the points the learner may open, those kept already, and what to ask for. */
export interface Count {
  readonly total: number
  readonly done: number
  readonly queue: ReadonlyArray<QueuedAnswer>
}

/** Counting could not reach the server: the machine waits for the connection rather than failing. */
export class Unreachable extends Error {
  override readonly name = "Unreachable"
}

export type DownloadReport =
  | { readonly type: "offline.kept"; readonly point: boolean }
  | { readonly type: "offline.finished" }
  | { readonly type: "offline.unreachable" }
  | { readonly type: "offline.error" }

export type OfflineDownloadEvent =
  | { readonly type: "offline.start" }
  | { readonly type: "offline.stop" }
  | { readonly type: "offline.turnOn" }
  | { readonly type: "offline.turnOff" }
  | { readonly type: "offline.retry" }
  | { readonly type: "connection.lost" }
  | { readonly type: "connection.back" }
  | DownloadReport

export interface OfflineDownloadContext {
  /** The learner's setting on this device. */
  readonly enabled: boolean
  /** Points kept of the current content version, and how many the learner may open. */
  readonly done: number
  readonly total: number
  /** Answers fetched this time: a run that fetched nothing has nothing to announce. */
  readonly fetched: number
  readonly queue: ReadonlyArray<QueuedAnswer>
}

const fresh = { done: 0, total: 0, fetched: 0, queue: [] } as const

export const offlineDownloadMachine = setup({
  types: {
    context: {} as OfflineDownloadContext,
    events: {} as OfflineDownloadEvent,
    input: {} as { readonly enabled: boolean },
  },
  actors: {
    count: fromPromise<Count>(async () => ({ total: 0, done: 0, queue: [] })),
    download: fromCallback<OfflineDownloadEvent, { readonly queue: ReadonlyArray<QueuedAnswer> }>(() => () => {}),
  },
  actions: {
    /** Writes the learner's setting for this device. */
    storeSetting: (_, _params: { readonly enabled: boolean }) => {},
    /** Deletes the copies of the content and frees their space. */
    clearContent: () => {},
  },
  delays: {
    /** The server may be out of reach while the browser says it is online: try again after a while. */
    retryLater: 30_000,
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    unreachable: (_, params: { readonly error: unknown }) => params.error instanceof Unreachable,
    nothingToFetch: (_, params: { readonly count: Count }) => params.count.queue.length === 0,
  },
}).createMachine({
  id: "offlineDownload",
  context: ({ input }) => ({ enabled: input.enabled, ...fresh }),
  initial: "idle",
  on: {
    "offline.stop": { target: ".idle", actions: assign(fresh) },
    "offline.turnOff": {
      target: ".off",
      actions: [
        assign({ enabled: false, ...fresh }),
        { type: "storeSetting", params: { enabled: false } },
        "clearContent",
      ],
    },
  },
  states: {
    idle: {
      on: { "offline.start": [{ guard: "enabled", target: "counting" }, { target: "off" }] },
    },
    counting: {
      tags: ["busy"],
      invoke: {
        src: "count",
        onDone: [
          {
            guard: { type: "nothingToFetch", params: ({ event }) => ({ count: event.output }) },
            target: "done",
            actions: assign(({ event }) => ({ ...fresh, total: event.output.total, done: event.output.done })),
          },
          {
            target: "downloading",
            actions: assign(({ event }) => ({ ...event.output, fetched: 0 })),
          },
        ],
        onError: [
          { guard: { type: "unreachable", params: ({ event }) => ({ error: event.error }) }, target: "paused" },
          { target: "failed" },
        ],
      },
      on: { "connection.lost": "paused" },
    },
    downloading: {
      tags: ["busy"],
      invoke: { src: "download", input: ({ context }) => ({ queue: context.queue }) },
      on: {
        "offline.kept": {
          actions: assign(({ context, event }) => ({
            done: event.point ? Math.min(context.total, context.done + 1) : context.done,
            fetched: context.fetched + 1,
          })),
        },
        "offline.finished": { target: "done", actions: assign({ queue: [] }) },
        "offline.unreachable": "paused",
        "connection.lost": "paused",
        "offline.error": "failed",
      },
    },
    done: {
      tags: ["kept"],
      // A later sign-in or visit checks again: only what the content version changed is fetched.
      on: { "offline.start": "counting" },
    },
    paused: {
      after: { retryLater: "counting" },
      on: { "connection.back": "counting", "offline.retry": "counting" },
    },
    failed: {
      on: { "offline.retry": "counting", "connection.back": "counting" },
    },
    off: {
      on: {
        "offline.turnOn": {
          target: "counting",
          actions: [assign({ enabled: true }), { type: "storeSetting", params: { enabled: true } }],
        },
      },
    },
  },
})

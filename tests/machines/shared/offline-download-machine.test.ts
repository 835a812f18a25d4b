import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, SimulatedClock } from "xstate"
import {
  type Count,
  type OfflineDownloadEvent,
  offlineDownloadMachine,
  type QueuedAnswer,
  Unreachable,
} from "../../../src/machines/shared/offline-download-machine.ts"

const queue = (points: number, pages = 0): ReadonlyArray<QueuedAnswer> => [
  ...Array.from({ length: pages }, (_, i) => ({ path: `/api/channels/c${i}`, point: false, etag: null })),
  ...Array.from({ length: points }, (_, i) => ({ path: `/api/point/p${i}`, point: true, etag: null })),
]

/** The machine with a count that answers as told and a download the test drives through `send`. */
const start = (options: { enabled?: boolean; counts?: Array<Count | Error>; clock?: SimulatedClock } = {}) => {
  const counts = [...(options.counts ?? [{ total: 3, done: 1, queue: queue(2, 1) }])]
  const log: Array<string> = []
  let report: ((event: OfflineDownloadEvent) => void) | null = null
  const actor = createActor(
    offlineDownloadMachine.provide({
      actors: {
        count: fromPromise(async () => {
          const next = counts.shift() ?? { total: 0, done: 0, queue: [] }
          if (next instanceof Error) throw next
          return next
        }),
        download: fromCallback<OfflineDownloadEvent, { readonly queue: ReadonlyArray<QueuedAnswer> }>(
          ({ input, sendBack }) => {
            log.push(`download ${input.queue.length}`)
            report = sendBack
            return () => {
              log.push("stopped")
              report = null
            }
          },
        ),
      },
      actions: {
        storeSetting: (_, { enabled }) => void log.push(`setting ${enabled ? "on" : "off"}`),
        clearContent: () => void log.push("cleared"),
      },
    }),
    { input: { enabled: options.enabled ?? true }, ...(options.clock ? { clock: options.clock } : {}) },
  ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { actor, log, report: (event: OfflineDownloadEvent) => report?.(event), settle }
}

describe("offline download machine", () => {
  it("waits idle until started, counts, then downloads what is not kept, counting the points", async () => {
    const { actor, log, report, settle } = start()
    expect(actor.getSnapshot().value).toBe("idle")
    actor.send({ type: "offline.start" })
    expect(actor.getSnapshot().value).toBe("counting")
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    await settle()
    expect(actor.getSnapshot().value).toBe("downloading")
    expect(actor.getSnapshot().context).toMatchObject({ total: 3, done: 1, fetched: 0 })
    expect(log).toEqual(["download 3"])
    // A page's answer counts as fetched, not as a point.
    report({ type: "offline.kept", point: false })
    report({ type: "offline.kept", point: true })
    expect(actor.getSnapshot().context).toMatchObject({ done: 2, fetched: 2 })
    report({ type: "offline.kept", point: true })
    report({ type: "offline.finished" })
    expect(actor.getSnapshot().value).toBe("done")
    expect(actor.getSnapshot().hasTag("kept")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ done: 3, total: 3, fetched: 3, queue: [] })
  })

  it("goes straight to done when the device holds everything of the current version, with nothing to announce", async () => {
    const { actor, log, settle } = start({ counts: [{ total: 31, done: 31, queue: [] }] })
    actor.send({ type: "offline.start" })
    await settle()
    expect(actor.getSnapshot().value).toBe("done")
    expect(actor.getSnapshot().context).toMatchObject({ done: 31, total: 31, fetched: 0 })
    expect(log).toEqual([])
  })

  it("counts again when started anew after done (a new visit: only changes are fetched)", async () => {
    const { actor, settle } = start({
      counts: [
        { total: 2, done: 2, queue: [] },
        { total: 2, done: 1, queue: queue(1) },
      ],
    })
    actor.send({ type: "offline.start" })
    await settle()
    actor.send({ type: "offline.start" })
    expect(actor.getSnapshot().value).toBe("counting")
    await settle()
    expect(actor.getSnapshot().value).toBe("downloading")
  })

  it("stays off when started with the setting off", () => {
    const { actor, log } = start({ enabled: false })
    actor.send({ type: "offline.start" })
    expect(actor.getSnapshot().value).toBe("off")
    expect(log).toEqual([])
  })

  it("pauses while offline — in counting or downloading — and counts again when the connection is back", async () => {
    const { actor, log, report, settle } = start({
      counts: [{ total: 3, done: 0, queue: queue(3) }, new Unreachable(), { total: 3, done: 1, queue: queue(2) }],
    })
    actor.send({ type: "offline.start" })
    await settle()
    report({ type: "offline.kept", point: true })
    actor.send({ type: "connection.lost" })
    expect(actor.getSnapshot().value).toBe("paused")
    expect(log).toEqual(["download 3", "stopped"])
    // Back online: counting finds the server unreachable after all, so it waits again.
    actor.send({ type: "connection.back" })
    expect(actor.getSnapshot().value).toBe("counting")
    await settle()
    expect(actor.getSnapshot().value).toBe("paused")
    actor.send({ type: "connection.back" })
    await settle()
    expect(actor.getSnapshot().value).toBe("downloading")
    expect(actor.getSnapshot().context).toMatchObject({ done: 1, total: 3 })
    // A download that meets no network pauses too.
    report({ type: "offline.unreachable" })
    expect(actor.getSnapshot().value).toBe("paused")
  })

  it("paused, tries again after a while even when the browser never said it was offline", async () => {
    const clock = new SimulatedClock()
    const { actor, settle } = start({ clock, counts: [new Unreachable(), { total: 1, done: 1, queue: [] }] })
    actor.send({ type: "offline.start" })
    await settle()
    expect(actor.getSnapshot().value).toBe("paused")
    clock.increment(29_999)
    expect(actor.getSnapshot().value).toBe("paused")
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe("counting")
    await settle()
    expect(actor.getSnapshot().value).toBe("done")
  })

  it("pauses when the connection goes while counting", () => {
    const { actor } = start()
    actor.send({ type: "offline.start" })
    actor.send({ type: "connection.lost" })
    expect(actor.getSnapshot().value).toBe("paused")
  })

  it("fails when the server refuses, and tries again on retry or when the connection comes back", async () => {
    const { actor, report, settle } = start({
      counts: [new Error("500"), { total: 1, done: 0, queue: queue(1) }, { total: 1, done: 0, queue: queue(1) }],
    })
    actor.send({ type: "offline.start" })
    await settle()
    expect(actor.getSnapshot().value).toBe("failed")
    actor.send({ type: "offline.retry" })
    await settle()
    expect(actor.getSnapshot().value).toBe("downloading")
    report({ type: "offline.error" })
    expect(actor.getSnapshot().value).toBe("failed")
    actor.send({ type: "connection.back" })
    expect(actor.getSnapshot().value).toBe("counting")
    await settle()
    expect(actor.getSnapshot().value).toBe("downloading")
  })

  it("retries from paused on request", async () => {
    const { actor, settle } = start({ counts: [new Unreachable(), { total: 0, done: 0, queue: [] }] })
    actor.send({ type: "offline.start" })
    await settle()
    expect(actor.getSnapshot().value).toBe("paused")
    actor.send({ type: "offline.retry" })
    await settle()
    expect(actor.getSnapshot().value).toBe("done")
  })

  it("turned off from any state: stops the download, stores the setting, deletes the copies; on again starts it", async () => {
    const { actor, log, settle } = start({
      counts: [
        { total: 3, done: 1, queue: queue(2) },
        { total: 3, done: 0, queue: queue(3) },
      ],
    })
    actor.send({ type: "offline.start" })
    await settle()
    actor.send({ type: "offline.turnOff" })
    expect(actor.getSnapshot().value).toBe("off")
    expect(actor.getSnapshot().context).toMatchObject({ enabled: false, done: 0, total: 0 })
    expect(log).toEqual(["download 2", "setting off", "cleared", "stopped"])
    // Off, the connection's comings and goings change nothing.
    actor.send({ type: "connection.back" })
    expect(actor.getSnapshot().value).toBe("off")
    actor.send({ type: "offline.turnOn" })
    expect(actor.getSnapshot().value).toBe("counting")
    expect(actor.getSnapshot().context.enabled).toBe(true)
    expect(log.at(-1)).toBe("setting on")
    await settle()
    expect(actor.getSnapshot().value).toBe("downloading")
  })

  it("turned off before it started, it is off without a count", () => {
    const { actor, log } = start()
    actor.send({ type: "offline.turnOff" })
    expect(actor.getSnapshot().value).toBe("off")
    expect(log).toEqual(["setting off", "cleared"])
  })

  it("stops when the session ends: idle again, its figures forgotten, the setting kept", async () => {
    const { actor, log, settle } = start()
    actor.send({ type: "offline.start" })
    await settle()
    actor.send({ type: "offline.stop" })
    expect(actor.getSnapshot().value).toBe("idle")
    expect(actor.getSnapshot().context).toMatchObject({ enabled: true, done: 0, total: 0, fetched: 0 })
    expect(log).toEqual(["download 3", "stopped"])
    // Signed out while off: the next sign-in finds it off.
    actor.send({ type: "offline.turnOff" })
    actor.send({ type: "offline.stop" })
    actor.send({ type: "offline.start" })
    expect(actor.getSnapshot().value).toBe("off")
  })

  it("never counts more points kept than there are", async () => {
    const { actor, report, settle } = start({ counts: [{ total: 1, done: 1, queue: queue(1) }] })
    actor.send({ type: "offline.start" })
    await settle()
    report({ type: "offline.kept", point: true })
    expect(actor.getSnapshot().context.done).toBe(1)
  })
})

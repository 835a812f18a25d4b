// Keeping the learner's part on the device (issue 33): the download machine with its work provided.
// It starts when a signed-in learner's app is idle and the service worker looks after the page (only
// then is anything kept), stops when the session ends (sign-out clears the copies), pauses while the
// connection is lost and goes on when it is back. The answers are asked for as the app's own client
// asks (src/infra/offline.ts), so the worker keeps them under the keys the app's calls read: its
// rules (src/domain/shared/offline.ts) are the only ones deciding what is kept. The page reads the
// content cache only to skip what it already holds of the current content version, and clears it
// when the copies were made for a plan that opened more than the learner's does now.
import { Effect, Exit } from "effect"
import { type Actor, createActor, fromCallback, fromPromise } from "xstate"
import {
  answerStamp,
  type ContentIndex,
  DOWNLOAD_CONCURRENCY,
  INDEX_ANSWERS,
  INSTALL_OFFER_KEY,
  isCurrent,
  keepsContent,
  MENUS_ANSWER,
  OFFLINE_SETTING_KEY,
  openedMoreBefore,
  plannedAnswers,
} from "../domain/shared/offline-content.ts"
import { Offline } from "../infra/offline.ts"
import { Storage } from "../infra/storage.ts"
import type { connectionMachine } from "../machines/shared/connection-machine.ts"
import { installOfferMachine } from "../machines/shared/install-offer-machine.ts"
import {
  type Count,
  type OfflineDownloadEvent,
  offlineDownloadMachine,
  type QueuedAnswer,
  Unreachable,
} from "../machines/shared/offline-download-machine.ts"
import { followSession, type SessionActor } from "./account.ts"
import type { Wiring } from "./shared/wiring.ts"

/** How long the worker is given to keep the answer of a call the page stopped waiting for. */
const SETTLE_MS = 1500

export interface OfflineWiringOptions {
  readonly session: SessionActor
  readonly connection: Actor<typeof connectionMachine>
  /** The interface language: the answers are kept in it. */
  readonly language: string
  /** Where the API lives (the page's origin in the browser). */
  readonly baseUrl: string
  /** Runs work once the browser is idle (the first page's own work comes first). */
  readonly whenIdle: (run: () => void) => void
}

export const wireOffline = (w: Wiring, options: OfflineWiringOptions) => {
  const { language, baseUrl } = options
  const url = (path: string) => new URL(path, baseUrl).href
  /** The calls under way: the worker may still keep their answers after the page stopped waiting. */
  const underWay = new Set<Promise<unknown>>()
  const fetchAnswer = (path: string, etag: string | null, read: boolean, signal?: AbortSignal) => {
    const call = w.runtime.runPromiseExit(
      Effect.flatMap(Offline, (offline) => offline.fetchAnswer(url(path), language, { etag, read })),
      signal ? { signal } : undefined,
    )
    underWay.add(call)
    void call.finally(() => underWay.delete(call))
    return call
  }
  const clearNow = () => w.act(Effect.flatMap(Offline, (offline) => offline.clearContent))
  /**
   * Deletes the copies now and, since an answer the worker was still fetching could land after
   * that, again once the calls under way have ended and the worker had a moment to keep theirs,
   * unless the copies are wanted by then.
   */
  const clearContent = (stillUnwanted: () => boolean) => {
    clearNow()
    void Promise.allSettled([...underWay]).then(() =>
      setTimeout(() => {
        if (stillUnwanted()) clearNow()
      }, SETTLE_MS),
    )
  }

  const keptEtag = (path: string) =>
    w.runtime.runPromise(Effect.flatMap(Offline, (offline) => offline.keptEtag(url(path), language)))

  /** The index answers (kept by the worker as they come), their JSON and the menus' ETag. */
  const fetchIndexes = async (signal: AbortSignal) => {
    const answers = await Promise.all(INDEX_ANSWERS.map((path) => fetchAnswer(path, null, true, signal)))
    const bodies: Array<unknown> = []
    for (const exit of answers) {
      if (Exit.isFailure(exit)) throw new Unreachable()
      if (exit.value.status !== 200) throw new Error(`index answer ${exit.value.status}`)
      bodies.push(exit.value.body)
    }
    const [menus, channels, categories, bodyAreas, bookPages, charts] = bodies
    const etag = Exit.isSuccess(answers[0]!) ? answers[0].value.etag : null
    return { index: { menus, channels, categories, bodyAreas, bookPages, charts } as ContentIndex, etag }
  }

  /** The indexes, then what the device holds of each page the learner may open. */
  const count = fromPromise<Count>(async ({ signal }) => {
    const keptMenus = await keptEtag(MENUS_ANSWER)
    let { index, etag } = await fetchIndexes(signal)
    let planned = plannedAnswers(index)
    let kept: ReadonlyArray<string | null> = await Promise.all(planned.map((answer) => keptEtag(answer.path)))
    // Copies made while the plan opened more (Pro ended): every copy goes, then the indexes come again.
    if ([keptMenus, ...kept].some((tag) => openedMoreBefore(tag, etag))) {
      await w.runtime.runPromise(Effect.flatMap(Offline, (offline) => offline.clearContent))
      ;({ index, etag } = await fetchIndexes(signal))
      planned = plannedAnswers(index)
      kept = planned.map(() => null)
    }
    const current = answerStamp(etag)
    const queue: Array<QueuedAnswer> = []
    let done = 0
    planned.forEach((answer, i) => {
      if (isCurrent(kept[i], current)) done += answer.point ? 1 : 0
      else queue.push({ ...answer, etag: kept[i] ?? null })
    })
    return { total: planned.filter((answer) => answer.point).length, done, queue }
  })

  /** A few answers at a time; each one kept (or found unchanged) is reported, the points counted. */
  const download = fromCallback<OfflineDownloadEvent, { readonly queue: ReadonlyArray<QueuedAnswer> }>(
    ({ input, sendBack }) => {
      const abort = new AbortController()
      let next = 0
      const work = async () => {
        while (!abort.signal.aborted && next < input.queue.length) {
          const answer = input.queue[next++]!
          const exit = await fetchAnswer(answer.path, answer.etag, false, abort.signal)
          if (abort.signal.aborted) return
          if (Exit.isFailure(exit)) {
            abort.abort()
            sendBack({ type: "offline.unreachable" })
            return
          }
          const { status } = exit.value
          if (status === 200 || status === 304) sendBack({ type: "offline.kept", point: answer.point })
          else if (status === 429 || status >= 500) {
            abort.abort()
            sendBack({ type: "offline.error" })
            return
          }
          // Anything else (an item gone since the index was read): nothing to keep, on to the next.
        }
      }
      void Promise.all(Array.from({ length: DOWNLOAD_CONCURRENCY }, work)).then(() => {
        if (!abort.signal.aborted) sendBack({ type: "offline.finished" })
      })
      return () => abort.abort()
    },
  )

  const storedSetting = w.read(Effect.flatMap(Storage, (storage) => storage.get(OFFLINE_SETTING_KEY)))
  const actor = createActor(
    offlineDownloadMachine.provide({
      actors: { count, download },
      actions: {
        storeSetting: (_, { enabled }) =>
          w.act(Effect.flatMap(Storage, (storage) => storage.set(OFFLINE_SETTING_KEY, enabled ? "on" : "off"))),
        clearContent: () => clearContent(() => !actor.getSnapshot().context.enabled),
      },
    }),
    { input: { enabled: keepsContent(storedSetting) } },
  )
  actor.start()

  const signedIn = () => options.session.getSnapshot().context.user !== null
  /** Once idle, and once the worker looks after the page: then what is fetched is kept. */
  const begin = () =>
    options.whenIdle(() => {
      if (!signedIn()) return
      void w.runtime.runPromise(Effect.flatMap(Offline, (offline) => offline.controlled)).then((controlled) => {
        if (controlled && signedIn()) actor.send({ type: "offline.start" })
      })
    })
  /** Sign-out clears the copies too (account.ts); this makes sure of the answers still on their way. */
  const stop = () => {
    actor.send({ type: "offline.stop" })
    clearContent(() => !signedIn())
  }
  followSession(options.session, { signedIn: begin, signedOut: stop })
  let wasOffline = options.connection.getSnapshot().hasTag("offline")
  options.connection.subscribe((snapshot) => {
    const offline = snapshot.hasTag("offline")
    if (offline !== wasOffline) actor.send({ type: offline ? "connection.lost" : "connection.back" })
    wasOffline = offline
  })

  return {
    offlineDownload: actor,
    installOffer: wireInstallOffer(w),
    /** Registers the service worker, then keeps the signed-in learner's part on the device. */
    keepOffline: () => {
      w.act(Effect.flatMap(Offline, (offline) => offline.register))
      begin()
    },
    /** The bytes the site's storage uses on this device, where the browser says. */
    storageUsed: () => w.runtime.runPromise(Effect.flatMap(Offline, (offline) => offline.storageUsed)),
  }
}

/** The browser's install event: kept until the learner chooses the menu's offer (not in the DOM's types). */
interface InstallPromptEvent extends Event {
  readonly prompt: () => Promise<void>
  readonly userChoice: Promise<{ readonly outcome: "accepted" | "dismissed" }>
}

/**
 * The account menu's install offer: the browser's `beforeinstallprompt` is kept (and its own banner
 * held back: the offer is the menu's, never a pop-up), its question asked when the learner chooses
 * the offer; installed or "Not now", the offer is settled on this device.
 */
const wireInstallOffer = (w: Wiring) => {
  let kept: InstallPromptEvent | null = null
  const settled = w.read(Effect.flatMap(Storage, (storage) => storage.get(INSTALL_OFFER_KEY))) !== undefined
  const offer = createActor(
    installOfferMachine.provide({
      actions: {
        prompt: () => {
          const event = kept
          kept = null
          if (!event) return void offer.send({ type: "install.answered", accepted: false })
          void event
            .prompt()
            .then(() => event.userChoice)
            .then(
              ({ outcome }) => offer.send({ type: "install.answered", accepted: outcome === "accepted" }),
              () => offer.send({ type: "install.answered", accepted: false }),
            )
        },
        settle: () => w.act(Effect.flatMap(Storage, (storage) => storage.set(INSTALL_OFFER_KEY, "settled"))),
      },
    }),
    { input: { settled } },
  )
  offer.start()
  globalThis.addEventListener?.("beforeinstallprompt", (event) => {
    event.preventDefault()
    kept = event as InstallPromptEvent
    offer.send({ type: "install.available" })
  })
  globalThis.addEventListener?.("appinstalled", () => offer.send({ type: "install.installed" }))
  return offer
}

// The sharing form, every transition: the videos load (locked for a Standard member, a failure with
// a retry), the address typed and checked on leaving it, videos chosen (none: Share cannot be
// pressed), the consent question (agreed: sent; cancelled: nothing sent), sent (the form clears, the
// videos stay), and each failure keeping what was typed: 422 at the fields, 429 with its wait, 403
// Pro required, a server fault; the preview and the player's choices.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { PatientVideoList, Share, SharePayload } from "../../../src/domain/acupressure/patient-sharing.ts"
import {
  Offline,
  ProRequired,
  ServerError,
  TooManyRequests,
  ValidationFailed,
} from "../../../src/domain/shared/errors.ts"
import { canRetryShare, shareFormMachine } from "../../../src/machines/sharing/share-form-machine.ts"
import { share, VIDEO_IDS, videoList } from "../../ui/support/sharing-data.ts"
import { controlledActor, flush } from "../search/controlled-actor.ts"

const start = async (input?: { reducedMotion?: boolean }) => {
  const loadVideos = controlledActor<PatientVideoList, void>()
  const send = controlledActor<Share, SharePayload>()
  const calls = { sent: [] as Array<Share>, offered: 0, opened: 0 }
  const actor = createActor(
    shareFormMachine.provide({
      actors: { loadVideos: loadVideos.logic, share: send.logic },
      actions: {
        announceSent: (_, { share }) => void calls.sent.push(share),
        offerUpgrade: () => void calls.offered++,
        openUpgrade: () => void calls.opened++,
      },
    }),
    { input },
  )
  actor.start()
  const snapshot = () => actor.getSnapshot()
  return { actor, loadVideos, send, calls, snapshot, context: () => snapshot().context }
}

const loaded = async (input?: { reducedMotion?: boolean }) => {
  const s = await start(input)
  s.loadVideos.last().resolve(videoList)
  await flush()
  return s
}

/** A form ready to send: a valid address and one video (consent as given). */
const filled = async (consent: boolean) => {
  const s = await loaded()
  s.actor.send({ type: "email.change", value: " June@Example.com " })
  s.actor.send({ type: "videos.change", ids: [VIDEO_IDS[0]] })
  s.actor.send({ type: "consent.change", value: consent })
  return s
}

const failWith = async (error: unknown) => {
  const s = await filled(true)
  s.actor.send({ type: "form.submit" })
  s.send.last().reject(error)
  await flush()
  return s
}

describe("share form machine", () => {
  it("loads the videos, then shows the empty form", async () => {
    const s = await start()
    expect(s.snapshot().hasTag("loading")).toBe(true)
    s.loadVideos.last().resolve(videoList)
    await flush()
    expect(s.snapshot().hasTag("form")).toBe(true)
    expect(s.context().videoList).toHaveLength(3)
    expect(s.context().form).toEqual({ email: "", videos: [], consent: false })
  })

  it("shows the locked page to a member without Pro, and offers the upgrade once", async () => {
    const s = await start()
    s.loadVideos.last().reject(new ProRequired({ message: "Pro" }))
    await flush()
    expect(s.snapshot().hasTag("locked")).toBe(true)
    expect(s.snapshot().hasTag("form")).toBe(false)
    expect(s.calls.offered).toBe(1)
  })

  it("says when loading fails, and tries again", async () => {
    const s = await start()
    s.loadVideos.last().reject(new Offline())
    await flush()
    expect(s.snapshot().hasTag("loadFailed")).toBe(true)
    expect(s.context().loadError).toBe("errors.offline")
    s.actor.send({ type: "videos.retry" })
    expect(s.snapshot().hasTag("loading")).toBe(true)
    expect(s.loadVideos.calls).toHaveLength(2)
  })

  it("cannot share before a video is chosen, whatever else is filled in", async () => {
    const s = await loaded()
    s.actor.send({ type: "email.change", value: "june@example.com" })
    s.actor.send({ type: "consent.change", value: true })
    expect(s.snapshot().can({ type: "form.submit" })).toBe(false)
    s.actor.send({ type: "form.submit" })
    expect(s.send.calls).toHaveLength(0)
    s.actor.send({ type: "videos.change", ids: [VIDEO_IDS[1]] })
    expect(s.snapshot().can({ type: "form.submit" })).toBe(true)
    s.actor.send({ type: "videos.change", ids: [] })
    expect(s.snapshot().can({ type: "form.submit" })).toBe(false)
  })

  it("checks the address when it is left, and clears its message when it is typed again", async () => {
    const s = await loaded()
    s.actor.send({ type: "email.blur" })
    expect(s.context().errors).toEqual({})
    s.actor.send({ type: "email.change", value: "june@" })
    s.actor.send({ type: "email.blur" })
    expect(s.context().errors).toEqual({ email: "validation.email" })
    s.actor.send({ type: "email.change", value: "june@example.com" })
    expect(s.context().errors).toEqual({})
  })

  it("turns back a submit with a missing address at the field, sending nothing", async () => {
    const s = await loaded()
    s.actor.send({ type: "videos.change", ids: [VIDEO_IDS[0]] })
    s.actor.send({ type: "form.submit" })
    expect(s.context().errors).toEqual({ email: "validation.required" })
    expect(s.context().rejectedSubmits).toBe(1)
    expect(s.snapshot().hasTag("askingConsent")).toBe(false)
    expect(s.send.calls).toHaveLength(0)
  })

  it("asks whether the patient agreed when the box is unticked; Cancel sends nothing and keeps the form", async () => {
    const s = await filled(false)
    s.actor.send({ type: "form.submit" })
    expect(s.snapshot().hasTag("askingConsent")).toBe(true)
    expect(s.send.calls).toHaveLength(0)
    s.actor.send({ type: "consent.cancel" })
    expect(s.snapshot().hasTag("askingConsent")).toBe(false)
    expect(s.context().form).toEqual({ email: " June@Example.com ", videos: [VIDEO_IDS[0]], consent: false })
    expect(s.send.calls).toHaveLength(0)
  })

  it("ticks the box and sends when the member answers that the patient agreed", async () => {
    const s = await filled(false)
    s.actor.send({ type: "form.submit" })
    s.actor.send({ type: "consent.agree" })
    expect(s.snapshot().hasTag("busy")).toBe(true)
    expect(s.context().form.consent).toBe(true)
    expect(s.send.last().input).toEqual({ email: "June@Example.com", videos: [VIDEO_IDS[0]] })
  })

  it("sends at once with the box ticked; sent, the form clears, the videos stay and it is announced", async () => {
    const s = await filled(true)
    s.actor.send({ type: "form.submit" })
    expect(s.snapshot().hasTag("busy")).toBe(true)
    expect(s.snapshot().can({ type: "form.submit" })).toBe(false)
    const sent = share("s-9")
    s.send.last().resolve(sent)
    await flush()
    expect(s.context().form).toEqual({ email: "", videos: [], consent: false })
    expect(s.context().sent).toEqual({ patient: sent.patient, expiresAt: sent.expiresAt })
    expect(s.context().sentCount).toBe(1)
    expect(s.context().videoList).toHaveLength(3)
    expect(s.calls.sent).toEqual([sent])
  })

  it("puts the server's field messages at the fields (an unsubscribed address), keeping the form", async () => {
    const s = await failWith(
      new ValidationFailed({ message: "x", errors: { email: "validation.patientUnsubscribed" } }),
    )
    expect(s.context().errors).toEqual({ email: "validation.patientUnsubscribed" })
    expect(s.context().rejectedSubmits).toBe(1)
    expect(s.context().form.videos).toEqual([VIDEO_IDS[0]])
    expect(s.snapshot().hasTag("form")).toBe(true)
  })

  it("says how long the daily limit lasts (429), keeping the form, until the next try", async () => {
    const s = await failWith(new TooManyRequests({ message: "x", retryAfterSeconds: 3600 }))
    expect(s.context().limitedFor).toBe(3600)
    expect(s.context().formError).toBeNull()
    expect(s.context().form.email).toBe(" June@Example.com ")
    s.actor.send({ type: "form.submit" })
    expect(s.context().limitedFor).toBeNull()
  })

  it("opens the upgrade modal when Pro is required after all (403), keeping the form", async () => {
    const s = await failWith(new ProRequired({ message: "Pro" }))
    expect(s.calls.opened).toBe(1)
    expect(s.context().formError).toBe("form.proRequired")
    expect(canRetryShare(s.context())).toBe(false)
    expect(s.context().form.videos).toEqual([VIDEO_IDS[0]])
  })

  it("keeps the form after a server fault, and sending again works", async () => {
    const s = await failWith(new ServerError({ message: "x", correlationId: "c" }))
    expect(s.context().formError).toBe("errors.generic")
    expect(canRetryShare(s.context())).toBe(true)
    s.actor.send({ type: "form.submit" })
    expect(s.send.calls).toHaveLength(2)
    expect(s.context().formError).toBeNull()
  })

  it("opens and closes a preview, and keeps the player's choices (English captions on at first)", async () => {
    const s = await loaded({ reducedMotion: true })
    expect(s.context().preferences).toMatchObject({
      captions: true,
      captionLanguage: "en",
      speed: 1,
      reducedMotion: true,
    })
    s.actor.send({ type: "preview.open", id: VIDEO_IDS[2] })
    expect(s.context().preview).toBe(VIDEO_IDS[2])
    s.actor.send({ type: "captions.toggle" })
    s.actor.send({ type: "speed.set", speed: 1.5 })
    s.actor.send({ type: "captions.language", language: "de" })
    expect(s.context().preferences).toMatchObject({ captions: false, speed: 1.5, captionLanguage: "de" })
    s.actor.send({ type: "preview.close" })
    expect(s.context().preview).toBeNull()
  })
})

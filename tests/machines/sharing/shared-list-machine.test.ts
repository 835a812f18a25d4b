// The member's list of shares, every transition: loading (a failure says so and retries), refreshed
// in place after a new share (a failure keeps the list), an active link revoked after its question
// (kept when dismissed; the server's list replaces the shown one), a link gone meanwhile (404: the
// list again), a revocation failing; an ended link cannot be revoked.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { ShareList } from "../../../src/domain/acupressure/patient-sharing.ts"
import { NotFound, Offline, ServerError } from "../../../src/domain/shared/errors.ts"
import { sharedListMachine } from "../../../src/machines/sharing/shared-list-machine.ts"
import { SHARES, share, shareList } from "../../ui/support/sharing-data.ts"
import { controlledActor, flush } from "../search/controlled-actor.ts"

const start = async () => {
  const loadShares = controlledActor<ShareList, void>()
  const revokeShare = controlledActor<ShareList, { readonly id: string }>()
  const actor = createActor(
    sharedListMachine.provide({ actors: { loadShares: loadShares.logic, revokeShare: revokeShare.logic } }),
  )
  actor.start()
  const snapshot = () => actor.getSnapshot()
  return { actor, loadShares, revokeShare, snapshot, context: () => snapshot().context }
}

const loaded = async () => {
  const s = await start()
  s.loadShares.last().resolve(shareList(SHARES))
  await flush()
  return s
}

const revokedList = shareList([share("s-3", { status: "revoked" }), ...SHARES.slice(1)])

describe("shared list machine", () => {
  it("loads the member's shares and how many more they may send today", async () => {
    const s = await start()
    expect(s.snapshot().hasTag("loading")).toBe(true)
    s.loadShares.last().resolve(shareList(SHARES, 4))
    await flush()
    expect(s.snapshot().hasTag("busy")).toBe(false)
    expect(s.context().list).toEqual(shareList(SHARES, 4))
  })

  it("says when loading fails, and tries again", async () => {
    const s = await start()
    s.loadShares.last().reject(new Offline())
    await flush()
    expect(s.snapshot().hasTag("loadFailed")).toBe(true)
    expect(s.context().loadError).toBe("errors.offline")
    s.actor.send({ type: "shares.retry" })
    expect(s.snapshot().hasTag("loading")).toBe(true)
    s.loadShares.last().resolve(shareList([]))
    await flush()
    expect(s.context().list?.shares).toEqual([])
    expect(s.context().loadError).toBeNull()
  })

  it("loads again in place after a new share, keeping the list while it does, and after a failure", async () => {
    const s = await loaded()
    s.actor.send({ type: "shares.refresh" })
    expect(s.snapshot().hasTag("busy")).toBe(true)
    expect(s.context().list?.shares).toHaveLength(3)
    s.loadShares.last().resolve(shareList([share("s-4"), ...SHARES], 18))
    await flush()
    expect(s.context().list?.sharesLeftToday).toBe(18)
    s.actor.send({ type: "shares.refresh" })
    s.loadShares.last().reject(new ServerError({ message: "x", correlationId: "c" }))
    await flush()
    expect(s.snapshot().hasTag("busy")).toBe(false)
    expect(s.context().list?.shares).toHaveLength(4)
  })

  it("asks before revoking an active link, and keeps it when the question is dismissed", async () => {
    const s = await loaded()
    s.actor.send({ type: "share.revoke", id: "s-3" })
    expect(s.snapshot().hasTag("confirming")).toBe(true)
    expect(s.context().revoking).toBe("s-3")
    s.actor.send({ type: "revoke.dismiss" })
    expect(s.snapshot().hasTag("confirming")).toBe(false)
    expect(s.context().revoking).toBeNull()
    expect(s.revokeShare.calls).toHaveLength(0)
  })

  it("cannot revoke a link that has expired or was revoked", async () => {
    const s = await loaded()
    expect(s.snapshot().can({ type: "share.revoke", id: "s-2" })).toBe(false)
    expect(s.snapshot().can({ type: "share.revoke", id: "s-1" })).toBe(false)
    expect(s.snapshot().can({ type: "share.revoke", id: "unknown" })).toBe(false)
    expect(s.snapshot().can({ type: "share.revoke", id: "s-3" })).toBe(true)
  })

  it("revokes after the question: the server's list replaces the shown one, and the row is named", async () => {
    const s = await loaded()
    s.actor.send({ type: "share.revoke", id: "s-3" })
    s.actor.send({ type: "revoke.confirm" })
    expect(s.snapshot().hasTag("busy")).toBe(true)
    expect(s.revokeShare.last().input).toEqual({ id: "s-3" })
    s.revokeShare.last().resolve(revokedList)
    await flush()
    expect(s.context().list).toEqual(revokedList)
    expect(s.context().revoked).toBe("s-3")
    expect(s.context().revoking).toBeNull()
  })

  it("loads the list again when the link was gone meanwhile (404), and says so", async () => {
    const s = await loaded()
    s.actor.send({ type: "share.revoke", id: "s-3" })
    s.actor.send({ type: "revoke.confirm" })
    s.revokeShare.last().reject(new NotFound({ message: "gone" }))
    await flush()
    expect(s.context().revokeError).toBe("list.alreadyGone")
    expect(s.snapshot().hasTag("busy")).toBe(true)
    s.loadShares.last().resolve(revokedList)
    await flush()
    expect(s.context().list).toEqual(revokedList)
  })

  it("keeps the link listed as active when revoking fails", async () => {
    const s = await loaded()
    s.actor.send({ type: "share.revoke", id: "s-3" })
    s.actor.send({ type: "revoke.confirm" })
    s.revokeShare.last().reject(new Offline())
    await flush()
    expect(s.context().revokeError).toBe("errors.offline")
    expect(s.context().list?.shares[0]?.status).toBe("active")
    expect(s.snapshot().can({ type: "share.revoke", id: "s-3" })).toBe(true)
  })
})

import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type { StoredUser, UserData } from "../../../src/domain/account/user.ts"
import { Unauthorized } from "../../../src/domain/shared/errors.ts"
import { UNAUTHORIZED_RELOAD_DELAY_MS } from "../../../src/domain/shared/failures.ts"
import { mergeDashboard, sessionMachine } from "../../../src/machines/account/session-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const ann: StoredUser = {
  id: 7,
  uuid: "u-7",
  email: "ann@example.com",
  first_name: "Ann",
  last_name: "Lee",
  role: "user",
  beta_tester: false,
  tips_subscription: false,
  plan_name: "Standard",
  purchased_subscription: true,
  verification_confirmed: true,
  showNotes: true,
  addChannels: false,
  logoutPop: false,
  user_subscription: { plan_name: "Standard", plan_id: 2 },
  subscription: null,
}

const bob: StoredUser = { ...ann, id: 8, uuid: "u-8", email: "bob@example.com", first_name: "Bob" }

const dashboard: UserData = {
  user_profile: {
    email: "ann.lee@example.com",
    first_name: "Anne",
    last_name: "Lee-Smith",
    uuid: "u-7",
    promotional_emails: true,
    purchased_subscription: false,
    password_available: true,
  },
  user_subscription: { plan_name: "Pro", plan_id: 3 },
  payment_platform: null,
  user_subscription_cancelled: 0,
  migrated_user: 0,
  country: null,
  currency: null,
  language: null,
}

const annRefreshed: StoredUser = {
  ...ann,
  email: "ann.lee@example.com",
  first_name: "Anne",
  last_name: "Lee-Smith",
  purchased_subscription: false,
  tips_subscription: true,
  plan_name: "Pro",
  user_subscription: { plan_name: "Pro", plan_id: 3 },
}

const start = (user: StoredUser | null) => {
  const fetchDashboard = pendingActor<UserData, void>()
  const actions = {
    persistUser: vi.fn(),
    clearSession: vi.fn(),
    announceExpiry: vi.fn(),
    reloadToLogin: vi.fn(),
  }
  const clock = new SimulatedClock()
  const actor = createActor(sessionMachine.provide({ actors: { dashboard: fetchDashboard.logic }, actions }), {
    input: { user },
    clock,
  })
  actor.start()
  return { actor, dashboard: fetchDashboard, clock, ...actions }
}

describe("mergeDashboard", () => {
  it("takes profile and plan from the dashboard and keeps the rest of the record", () => {
    expect(mergeDashboard(ann, dashboard)).toEqual(annRefreshed)
  })
})

describe("session machine", () => {
  describe("start", () => {
    it("is signed in when a user is stored", () => {
      const { actor } = start(ann)
      expect(actor.getSnapshot().value).toEqual({ signedIn: "idle" })
      expect(actor.getSnapshot().context).toEqual({ user: ann, dashboard: null })
    })

    it("is signed out when no user is stored", () => {
      const { actor } = start(null)
      expect(actor.getSnapshot().value).toBe("signedOut")
      expect(actor.getSnapshot().context).toEqual({ user: null, dashboard: null })
    })
  })

  describe("signedOut", () => {
    it("signs in and persists the user", () => {
      const { actor, persistUser } = start(null)
      actor.send({ type: "session.signIn", user: ann })

      expect(actor.getSnapshot().value).toEqual({ signedIn: "idle" })
      expect(actor.getSnapshot().context.user).toEqual(ann)
      expect(persistUser).toHaveBeenCalledTimes(1)
      expect(persistUser.mock.calls[0]?.[1]).toEqual({ user: ann })
    })

    it("ignores expiry, sign-out, refresh and dashboard data: a visitor has no session", () => {
      const {
        actor,
        clock,
        clearSession,
        announceExpiry,
        reloadToLogin,
        persistUser,
        dashboard: fetchDashboard,
      } = start(null)
      actor.send({ type: "session.expired" })
      actor.send({ type: "session.signOut" })
      actor.send({ type: "session.refresh" })
      expect(actor.getSnapshot().can({ type: "session.dashboard", data: dashboard })).toBe(false)
      actor.send({ type: "session.dashboard", data: dashboard })
      clock.increment(UNAUTHORIZED_RELOAD_DELAY_MS)

      expect(actor.getSnapshot().value).toBe("signedOut")
      expect(actor.getSnapshot().context).toEqual({ user: null, dashboard: null })
      expect(persistUser).not.toHaveBeenCalled()
      expect(clearSession).not.toHaveBeenCalled()
      expect(announceExpiry).not.toHaveBeenCalled()
      expect(reloadToLogin).not.toHaveBeenCalled()
      expect(fetchDashboard.inputs).toHaveLength(0)
    })
  })

  describe("signedIn", () => {
    it("signs out, forgets the user and the dashboard data and clears the session", () => {
      const { actor, clearSession, announceExpiry } = start(ann)
      actor.send({ type: "session.dashboard", data: dashboard })
      actor.send({ type: "session.signOut" })

      expect(actor.getSnapshot().value).toBe("signedOut")
      expect(actor.getSnapshot().context).toEqual({ user: null, dashboard: null })
      expect(clearSession).toHaveBeenCalledTimes(1)
      // A sign-out removes unsaved work too: the device may be shared.
      expect(clearSession.mock.calls[0]?.[1]).toEqual({ keepUnsaved: false })
      expect(announceExpiry).not.toHaveBeenCalled()
    })

    it("expires: forgets the user and the dashboard data, clears the session and announces it", () => {
      const { actor, clearSession, announceExpiry, reloadToLogin } = start(ann)
      actor.send({ type: "session.dashboard", data: dashboard })
      actor.send({ type: "session.expired" })

      expect(actor.getSnapshot().value).toBe("expired")
      expect(actor.getSnapshot().context).toEqual({ user: null, dashboard: null })
      expect(clearSession).toHaveBeenCalledTimes(1)
      // An ended session keeps what the user typed, for when they sign in again.
      expect(clearSession.mock.calls[0]?.[1]).toEqual({ keepUnsaved: true })
      expect(announceExpiry).toHaveBeenCalledTimes(1)
      expect(reloadToLogin).not.toHaveBeenCalled()
    })

    it("replaces and persists the user on another sign-in", () => {
      const { actor, persistUser } = start(ann)
      actor.send({ type: "session.signIn", user: bob })

      expect(actor.getSnapshot().value).toEqual({ signedIn: "idle" })
      expect(actor.getSnapshot().context.user).toEqual(bob)
      expect(persistUser.mock.calls.map((call) => call[1])).toEqual([{ user: bob }])
    })

    it("signs out during a refresh and drops its answer", async () => {
      const { actor, dashboard: fetchDashboard, persistUser } = start(ann)
      actor.send({ type: "session.refresh" })
      actor.send({ type: "session.signOut" })
      fetchDashboard.resolve(dashboard)
      await new Promise((resolve) => setTimeout(resolve, 0))

      expect(actor.getSnapshot().value).toBe("signedOut")
      expect(actor.getSnapshot().context.user).toBeNull()
      expect(persistUser).not.toHaveBeenCalled()
    })
  })

  describe("signedIn.idle", () => {
    it("refreshes the user from the dashboard", () => {
      const { actor, dashboard: fetchDashboard } = start(ann)
      actor.send({ type: "session.refresh" })

      expect(actor.getSnapshot().value).toEqual({ signedIn: "refreshing" })
      expect(fetchDashboard.inputs).toHaveLength(1)
    })
  })

  describe("signedIn.refreshing", () => {
    it("ignores another refresh", () => {
      const { actor, dashboard: fetchDashboard } = start(ann)
      actor.send({ type: "session.refresh" })
      actor.send({ type: "session.refresh" })

      expect(actor.getSnapshot().value).toEqual({ signedIn: "refreshing" })
      expect(fetchDashboard.inputs).toHaveLength(1)
    })

    it("merges and persists the dashboard data, and keeps it", async () => {
      const { actor, dashboard: fetchDashboard, persistUser } = start(ann)
      actor.send({ type: "session.refresh" })
      fetchDashboard.resolve(dashboard)
      await waitFor(actor, (s) => s.matches({ signedIn: "idle" }))

      expect(actor.getSnapshot().context).toEqual({ user: annRefreshed, dashboard })
      expect(persistUser.mock.calls.map((call) => call[1])).toEqual([{ user: annRefreshed }])
    })

    it("merges into the user who signed in while the refresh was in flight", async () => {
      const { actor, dashboard: fetchDashboard } = start(ann)
      actor.send({ type: "session.refresh" })
      actor.send({ type: "session.signIn", user: bob })
      expect(actor.getSnapshot().value).toEqual({ signedIn: "refreshing" })

      fetchDashboard.resolve(dashboard)
      await waitFor(actor, (s) => s.matches({ signedIn: "idle" }))

      expect(actor.getSnapshot().context.user).toEqual(mergeDashboard(bob, dashboard))
    })

    it("keeps the user unchanged when the dashboard call fails", async () => {
      const { actor, dashboard: fetchDashboard, persistUser, clearSession } = start(ann)
      actor.send({ type: "session.refresh" })
      fetchDashboard.reject(new Unauthorized({ message: "Unauthenticated." }))
      await waitFor(actor, (s) => s.matches({ signedIn: "idle" }))

      expect(actor.getSnapshot().context).toEqual({ user: ann, dashboard: null })
      expect(persistUser).not.toHaveBeenCalled()
      expect(clearSession).not.toHaveBeenCalled()
    })

    it("expires when the session ends during a refresh", () => {
      const { actor } = start(ann)
      actor.send({ type: "session.refresh" })
      actor.send({ type: "session.expired" })
      expect(actor.getSnapshot().value).toBe("expired")
    })
  })

  describe("signedIn: session.dashboard", () => {
    const cancelled: UserData = { ...dashboard, user_subscription_cancelled: 1, migrated_user: 1 }

    it("merges the data into the user, keeps it and persists the merged user", () => {
      const { actor, persistUser, dashboard: fetchDashboard } = start(ann)
      expect(actor.getSnapshot().can({ type: "session.dashboard", data: dashboard })).toBe(true)
      actor.send({ type: "session.dashboard", data: dashboard })

      expect(actor.getSnapshot().value).toEqual({ signedIn: "idle" })
      expect(actor.getSnapshot().context).toEqual({ user: annRefreshed, dashboard })
      expect(persistUser.mock.calls.map((call) => call[1])).toEqual([{ user: annRefreshed }])
      expect(fetchDashboard.inputs).toHaveLength(0)
    })

    it("replaces earlier dashboard data with the latest", () => {
      const { actor } = start(ann)
      actor.send({ type: "session.dashboard", data: dashboard })
      actor.send({ type: "session.dashboard", data: cancelled })
      expect(actor.getSnapshot().context.dashboard).toEqual(cancelled)
    })

    it("is taken while a refresh runs, and the refresh's answer then wins", async () => {
      const { actor, dashboard: fetchDashboard } = start(ann)
      actor.send({ type: "session.refresh" })
      actor.send({ type: "session.dashboard", data: dashboard })
      expect(actor.getSnapshot().value).toEqual({ signedIn: "refreshing" })
      expect(actor.getSnapshot().context).toEqual({ user: annRefreshed, dashboard })

      fetchDashboard.resolve(cancelled)
      await waitFor(actor, (s) => s.matches({ signedIn: "idle" }))
      expect(actor.getSnapshot().context.dashboard).toEqual(cancelled)
    })

    it("is kept when a refresh fails", async () => {
      const { actor, dashboard: fetchDashboard } = start(ann)
      actor.send({ type: "session.dashboard", data: dashboard })
      actor.send({ type: "session.refresh" })
      fetchDashboard.reject(new Unauthorized({ message: "Unauthenticated." }))
      await waitFor(actor, (s) => s.matches({ signedIn: "idle" }))
      expect(actor.getSnapshot().context).toEqual({ user: annRefreshed, dashboard })
    })
  })

  describe("expired", () => {
    it("reloads at /login UNAUTHORIZED_RELOAD_DELAY_MS after expiry, not before", () => {
      const { actor, clock, reloadToLogin } = start(ann)
      actor.send({ type: "session.expired" })

      clock.increment(UNAUTHORIZED_RELOAD_DELAY_MS - 1)
      expect(actor.getSnapshot().value).toBe("expired")
      expect(reloadToLogin).not.toHaveBeenCalled()

      clock.increment(1)
      expect(actor.getSnapshot().value).toBe("reloading")
      expect(actor.getSnapshot().status).toBe("done")
      expect(reloadToLogin).toHaveBeenCalledTimes(1)
    })

    it("ignores a sign-in, another expiry, a refresh and dashboard data while the reload is pending", () => {
      const { actor, clock, persistUser, clearSession, announceExpiry, reloadToLogin } = start(ann)
      actor.send({ type: "session.expired" })
      actor.send({ type: "session.signIn", user: bob })
      actor.send({ type: "session.expired" })
      actor.send({ type: "session.refresh" })
      actor.send({ type: "session.dashboard", data: dashboard })

      expect(actor.getSnapshot().value).toBe("expired")
      expect(actor.getSnapshot().context).toEqual({ user: null, dashboard: null })
      expect(persistUser).not.toHaveBeenCalled()
      expect(clearSession).toHaveBeenCalledTimes(1)
      expect(announceExpiry).toHaveBeenCalledTimes(1)

      clock.increment(UNAUTHORIZED_RELOAD_DELAY_MS)
      expect(reloadToLogin).toHaveBeenCalledTimes(1)
    })
  })
})

import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import { Offline } from "../../../src/domain/shared/errors.ts"
import { LOGOUT_REDIRECT_DELAY_MS } from "../../../src/domain/shared/timing.ts"
import { logoutMachine } from "../../../src/machines/account/logout-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const start = () => {
  const logout = pendingActor<{ readonly message: string }, void>()
  const signOut = vi.fn()
  const goToLogin = vi.fn()
  const clock = new SimulatedClock()
  const actor = createActor(
    logoutMachine.provide({ actors: { logout: logout.logic }, actions: { signOut, goToLogin } }),
    { clock },
  )
  actor.start()
  return { actor, logout, signOut, goToLogin, clock }
}

const startLoggingOut = () => {
  const started = start()
  started.actor.send({ type: "logout.request" })
  started.actor.send({ type: "logout.confirm" })
  expect(started.actor.getSnapshot().value).toBe("loggingOut")
  return started
}

const startSignedOut = async () => {
  const started = startLoggingOut()
  started.logout.resolve({ message: "Logged out" })
  await waitFor(started.actor, (s) => !s.matches("loggingOut"))
  expect(started.actor.getSnapshot().value).toBe("signedOut")
  return started
}

describe("logout machine", () => {
  describe("idle", () => {
    it("asks for confirmation on request", () => {
      const { actor } = start()
      expect(actor.getSnapshot().value).toBe("idle")
      actor.send({ type: "logout.request" })
      expect(actor.getSnapshot().value).toBe("confirming")
    })

    it("signs out at once on start, the question having been asked elsewhere", async () => {
      const { actor, logout, signOut } = start()
      expect(actor.getSnapshot().can({ type: "logout.start" })).toBe(true)
      actor.send({ type: "logout.start" })
      expect(actor.getSnapshot().value).toBe("loggingOut")
      expect(logout.inputs).toHaveLength(1)
      logout.resolve({ message: "Logged out" })
      await waitFor(actor, (s) => s.matches("signedOut"))
      expect(signOut).toHaveBeenCalledTimes(1)
    })

    it("ignores confirm and cancel before a request", () => {
      const { actor, logout } = start()
      expect(actor.getSnapshot().can({ type: "logout.confirm" })).toBe(false)
      actor.send({ type: "logout.confirm" })
      actor.send({ type: "logout.cancel" })
      expect(actor.getSnapshot().value).toBe("idle")
      expect(logout.inputs).toHaveLength(0)
    })
  })

  describe("confirming", () => {
    it("goes back to idle on cancel without calling logout", () => {
      const { actor, logout, signOut } = start()
      actor.send({ type: "logout.request" })
      actor.send({ type: "logout.cancel" })
      expect(actor.getSnapshot().value).toBe("idle")
      expect(logout.inputs).toHaveLength(0)
      expect(signOut).not.toHaveBeenCalled()
    })

    it("calls logout on confirm", () => {
      const { actor, logout } = startLoggingOut()
      expect(actor.getSnapshot().hasTag("busy")).toBe(true)
      expect(logout.inputs).toHaveLength(1)
    })

    it("ignores a second request", () => {
      const { actor } = start()
      actor.send({ type: "logout.request" })
      actor.send({ type: "logout.request" })
      expect(actor.getSnapshot().value).toBe("confirming")
    })
  })

  describe("loggingOut", () => {
    it("ignores cancel, confirm, start and request while the call runs", () => {
      const { actor, logout, signOut } = startLoggingOut()
      actor.send({ type: "logout.start" })
      actor.send({ type: "logout.cancel" })
      actor.send({ type: "logout.confirm" })
      actor.send({ type: "logout.request" })
      expect(actor.getSnapshot().value).toBe("loggingOut")
      expect(logout.inputs).toHaveLength(1)
      expect(signOut).not.toHaveBeenCalled()
    })

    it("signs out on this device when the call succeeds", async () => {
      const { actor, signOut, goToLogin } = await startSignedOut()
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
      expect(signOut).toHaveBeenCalledTimes(1)
      expect(goToLogin).not.toHaveBeenCalled()
    })

    it("still signs out on this device when the call fails", async () => {
      const { actor, logout, signOut } = startLoggingOut()
      logout.reject(new Offline())
      await waitFor(actor, (s) => !s.matches("loggingOut"))
      expect(actor.getSnapshot().value).toBe("signedOut")
      expect(signOut).toHaveBeenCalledTimes(1)
    })
  })

  describe("signedOut", () => {
    it("goes to /login LOGOUT_REDIRECT_DELAY_MS after signing out, not before", async () => {
      const { actor, clock, goToLogin, signOut } = await startSignedOut()

      clock.increment(LOGOUT_REDIRECT_DELAY_MS - 1)
      expect(actor.getSnapshot().value).toBe("signedOut")
      expect(goToLogin).not.toHaveBeenCalled()

      clock.increment(1)
      expect(actor.getSnapshot().value).toBe("idle")
      expect(goToLogin).toHaveBeenCalledTimes(1)
      expect(signOut).toHaveBeenCalledTimes(1)
    })

    it("waits for the next sign-out once on /login: the same actor serves the next session", async () => {
      const { actor, clock, logout, goToLogin } = await startSignedOut()
      clock.increment(LOGOUT_REDIRECT_DELAY_MS)
      actor.send({ type: "logout.request" })
      expect(actor.getSnapshot().value).toBe("confirming")
      actor.send({ type: "logout.confirm" })
      expect(logout.inputs).toHaveLength(2)
      expect(goToLogin).toHaveBeenCalledTimes(1)
    })

    it("ignores a new request or start while the redirect is pending", async () => {
      const { actor, clock, goToLogin } = await startSignedOut()
      actor.send({ type: "logout.request" })
      actor.send({ type: "logout.start" })
      expect(actor.getSnapshot().value).toBe("signedOut")
      clock.increment(LOGOUT_REDIRECT_DELAY_MS)
      expect(goToLogin).toHaveBeenCalledTimes(1)
    })
  })
})

// My profile's e-mail change that waits for its code, transition by transition: it is read with the
// profile (so it survives a reload), the code dialog can be closed and opened again, and the change
// can be given up (the field shows the account's address again; a failure is said and nothing is lost).
import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type {
  EmailValidatePayload,
  ProfileOptions,
  ProfileUpdatePayload,
  ProfileUpdateResponse,
} from "../../../src/domain/account/profile.ts"
import type { UserData } from "../../../src/domain/account/user.ts"
import { Offline } from "../../../src/domain/shared/errors.ts"
import { profileMachine } from "../../../src/machines/account/profile-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"
import { OPTIONS, userData } from "./settings-fixtures.ts"

const WAITING = "mei@example.com"

describe("profile machine: a change of address waiting for its code", () => {
  const start = async (pendingEmail: string | null) => {
    const loadProfile = pendingActor<{ user: UserData; options: ProfileOptions; pendingEmail: string | null }, void>()
    const updateProfile = pendingActor<ProfileUpdateResponse, ProfileUpdatePayload>()
    const cancelEmailChange = pendingActor<{ message: string }, void>()
    const announce = vi.fn()
    const actor = createActor(
      profileMachine.provide({
        actors: {
          loadProfile: loadProfile.logic,
          checkEmail: pendingActor<{ available: boolean }, EmailValidatePayload>().logic,
          updateProfile: updateProfile.logic,
          cancelEmailChange: cancelEmailChange.logic,
        },
        actions: { announce: (_, params) => announce(params.message) },
      }),
      { input: { appLanguage: "en" }, clock: new SimulatedClock() },
    )
    actor.start()
    loadProfile.resolve({ user: userData(), options: OPTIONS, pendingEmail })
    await waitFor(actor, (s) => s.matches("editing"))
    return { actor, updateProfile, cancelEmailChange, announce }
  }

  it("knows the waiting change from the load, with its dialog closed until it is asked for", async () => {
    const { actor } = await start(WAITING)
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: WAITING, codeDialogOpen: false })
    expect(actor.getSnapshot().can({ type: "email.resume" })).toBe(true)
    actor.send({ type: "email.resume" })
    expect(actor.getSnapshot().context.codeDialogOpen).toBe(true)
  })

  it("closing the code dialog keeps the change; it opens again and is confirmed", async () => {
    const { actor } = await start(WAITING)
    actor.send({ type: "email.resume" })
    actor.send({ type: "email.dismiss" })
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: WAITING, codeDialogOpen: false })
    actor.send({ type: "email.resume" })
    actor.send({ type: "email.confirmed", user: userData({ email: WAITING }) })
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: null, codeDialogOpen: false })
    expect(actor.getSnapshot().context.form.email).toBe(WAITING)
    expect(actor.getSnapshot().can({ type: "email.resume" })).toBe(false)
  })

  it("with nothing waiting, there is nothing to resume or cancel", async () => {
    const { actor, cancelEmailChange } = await start(null)
    expect(actor.getSnapshot().can({ type: "email.resume" })).toBe(false)
    expect(actor.getSnapshot().can({ type: "email.cancel" })).toBe(false)
    actor.send({ type: "email.resume" })
    actor.send({ type: "email.cancel" })
    expect(actor.getSnapshot().context.codeDialogOpen).toBe(false)
    expect(cancelEmailChange.inputs).toHaveLength(0)
  })

  it("a save that opened the dialog and then one that keeps the address leave the change waiting", async () => {
    const { actor, updateProfile } = await start(null)
    actor.send({ type: "field.change", field: "first_name", value: "Meiling" })
    actor.send({ type: "form.submit" })
    updateProfile.resolve({ message: "Saved.", pending_email: null, user: userData() })
    await waitFor(actor, (s) => !s.hasTag("busy"))
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: null, codeDialogOpen: false })

    const waiting = await start(WAITING)
    waiting.actor.send({ type: "form.submit" })
    waiting.updateProfile.resolve({ message: "Saved.", pending_email: null, user: userData() })
    await waitFor(waiting.actor, (s) => !s.hasTag("busy"))
    expect(waiting.actor.getSnapshot().context).toMatchObject({ pendingEmail: WAITING, codeDialogOpen: false })
  })

  it("gives the change up: busy while asked, then the account's address in the field and the answer announced", async () => {
    const { actor, cancelEmailChange, announce } = await start(WAITING)
    actor.send({ type: "field.change", field: "email", value: WAITING })
    actor.send({ type: "email.cancel" })
    expect(actor.getSnapshot().hasTag("cancellingEmail")).toBe(true)
    expect(actor.getSnapshot().can({ type: "email.resume" })).toBe(false)
    expect(cancelEmailChange.inputs).toHaveLength(1)
    cancelEmailChange.resolve({ message: "The change has been cancelled." })
    await waitFor(actor, (s) => !s.hasTag("busy"))
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: null, codeDialogOpen: false })
    expect(actor.getSnapshot().context.form.email).toBe("lin@example.com")
    expect(announce).toHaveBeenCalledWith("The change has been cancelled.")
  })

  it("a failed cancel is said and the change still waits", async () => {
    const { actor, cancelEmailChange } = await start(WAITING)
    actor.send({ type: "email.cancel" })
    cancelEmailChange.reject(new Offline())
    await waitFor(actor, (s) => !s.hasTag("busy"))
    expect(actor.getSnapshot().context).toMatchObject({ pendingEmail: WAITING, formError: "errors.offline" })
    expect(actor.getSnapshot().can({ type: "email.cancel" })).toBe(true)
  })
})

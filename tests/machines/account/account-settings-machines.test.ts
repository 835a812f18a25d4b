// The account-settings machines, transition by transition: profile (load, edit, availability
// check with its leading debounce, save, 422 and 'failedUserUpdate', language switch), e-mail
// change (code rules, wrong code cleared, confirmed), devices (list, remove, failure toast, sign out
// everywhere) and the settings toggles (save at once, put back on failure). The flows that ask for
// the account's proof (a new address, the password, deleting) are in reauth-machines.test.ts.
import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock, waitFor } from "xstate"
import type { RegisteredDevice } from "../../../src/domain/account/devices.ts"
import type {
  EmailUpdatePayload,
  EmailUpdateResponse,
  EmailValidatePayload,
  ProfileOptions,
  ProfileUpdatePayload,
  ProfileUpdateResponse,
} from "../../../src/domain/account/profile.ts"
import type { UserData } from "../../../src/domain/account/user.ts"
import { DEFAULT_USER_SETTINGS, type UserSettings } from "../../../src/domain/account/user-settings.ts"
import { NotFound, Offline, ServerError, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { EMAIL_CHECK_DEBOUNCE_MS } from "../../../src/domain/shared/timing.ts"
import { devicesMachine } from "../../../src/machines/account/devices-machine.ts"
import { emailChangeMachine } from "../../../src/machines/account/email-change-machine.ts"
import { profileMachine } from "../../../src/machines/account/profile-machine.ts"
import { settingsTogglesMachine } from "../../../src/machines/account/settings-toggles-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"
import { OPTIONS, userData } from "./settings-fixtures.ts"

describe("profile machine", () => {
  const start = async () => {
    const clock = new SimulatedClock()
    const loadProfile = pendingActor<{ user: UserData; options: ProfileOptions; pendingEmail: string | null }, void>()
    const checkEmail = pendingActor<{ available: boolean }, EmailValidatePayload>()
    const updateProfile = pendingActor<ProfileUpdateResponse, ProfileUpdatePayload>()
    const announce = vi.fn()
    const switchLanguage = vi.fn()
    const actor = createActor(
      profileMachine.provide({
        actors: { loadProfile: loadProfile.logic, checkEmail: checkEmail.logic, updateProfile: updateProfile.logic },
        actions: {
          announce: (_, params) => announce(params.message),
          switchLanguage: (_, params) => switchLanguage(params.language),
        },
      }),
      { input: { appLanguage: "en" }, clock },
    )
    actor.start()
    return { actor, clock, loadProfile, checkEmail, updateProfile, announce, switchLanguage }
  }
  const editing = async () => {
    const started = await start()
    started.loadProfile.resolve({ user: userData(), options: OPTIONS, pendingEmail: null })
    await waitFor(started.actor, (s) => s.matches("editing"))
    return started
  }
  const type = (actor: { send: (e: never) => void }, field: string, value: unknown) =>
    actor.send({ type: "field.change", field, value } as never)

  it("fills the form from the profile; the language falls back to the app's", async () => {
    const { actor } = await editing()
    expect(actor.getSnapshot().context.form).toEqual({
      email: "lin@example.com",
      first_name: "Lin",
      last_name: "Wei",
      country_id: "2",
      currency_id: "1",
      language_id: "1",
      promotional_emails: false,
    })
  })

  it("says inline when the profile cannot load, and retries", async () => {
    const { actor, loadProfile } = await start()
    loadProfile.reject(new Offline())
    await waitFor(actor, (s) => s.matches("loadFailed"))
    expect(actor.getSnapshot().context.loadError).toBe("errors.offline")
    actor.send({ type: "profile.retry" })
    expect(loadProfile.inputs).toHaveLength(2)
  })

  it("checks a new address at once, then again only after the pause, and marks a taken one", async () => {
    const { actor, clock, checkEmail } = await editing()
    type(actor, "email", "mei@example.com")
    expect(checkEmail.inputs).toEqual([{ email: "mei@example.com", uuid: "11111111-1111-1111-1111-111111111111" }])
    checkEmail.resolve({ available: false })
    await waitFor(actor, (s) => s.context.emailCheck !== null)
    expect(actor.getSnapshot().context.errors.email).toBe("validation.emailTaken")
    type(actor, "email", "mei2@example.com")
    type(actor, "email", "mei3@example.com")
    expect(checkEmail.inputs).toHaveLength(1)
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS)
    expect(checkEmail.inputs.at(-1)?.email).toBe("mei3@example.com")
    checkEmail.resolve({ available: true })
    await waitFor(actor, (s) => s.context.emailCheck?.email === "mei3@example.com")
    expect(actor.getSnapshot().context.errors.email).toBeUndefined()
    // The account's own address needs no check.
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS)
    type(actor, "email", "LIN@example.com")
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS)
    expect(checkEmail.inputs).toHaveLength(2)
  })

  it("files an answer under the address it was asked about, so one typed further while it came is checked too", async () => {
    const { actor, clock, checkEmail } = await editing()
    type(actor, "email", "mei@example.co")
    expect(checkEmail.inputs.at(-1)?.email).toBe("mei@example.co")
    type(actor, "email", "mei@example.com")
    checkEmail.resolve({ available: true })
    await waitFor(actor, (s) => s.context.emailCheck !== null)
    expect(actor.getSnapshot().context.emailCheck).toEqual({ email: "mei@example.co", available: true })
    clock.increment(EMAIL_CHECK_DEBOUNCE_MS)
    expect(checkEmail.inputs).toHaveLength(2)
    expect(checkEmail.inputs.at(-1)?.email).toBe("mei@example.com")
    checkEmail.resolve({ available: false })
    await waitFor(actor, (s) => s.context.emailCheck?.email === "mei@example.com")
    expect(actor.getSnapshot().context.errors.email).toBe("validation.emailTaken")
  })

  it("turns back an invalid form with every field's message and saves nothing", async () => {
    const { actor, updateProfile } = await editing()
    type(actor, "first_name", " Li ")
    type(actor, "last_name", "")
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({
      first_name: "validation.firstNameMin",
      last_name: "validation.required",
    })
    expect(actor.getSnapshot().context.rejectedSubmits).toBe(1)
    expect(updateProfile.inputs).toHaveLength(0)
  })

  it("saves with no country and no currency chosen (sent as none), but asks for the language by name", async () => {
    const { actor, updateProfile } = await editing()
    type(actor, "country_id", "")
    type(actor, "currency_id", "")
    type(actor, "language_id", "")
    actor.send({ type: "form.submit" })
    expect(actor.getSnapshot().context.errors).toEqual({ language_id: "validation.languageRequired" })
    expect(updateProfile.inputs).toHaveLength(0)
    type(actor, "language_id", "1")
    actor.send({ type: "form.submit" })
    expect(updateProfile.inputs[0]).toMatchObject({ country_id: null, currency_id: null, language_id: 1 })
  })

  it("saves trimmed values, announces the server's message and switches to the saved language", async () => {
    const { actor, updateProfile, announce, switchLanguage } = await editing()
    type(actor, "first_name", "  Mei ")
    type(actor, "language_id", "2")
    actor.send({ type: "form.submit" })
    expect(updateProfile.inputs[0]).toMatchObject({ first_name: "Mei", language_id: 2, country_id: 2 })
    updateProfile.resolve({ message: "Saved.", pending_email: null, user: userData({ first_name: "Mei" }) })
    await waitFor(actor, (s) => s.matches({ editing: { form: "idle" } }))
    expect(announce).toHaveBeenCalledWith("Saved.")
    expect(switchLanguage).toHaveBeenCalledWith("de")
    expect(actor.getSnapshot().context.pendingEmail).toBeNull()
  })

  it("shows the server's field messages, and 'failedUserUpdate' when the e-mail has none", async () => {
    const { actor, updateProfile } = await editing()
    actor.send({ type: "form.submit" })
    updateProfile.reject(new ValidationFailed({ message: "x", errors: { country_id: "validation.invalid" } }))
    await waitFor(actor, (s) => s.context.formError !== null)
    expect(actor.getSnapshot().context.errors).toEqual({ country_id: "validation.invalid" })
    expect(actor.getSnapshot().context.formError).toBe("account:profile.failedUserUpdate")
    actor.send({ type: "form.submit" })
    updateProfile.reject(new ValidationFailed({ message: "x", errors: { email: "validation.emailTaken" } }))
    await waitFor(actor, (s) => s.context.errors.email !== undefined)
    expect(actor.getSnapshot().context.formError).toBeNull()
    actor.send({ type: "form.submit" })
    updateProfile.reject(new Offline())
    await waitFor(actor, (s) => s.context.formError === "errors.offline")
    expect(actor.getSnapshot().context.form.first_name).toBe("Lin")
  })
})

describe("e-mail change machine", () => {
  const start = () => {
    const confirmEmail = pendingActor<EmailUpdateResponse, EmailUpdatePayload>()
    const announce = vi.fn()
    const actor = createActor(
      emailChangeMachine.provide({
        actors: { confirmEmail: confirmEmail.logic },
        actions: { announce: (_, p) => announce(p.message) },
      }),
      { input: { email: "mei@example.com" } },
    )
    actor.start()
    return { actor, confirmEmail, announce }
  }

  it("keeps only four digits and asks for them before sending", () => {
    const { actor, confirmEmail } = start()
    actor.send({ type: "code.submit" })
    expect(actor.getSnapshot().context.error).toBe("validation.required")
    actor.send({ type: "code.change", value: "1a2" })
    expect(actor.getSnapshot().context.code).toBe("12")
    actor.send({ type: "code.submit" })
    expect(actor.getSnapshot().context.error).toBe("validation.codeFormat")
    actor.send({ type: "code.change", value: "123456" })
    expect(actor.getSnapshot().context.code).toBe("1234")
    expect(confirmEmail.inputs).toHaveLength(0)
  })

  it("clears a wrong code and shows why; stays open", async () => {
    const { actor, confirmEmail } = start()
    actor.send({ type: "code.change", value: "1234" })
    actor.send({ type: "code.submit" })
    expect(confirmEmail.inputs).toEqual([{ email: "mei@example.com", otp: "1234" }])
    confirmEmail.reject(new ValidationFailed({ message: "x", errors: { otp: "validation.codeInvalid" } }))
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({ code: "", error: "validation.codeInvalid" })
    actor.send({ type: "code.change", value: "9876" })
    actor.send({ type: "code.submit" })
    confirmEmail.reject(new Offline())
    await waitFor(actor, (s) => s.matches("entering"))
    expect(actor.getSnapshot().context).toMatchObject({ code: "9876", formError: "errors.offline" })
  })

  it("ends confirmed with the updated user, or closed", async () => {
    const { actor, confirmEmail, announce } = start()
    actor.send({ type: "code.change", value: "1234" })
    actor.send({ type: "code.submit" })
    confirmEmail.resolve({ message: "Changed.", user: userData({ email: "mei@example.com" }) })
    await waitFor(actor, (s) => s.status === "done")
    expect(actor.getSnapshot().output?.user?.user_profile.email).toBe("mei@example.com")
    expect(announce).toHaveBeenCalledWith("Changed.")
    const other = start()
    other.actor.send({ type: "dialog.close" })
    expect(other.actor.getSnapshot().matches("closed")).toBe(true)
  })
})

describe("devices machine", () => {
  const device = (id: string, status: "current" | "active", last = "2026-01-01T00:00:00.000Z"): RegisteredDevice => ({
    id,
    device_name: `Device ${id}`,
    status,
    last_used_at: last,
    signed_in_at: last,
    place: null,
  })
  const start = async () => {
    const loadDevices = pendingActor<ReadonlyArray<RegisteredDevice>, void>()
    const removeDevice = pendingActor<{ message: string }, { device_id: string }>()
    const logoutAll = pendingActor<{ message: string }, void>()
    const announce = vi.fn()
    const announceFailure = vi.fn()
    const signedOutEverywhere = vi.fn()
    const actor = createActor(
      devicesMachine.provide({
        actors: { loadDevices: loadDevices.logic, removeDevice: removeDevice.logic, logoutAll: logoutAll.logic },
        actions: {
          announce: (_, p) => announce(p.message),
          announceFailure: (_, p) => announceFailure(p.error),
          signedOutEverywhere,
        },
      }),
    )
    actor.start()
    loadDevices.resolve([device("a", "current"), device("b", "active"), device("c", "active"), device("d", "active")])
    await waitFor(actor, (s) => s.matches("ready"))
    return { actor, loadDevices, removeDevice, logoutAll, announce, announceFailure, signedOutEverywhere }
  }

  it("removes another device after a confirmation and loads the list again; the current one cannot be removed here", async () => {
    const { actor, removeDevice, loadDevices, announce } = await start()
    actor.send({ type: "device.remove", id: "a" })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    actor.send({ type: "device.remove", id: "b" })
    expect(actor.getSnapshot().matches("confirmingRemove")).toBe(true)
    expect(actor.getSnapshot().context.removing).toBe("b")
    actor.send({ type: "remove.dismiss" })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    expect(actor.getSnapshot().context.removing).toBeNull()
    expect(removeDevice.inputs).toEqual([])
    actor.send({ type: "device.remove", id: "b" })
    actor.send({ type: "remove.confirm" })
    expect(removeDevice.inputs).toEqual([{ device_id: "b" }])
    removeDevice.resolve({ message: "Signed out." })
    await waitFor(actor, (s) => s.matches("loading"))
    expect(announce).toHaveBeenCalledWith("Signed out.")
    expect(loadDevices.inputs).toHaveLength(2)
  })

  it("tells a failed removal as a toast and loads the list again", async () => {
    const { actor, removeDevice, announceFailure } = await start()
    actor.send({ type: "device.remove", id: "c" })
    actor.send({ type: "remove.confirm" })
    const failure = new NotFound({ message: "Not found" })
    removeDevice.reject(failure)
    await waitFor(actor, (s) => s.matches("loading"))
    expect(announceFailure).toHaveBeenCalledWith(failure)
  })

  it("toggles all devices and signs out everywhere after a confirmation", async () => {
    const { actor, logoutAll, signedOutEverywhere } = await start()
    actor.send({ type: "devices.toggleAll" })
    expect(actor.getSnapshot().context.showAll).toBe(true)
    actor.send({ type: "logoutAll.request" })
    actor.send({ type: "logoutAll.dismiss" })
    expect(actor.getSnapshot().matches("ready")).toBe(true)
    actor.send({ type: "logoutAll.request" })
    actor.send({ type: "logoutAll.confirm" })
    logoutAll.resolve({ message: "ok" })
    await waitFor(actor, (s) => s.status === "done")
    expect(signedOutEverywhere).toHaveBeenCalledTimes(1)
  })
})

describe("settings toggles machine", () => {
  it("saves a toggle at once, announces it, and puts it back when the save fails", async () => {
    const loadSettings = pendingActor<UserSettings, void>()
    const saveSettings = pendingActor<UserSettings, Partial<UserSettings>>()
    const announceSaved = vi.fn()
    const actor = createActor(
      settingsTogglesMachine.provide({
        actors: { loadSettings: loadSettings.logic, saveSettings: saveSettings.logic },
        actions: { announceSaved },
      }),
    )
    actor.start()
    loadSettings.reject(new Offline())
    await waitFor(actor, (s) => s.matches("loadFailed"))
    actor.send({ type: "settings.retry" })
    loadSettings.resolve(DEFAULT_USER_SETTINGS)
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "toggle.change", field: "showNotes", value: true })
    expect(actor.getSnapshot().context.settings?.showNotes).toBe(true)
    expect(saveSettings.inputs).toEqual([{ showNotes: true }])
    saveSettings.resolve({ ...DEFAULT_USER_SETTINGS, showNotes: true })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(announceSaved).toHaveBeenCalledTimes(1)
    actor.send({ type: "toggle.change", field: "showNotes", value: false })
    saveSettings.reject(new ServerError({ message: "boom", correlationId: "c" }))
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().context).toMatchObject({ saveError: "errors.generic" })
    expect(actor.getSnapshot().context.settings?.showNotes).toBe(true)
  })
})

// Every transition of the tests-settings machine: loading (a failure inline, retry), editing with a
// message when a field is left, saving only on the button, "include all points" hiding the limit
// and keeping the stored one, and a failed save keeping what was typed.
import { describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { DEFAULT_USER_SETTINGS, type UserSettings } from "../../../src/domain/account/user-settings.ts"
import type { TestSettingsPatch } from "../../../src/domain/self-tests/test-settings-form.ts"
import { Offline, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import { testsSettingsMachine } from "../../../src/machines/self-tests/tests-settings-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

const start = () => {
  const loadSettings = pendingActor<UserSettings, void>()
  const saveSettings = pendingActor<UserSettings, TestSettingsPatch>()
  const actor = createActor(
    testsSettingsMachine.provide({ actors: { loadSettings: loadSettings.logic, saveSettings: saveSettings.logic } }),
  )
  actor.start()
  return { actor, loadSettings, saveSettings }
}

const startEditing = async (settings: UserSettings = DEFAULT_USER_SETTINGS) => {
  const started = start()
  started.loadSettings.resolve(settings)
  await waitFor(started.actor, (s) => s.matches("editing"))
  return started
}

describe("tests-settings machine", () => {
  it("loads the settings into the form", async () => {
    const { actor } = await startEditing({ ...DEFAULT_USER_SETTINGS, testDuration: 15 })
    expect(actor.getSnapshot().context.form).toMatchObject({ testDuration: "15", testLimit: "20", testDifficulty: 0 })
  })

  it("says inline that the settings could not be loaded, and retries", async () => {
    const started = start()
    started.loadSettings.reject(new Offline())
    await waitFor(started.actor, (s) => s.matches("loadFailed"))
    expect(started.actor.getSnapshot().context.loadError).toBe("errors.offline")
    started.actor.send({ type: "settings.retry" })
    expect(started.actor.getSnapshot().matches("loading")).toBe(true)
    expect(started.loadSettings.inputs).toHaveLength(2)
  })

  it("checks a number when its field is left, and follows the typing once a message shows", async () => {
    const { actor } = await startEditing()
    actor.send({ type: "field.change", field: "testDuration", value: "0" })
    expect(actor.getSnapshot().context.errors).toEqual({})
    actor.send({ type: "field.blur", field: "testDuration" })
    expect(actor.getSnapshot().context.errors).toEqual({ testDuration: "validation.testDuration" })
    actor.send({ type: "field.change", field: "testDuration", value: "" })
    expect(actor.getSnapshot().context.errors).toEqual({ testDuration: "validation.required" })
    actor.send({ type: "field.change", field: "testDuration", value: "12" })
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it("saves only on the button, and not while a field is wrong", async () => {
    const { actor, saveSettings } = await startEditing()
    actor.send({ type: "field.change", field: "testLimit", value: "abc" })
    actor.send({ type: "field.change", field: "testDifficulty", value: 1 })
    expect(saveSettings.inputs).toHaveLength(0)
    actor.send({ type: "settings.save" })
    expect(actor.getSnapshot().matches("editing")).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { testLimit: "validation.testLimit" },
      rejectedSubmits: 1,
    })
    actor.send({ type: "field.change", field: "testLimit", value: "30" })
    actor.send({ type: "settings.save" })
    expect(actor.getSnapshot().matches("saving")).toBe(true)
    expect(saveSettings.inputs).toEqual([
      {
        testDuration: 10,
        testLimit: 30,
        testDifficulty: 1,
        testAllPoints: false,
        testTimed: true,
        testExtraTime: 2,
        testLeaveOutPregnancy: false,
      },
    ])
    saveSettings.resolve({ ...DEFAULT_USER_SETTINGS, testLimit: 30, testDifficulty: 1 })
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.saved).toBe(true)
    actor.send({ type: "field.change", field: "testTimed", value: false })
    expect(actor.getSnapshot().context.saved).toBe(false)
  })

  it("with all points, leaves the hidden limit out (the stored one is kept) and clears its message", async () => {
    const { actor, saveSettings } = await startEditing({ ...DEFAULT_USER_SETTINGS, testLimit: 35 })
    actor.send({ type: "field.change", field: "testLimit", value: "500" })
    actor.send({ type: "field.blur", field: "testLimit" })
    expect(actor.getSnapshot().context.errors).toEqual({ testLimit: "validation.testLimit" })
    actor.send({ type: "field.change", field: "testAllPoints", value: true })
    expect(actor.getSnapshot().context.errors).toEqual({})
    actor.send({ type: "settings.save" })
    expect(saveSettings.inputs[0]).not.toHaveProperty("testLimit")
    saveSettings.resolve({ ...DEFAULT_USER_SETTINGS, testLimit: 35, testAllPoints: true })
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.form).toMatchObject({ testAllPoints: true, testLimit: "35" })
  })

  it("loads, edits and saves leaving out the points contraindicated in pregnancy", async () => {
    const { actor, saveSettings } = await startEditing()
    expect(actor.getSnapshot().context.form?.testLeaveOutPregnancy).toBe(false)
    actor.send({ type: "field.change", field: "testLeaveOutPregnancy", value: true })
    actor.send({ type: "settings.save" })
    expect(saveSettings.inputs[0]).toMatchObject({ testLeaveOutPregnancy: true })
    saveSettings.resolve({ ...DEFAULT_USER_SETTINGS, testLeaveOutPregnancy: true })
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context).toMatchObject({ saved: true, form: { testLeaveOutPregnancy: true } })
    const again = await startEditing({ ...DEFAULT_USER_SETTINGS, testLeaveOutPregnancy: true })
    expect(again.actor.getSnapshot().context.form?.testLeaveOutPregnancy).toBe(true)
  })

  it("keeps what was typed when saving fails, with the server's field messages", async () => {
    const { actor, saveSettings } = await startEditing()
    actor.send({ type: "field.change", field: "testDuration", value: "40" })
    actor.send({ type: "settings.save" })
    saveSettings.reject(new ValidationFailed({ message: "Check", errors: { testDuration: "validation.testDuration" } }))
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { testDuration: "validation.testDuration" },
      saveError: "errors.checkFields",
      rejectedSubmits: 1,
      saved: false,
    })
    expect(actor.getSnapshot().context.form?.testDuration).toBe("40")
    actor.send({ type: "settings.save" })
    saveSettings.reject(new Offline())
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.saveError).toBe("errors.offline")
  })

  it("ignores edits and saves while saving", async () => {
    const { actor, saveSettings } = await startEditing()
    actor.send({ type: "settings.save" })
    actor.send({ type: "field.change", field: "testDuration", value: "5" })
    actor.send({ type: "settings.save" })
    expect(saveSettings.inputs).toHaveLength(1)
    expect(actor.getSnapshot().context.form?.testDuration).toBe("10")
  })
})

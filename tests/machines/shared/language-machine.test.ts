import { describe, expect, it, vi } from "vitest"
import { createActor, SimulatedClock } from "xstate"
import {
  IN_PROGRESS_LANGUAGES,
  SELECTABLE_LANGUAGES,
  type SelectableLanguage,
} from "../../../src/domain/shared/locales.ts"
import { LANGUAGE_RELOAD_DELAY_MS } from "../../../src/domain/shared/timing.ts"
import { languageMachine } from "../../../src/machines/shared/language-machine.ts"

const [CURRENT, OTHER, THIRD] = SELECTABLE_LANGUAGES

const start = (current: SelectableLanguage = CURRENT) => {
  const storeLanguage = vi.fn()
  const reloadHome = vi.fn()
  const clock = new SimulatedClock()
  const actor = createActor(languageMachine.provide({ actions: { storeLanguage, reloadHome } }), {
    input: { current },
    clock,
  })
  actor.start()
  return { actor, storeLanguage, reloadHome, clock }
}

describe("language machine", () => {
  describe("idle", () => {
    it("starts idle with the current language", () => {
      const { actor } = start()
      expect(actor.getSnapshot().value).toBe("idle")
      expect(actor.getSnapshot().context.current).toBe(CURRENT)
      expect(actor.getSnapshot().hasTag("busy")).toBe(false)
    })

    it.each(SELECTABLE_LANGUAGES.filter((language) => language !== CURRENT))(
      "stores %s and starts switching",
      (language) => {
        const { actor, storeLanguage, reloadHome } = start()
        actor.send({ type: "language.select", language })

        expect(actor.getSnapshot().value).toBe("switching")
        expect(actor.getSnapshot().hasTag("busy")).toBe(true)
        expect(storeLanguage).toHaveBeenCalledTimes(1)
        expect(storeLanguage.mock.calls[0]?.[1]).toEqual({ language })
        expect(reloadHome).not.toHaveBeenCalled()
      },
    )

    it.each<[string, string]>([
      ["the current language", CURRENT],
      ...IN_PROGRESS_LANGUAGES.map((language): [string, string] => [`${language}, still in progress`, language]),
      ["an unknown code", "fr"],
      ["an empty code", ""],
    ])("ignores %s", (_, language) => {
      const { actor, storeLanguage, clock, reloadHome } = start()
      expect(actor.getSnapshot().can({ type: "language.select", language })).toBe(false)
      actor.send({ type: "language.select", language })
      clock.increment(LANGUAGE_RELOAD_DELAY_MS)

      expect(actor.getSnapshot().value).toBe("idle")
      expect(storeLanguage).not.toHaveBeenCalled()
      expect(reloadHome).not.toHaveBeenCalled()
    })
  })

  describe("switching", () => {
    it("reloads at / LANGUAGE_RELOAD_DELAY_MS after the choice, not before", () => {
      const { actor, clock, reloadHome } = start()
      actor.send({ type: "language.select", language: OTHER })

      clock.increment(LANGUAGE_RELOAD_DELAY_MS - 1)
      expect(actor.getSnapshot().value).toBe("switching")
      expect(reloadHome).not.toHaveBeenCalled()

      clock.increment(1)
      expect(actor.getSnapshot().value).toBe("reloading")
      expect(actor.getSnapshot().status).toBe("done")
      expect(reloadHome).toHaveBeenCalledTimes(1)
    })

    it("ignores another choice and does not restart the delay", () => {
      const { actor, clock, storeLanguage, reloadHome } = start()
      actor.send({ type: "language.select", language: OTHER })
      clock.increment(LANGUAGE_RELOAD_DELAY_MS - 1)
      actor.send({ type: "language.select", language: THIRD })

      expect(storeLanguage.mock.calls.map((call) => call[1])).toEqual([{ language: OTHER }])
      clock.increment(1)
      expect(reloadHome).toHaveBeenCalledTimes(1)
    })
  })
})

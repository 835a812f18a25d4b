// A name or text in the caller's language, else the English: the one rule every feature's names
// follow (a blank translation is no translation). Whole points, channels and vessels and the list
// rule are tests/domain/localize-content.test.ts's.
import { describe, expect, it } from "vitest"
import { localized, localizeInline, localizeText } from "../../../src/domain/content/localize-content.ts"

const name = { en: "Great Abyss", de: "Großer Abgrund", es: "Gran Abismo" }

describe("localized", () => {
  it("gives the caller's language where it is written", () => {
    expect(localized(name, "de")).toBe("Großer Abgrund")
    expect(localized(name, "es")).toBe("Gran Abismo")
    expect(localized(name, "en")).toBe("Great Abyss")
  })

  it("gives the English where the translation is missing, empty or blank", () => {
    expect(localized({ en: "Great Abyss" }, "de")).toBe("Great Abyss")
    expect(localized({ ...name, de: "" }, "de")).toBe("Great Abyss")
    expect(localized({ ...name, es: "  " }, "es")).toBe("Great Abyss")
  })
})

describe("localizeText and localizeInline", () => {
  it("say which language the text is in", () => {
    expect(localizeText("Pulse point", "Pulspunkt", "de")).toEqual({ value: "Pulspunkt", language: "de" })
    expect(localizeText("Pulse point", " ", "de")).toEqual({ value: "Pulse point", language: "en" })
    expect(localizeText("Pulse point", "Pulspunkt", "en")).toEqual({ value: "Pulse point", language: "en" })
  })

  it("prefer a written overlay to the text's own translation", () => {
    expect(localizeInline(name, "de", "Abgrund")).toEqual({ value: "Abgrund", language: "de" })
    expect(localizeInline(name, "de", "")).toEqual({ value: "Großer Abgrund", language: "de" })
  })
})

// A point, channel or vessel in German or Spanish: every field from the overlay where it has one,
// the English where it has not (field by field, a list only as a whole and only at the English
// length), and the language each field is really in.
import { describe, expect, it } from "vitest"
import { loadContent, loadTranslations } from "../../server/content/load-content.ts"
import type { Point } from "../../src/domain/content/content-schema.ts"
import {
  languagesOf,
  localizeChannel,
  localizeList,
  localizePoint,
  localizeVessel,
  overlaysFor,
  pointOverlayOf,
} from "../../src/domain/content/localize-content.ts"

const content = loadContent()
const translations = loadTranslations()
const lu = content.channels.find((c) => c.code === "LU")!
const lu9 = lu.points.find((p) => p.code === "LU-9")!

const point: Pick<Point, "location" | "locating" | "needling" | "actions" | "indications" | "commentary"> = {
  location: "Between the tendons, 2 cun above the wrist crease.",
  locating: "Clench the fist and find the hollow.",
  needling: {
    method: "Insert perpendicularly.",
    depth: "0.5–1 cun",
    angle: "perpendicular",
    cautions: ["Avoid the median nerve.", "Mind the artery."],
    contraindications: [],
    moxibustion: "suitable",
  },
  actions: ["Calms the spirit", "Opens the chest"],
  indications: ["Palpitations", "Nausea", "Insomnia"],
  commentary: "A point for the chest and the heart.",
}

describe("localizePoint", () => {
  it("gives English as it is, in English, whatever an overlay says", () => {
    const english = localizePoint(point, { location: "Zwischen den Sehnen" }, "en")
    expect(english).toMatchObject({ location: point.location, needling: point.needling })
    expect(languagesOf(english.languages)).toEqual(["en"])
  })

  it("takes every field of a complete overlay and says each is in that language", () => {
    const de = localizePoint(lu9, translations.de.channels.LU!.points["LU-9"], "de")
    expect(de.location).toMatch(/Handgelenksbeugefalte/)
    expect(de.needling.depth).toBe("0,2–0,3 Cun")
    expect(de.needling.angle).toBe(lu9.needling.angle)
    expect(de.needling.moxibustion).toBe(lu9.needling.moxibustion)
    expect(de.actions).toHaveLength(lu9.actions.length)
    expect(de.actions).not.toEqual(lu9.actions)
    expect(languagesOf(de.languages)).toEqual(["de"])
  })

  it("falls back to English field by field where the overlay lacks a text", () => {
    const es = localizePoint(
      point,
      {
        location: "Entre los tendones, 2 cun por encima del pliegue de la muñeca.",
        needling: { method: "Inserción perpendicular.", cautions: ["Evita el nervio mediano."] },
        indications: ["Palpitaciones", "Náuseas", "Insomnio"],
        commentary: "  ",
      },
      "es",
    )
    expect(es.location).toMatch(/^Entre los tendones/)
    expect(es.locating).toBe(point.locating)
    expect(es.needling.method).toBe("Inserción perpendicular.")
    expect(es.needling.depth).toBe(point.needling.depth)
    // One caution translated of two: the German or Spanish list is out of date, the English stands.
    expect(es.needling.cautions).toEqual(point.needling.cautions)
    expect(es.indications).toEqual(["Palpitaciones", "Náuseas", "Insomnio"])
    expect(es.actions).toEqual(point.actions)
    expect(es.commentary).toBe(point.commentary)
    expect(es.languages).toEqual({
      location: "es",
      locating: "en",
      needling: { method: "es", depth: "en", cautions: "en", contraindications: "es" },
      actions: "en",
      indications: "es",
      commentary: "en",
    })
    expect(languagesOf(es.languages)).toEqual(["en", "es"])
  })

  it("is all English without an overlay", () => {
    const de = localizePoint(point, undefined, "de")
    expect(de).toMatchObject(point)
    expect(de.languages.location).toBe("en")
    expect(de.languages.needling.cautions).toBe("en")
  })
})

describe("localizeList", () => {
  it("an empty English list is empty in the language asked for", () => {
    expect(localizeList([], undefined, "de")).toEqual({ value: [], language: "de" })
  })
  it("a list with an empty item is not taken", () => {
    expect(localizeList(["One item"], [""], "de")).toEqual({ value: ["One item"], language: "en" })
  })
})

describe("overlays", () => {
  it("finds a standard point in its channel's file and an extra point in the extra points' file", () => {
    const de = overlaysFor(translations, "de")
    expect(pointOverlayOf(de, "LU-9")?.location).toMatch(/Handgelenksbeugefalte/)
    const extra = content.extraPoints[0]!
    expect(pointOverlayOf(de, extra.code)).toBe(translations.de.extraPoints[extra.code])
    expect(pointOverlayOf(de, "XX-1")).toBeUndefined()
    expect(overlaysFor(translations, "en")).toBeUndefined()
  })
})

describe("localizeChannel and localizeVessel", () => {
  it("give a channel's texts in Spanish, the inline English otherwise", () => {
    const es = localizeChannel(lu, translations.es.channels.LU!.channel, "es")
    expect(es.summary).toBe(translations.es.channels.LU!.channel.summary)
    expect(es.connections).toEqual(translations.es.channels.LU!.channel.connections)
    expect(languagesOf(es.languages)).toEqual(["es"])
    const partial = localizeChannel(lu, { summary: "Resumen del canal del pulmón." }, "es")
    expect(partial.pathway.external).toBe(lu.pathway.external.en)
    expect(partial.languages).toEqual({ summary: "es", pathway: { external: "en", internal: "en" }, connections: "en" })
  })

  it("take a translation written inline in the English file when no overlay has the field", () => {
    const channel = { ...lu, summary: { en: lu.summary.en, de: "Die Lungen-Leitbahn, kurz gefasst." } }
    const de = localizeChannel(channel, undefined, "de")
    expect(de.summary).toBe("Die Lungen-Leitbahn, kurz gefasst.")
    expect(de.languages.summary).toBe("de")
  })

  it("give a vessel's texts in German", () => {
    const chong = content.vessels.find((v) => v.id === "chong")!
    const de = localizeVessel(chong, translations.de.vessels.chong, "de")
    expect(de.pathway).toBe(translations.de.vessels.chong!.pathway)
    expect(de.uses).toHaveLength(chong.uses.length)
    expect(languagesOf(de.languages)).toEqual(["de"])
    expect(localizeVessel(chong, undefined, "de").languages.uses).toBe("en")
  })
})

// The knowledge base in the language of the locale header (§7): LU-9 and every other page in German
// and Spanish carry the reviewed translations and no English field, English callers keep the
// English, and a text missing from a translation falls back to English for that field alone, with
// the language of every text in `textLanguages`.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTENT_DIR, loadContent } from "../../server/content/load-content.ts"
import { PLAN_ID_PRO } from "../../src/domain/billing/plans.ts"
import { languagesOf } from "../../src/domain/content/localize-content.ts"
import { TRANSLATED_LANGUAGES } from "../../src/domain/content/translation-schema.ts"
import {
  createVerifiedUser,
  DATABASES,
  type Json,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const content = loadContent()
const { translations } = content
const lu = content.channels.find((c) => c.code === "LU")!
const lu9 = lu.points.find((p) => p.code === "LU-9")!

const startAsPro = async (kind: (typeof DATABASES)[number], contentDir?: string) => {
  const server = await startTestServer(kind, contentDir ? { contentDir } : {})
  const user = await createVerifiedUser(server)
  await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, user.email])
  const token = await signIn(server, user.email)
  const get = async (path: string, locale: string) => {
    const response = await server.request(path, { token, locale })
    expect(response.status, path).toBe(200)
    return (await response.json()) as Json
  }
  return { server, get }
}

/** The descriptive fields of a point page, in the shape of an overlay. */
const pointTexts = (page: Json) => ({
  location: page.location,
  locating: page.locating,
  needling: {
    method: page.needling.method,
    depth: page.needling.depth,
    cautions: page.needling.cautions,
    contraindications: page.needling.contraindications,
  },
  actions: page.actions,
  indications: page.indications,
  commentary: page.commentary,
})

describe.each(DATABASES)("content in German and Spanish on %s", (kind) => {
  let server: TestServer
  let get: (path: string, locale: string) => Promise<Json>
  beforeAll(async () => {
    ;({ server, get } = await startAsPro(kind))
  })
  afterAll(() => server.close())

  it.each(TRANSLATED_LANGUAGES)(
    "answers LU-9 in %s with the translated texts and no English field",
    async (language) => {
      const page = await get("/api/point/lu-9-taiyuan", language)
      const overlay = translations[language].channels.LU!.points["LU-9"]!
      expect(pointTexts(page)).toEqual(overlay)
      expect(page.textLanguage).toBe(language)
      expect(languagesOf(page.textLanguages)).toEqual([language])
      // Not one text is the English one.
      const english = pointTexts({ ...lu9, needling: lu9.needling })
      for (const field of ["location", "locating", "commentary"] as const) {
        expect(page[field], field).not.toBe(english[field])
      }
      expect(page.needling.method).not.toBe(english.needling.method)
      expect(page.needling.depth).not.toBe(english.needling.depth)
      for (const list of [page.needling.cautions, page.actions, page.indications]) {
        for (const item of list)
          expect([...english.needling.cautions, ...english.actions, ...english.indications]).not.toContain(item)
      }
      // The facts stay as they are: angle and moxibustion are labels the app translates.
      expect(page.needling.angle).toBe(lu9.needling.angle)
      expect(page.needling.moxibustion).toBe(lu9.needling.moxibustion)
      expect(page.name).toBe(lu9.name[language])
    },
  )

  it.each(TRANSLATED_LANGUAGES)("answers an extra point in %s from the extra points' translation", async (language) => {
    const extra = content.extraPoints[2]!
    const page = await get(`/api/point/${extra.slug}`, language)
    expect(pointTexts(page)).toEqual(translations[language].extraPoints[extra.code])
    expect(languagesOf(page.textLanguages)).toEqual([language])
  })

  it.each(TRANSLATED_LANGUAGES)("answers channel, vessel, category and body-area pages in %s", async (language) => {
    const channel = await get(`/api/channels/${lu.slug}`, language)
    const overlay = translations[language].channels.LU!.channel
    expect({ summary: channel.summary, pathway: channel.pathway, connections: channel.connections }).toEqual(overlay)
    expect(channel.textLanguage).toBe(language)
    expect(languagesOf(channel.textLanguages)).toEqual([language])

    for (const vessel of content.vessels) {
      const page = await get(`/api/vessels/${vessel.slug}`, language)
      expect({ pathway: page.pathway, uses: page.uses, commentary: page.commentary }).toEqual(
        translations[language].vessels[vessel.id],
      )
      expect(languagesOf(page.textLanguages), vessel.id).toEqual([language])
    }

    const category = content.categories.find((c) => c.id === "yuan-source")!
    const categoryPage = await get(`/api/categories/${category.slug}`, language)
    expect(categoryPage.description).toBe(category.description[language])
    expect(categoryPage.textLanguage).toBe(language)

    const area = content.bodyAreas[0]!
    const areaPage = await get(`/api/body-area/${area.slug}`, language)
    expect(areaPage.description).toBe(area.description[language])
    expect(areaPage.textLanguage).toBe(language)
  })

  it("answers every caller in their own language, one after another, from the same snapshot", async () => {
    const path = "/api/point/lu-9-taiyuan"
    const [de, en, es, enAgain] = [
      await get(path, "de"),
      await get(path, "en"),
      await get(path, "es"),
      await get(path, "en"),
    ]
    expect(de.location).toBe(translations.de.channels.LU!.points["LU-9"]!.location)
    expect(es.location).toBe(translations.es.channels.LU!.points["LU-9"]!.location)
    for (const english of [en, enAgain]) {
      expect(pointTexts(english)).toEqual(pointTexts(lu9))
      expect(english.textLanguage).toBe("en")
      expect(languagesOf(english.textLanguages)).toEqual(["en"])
    }
    const channel = await get(`/api/channels/${lu.slug}`, "en")
    expect(channel.summary).toBe(lu.summary.en)
    expect(channel.connections).toEqual(lu.connections)
  })
})

describe.each(DATABASES.slice(0, 1))("a text missing from a translation on %s", (kind) => {
  let server: TestServer
  let get: (path: string, locale: string) => Promise<Json>
  const addedCaution = "Added to the English after the translation was written."
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "jingluo-content-"))
    cpSync(CONTENT_DIR, dir, { recursive: true })
    // The English LU-9 gains a caution the German and Spanish lists do not have yet.
    const englishFile = join(dir, "channels", "LU.json")
    const english = JSON.parse(readFileSync(englishFile, "utf8"))
    english.points.find((p: Json) => p.code === "LU-9").needling.cautions.push(addedCaution)
    writeFileSync(englishFile, JSON.stringify(english))
    // LU-10 has no German translation at all.
    const germanFile = join(dir, "translations", "de", "channels", "LU.json")
    const german = JSON.parse(readFileSync(germanFile, "utf8"))
    delete german.points["LU-10"]
    writeFileSync(germanFile, JSON.stringify(german))
    ;({ server, get } = await startAsPro(kind, dir))
  })
  afterAll(() => server.close())

  it("shows the English for that field alone and says so", async () => {
    for (const language of TRANSLATED_LANGUAGES) {
      const page = await get("/api/point/lu-9-taiyuan", language)
      const overlay = translations[language].channels.LU!.points["LU-9"]!
      expect(page.needling.cautions).toEqual([...lu9.needling.cautions, addedCaution])
      expect(page.location).toBe(overlay.location)
      expect(page.needling.method).toBe(overlay.needling.method)
      expect(page.actions).toEqual(overlay.actions)
      expect(page.textLanguages).toEqual({
        location: language,
        locating: language,
        needling: { method: language, depth: language, cautions: "en", contraindications: language },
        actions: language,
        indications: language,
        commentary: language,
      })
      // Not wholly in the caller's language: the page notes that some texts are English.
      expect(page.textLanguage).toBe("en")
    }
  })

  it("shows a point without a translation in English, in the caller's language elsewhere", async () => {
    const english = lu.points.find((p) => p.code === "LU-10")!
    const de = await get("/api/point/lu-10-yuji", "de")
    expect(pointTexts(de)).toEqual(pointTexts(english))
    expect(de.textLanguage).toBe("en")
    // Every text is English; an empty list (no contraindications) reads the same in any language.
    expect(
      languagesOf({ ...de.textLanguages, needling: { ...de.textLanguages.needling, contraindications: "en" } }),
    ).toEqual(["en"])
    expect(de.name).toBe(english.name.de)
    const es = await get("/api/point/lu-10-yuji", "es")
    expect(es.location).toBe(translations.es.channels.LU!.points["LU-10"]!.location)
  })
})

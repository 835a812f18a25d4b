// The acupressure scripts a practitioner shares with patients (`content/acupressure.json`): the file
// decodes and its Schema refuses what it must; every script names a point of the knowledge base that
// the charts draw and a patient can reach alone; it carries the point's own warnings (pregnancy,
// fainting, the abdomen); and it speaks plainly — no promises, no anatomy words, short sentences,
// and the spoken instructions agree with the timer and the pressure the video shows.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CONTENT_DIR, loadContent } from "../../server/content/load-content.ts"
import {
  ACUPRESSURE_ROUNDS,
  ACUPRESSURE_SECONDS,
  ACUPRESSURE_SENTENCE_MAX_WORDS,
  ACUPRESSURE_TITLE_MAX,
  ACUPRESSURE_USE_MAX_WORDS,
  AcupressureFile,
  type AcupressureScript,
  FIND_SENTENCES,
  PRESS_SENTENCES,
  SEE_A_PRACTITIONER,
  USES_COUNT,
  wordCount,
} from "../../src/domain/acupressure/acupressure-script.ts"
import type { BodyAreaId, Point } from "../../src/domain/content/content-schema.ts"
import { loadChartViews } from "./chart-helpers.ts"
import { duplicates, getPoint } from "./content-helpers.ts"

const content = loadContent()
const scripts = content.acupressure
const byPoint = scripts.map((s) => [s.point, s] as const)
const pointOf = (script: AcupressureScript): Point => getPoint(content, script.point)

/** At least this many scripts, among them the points every practitioner reaches for first. */
const MIN_SCRIPTS = 24
const REQUIRED_POINTS = [
  "LI-4",
  "PC-6",
  "ST-36",
  "LR-3",
  "GB-20",
  "HT-7",
  "SP-6",
  "KI-1",
  "GV-20",
  "EX-HN3",
  "LU-7",
  "TE-5",
  "GB-34",
  "BL-40",
]

/** Words that claim to cure: a script may say what a point is pressed for, never that it mends an illness. */
const PROMISES = [
  "cure",
  "cures",
  "cured",
  "curing",
  "heal",
  "heals",
  "healed",
  "healing",
  "treat",
  "treats",
  "treated",
  "treating",
  "treatment",
  "treatments",
  "guarantee",
  "guarantees",
  "guaranteed",
  "disease",
  "diseases",
  "remedy",
  "remedies",
]
/** Anatomy a worried patient does not know: the scripts say "on the thumb side", "the width of your thumb". */
const JARGON = [
  "cun",
  "metacarpal",
  "metatarsal",
  "radial",
  "ulnar",
  "distal",
  "proximal",
  "lateral",
  "medial",
  "dorsal",
  "dorsum",
  "interosseous",
  "tibia",
  "fibula",
  "malleolus",
  "epicondyle",
  "condyle",
  "occipital",
  "occiput",
  "acromion",
  "anterior",
  "posterior",
  "palmar",
  "plantar",
  "umbilicus",
  "patella",
  "tuberosity",
  "sternocleidomastoid",
  "trapezius",
  "mastoid",
  "popliteal",
]
const wholeWords = (words: ReadonlyArray<string>) => new RegExp(`\\b(?:${words.join("|")})s?\\b`, "i")
const promise = wholeWords(PROMISES)
const jargon = wholeWords(JARGON)

/** Body areas a patient cannot reach with their own hands, or should not press alone. */
const OUT_OF_REACH: ReadonlyArray<BodyAreaId> = ["upper-back", "lower-back-sacrum", "perineum"]

const sentencesOf = (s: AcupressureScript) => [...s.find, ...s.press, s.feel, ...s.notFor]
const everyText = (s: AcupressureScript) => [s.title, ...sentencesOf(s), ...s.uses]
const cautionsOf = (p: Point) => [...p.needling.cautions, ...p.needling.contraindications].join(" ")
const saysAny = (texts: ReadonlyArray<string>, pattern: RegExp) => texts.some((t) => pattern.test(t))
/** Scripts whose point's own cautions or contraindications match `pattern`. */
const warnedOf = (pattern: RegExp) => scripts.filter((s) => pattern.test(cautionsOf(pointOf(s))))

// ——— the Schema ———

const fileJson = () => JSON.parse(readFileSync(join(CONTENT_DIR, "acupressure.json"), "utf8"))
const decode = (value: unknown) => Schema.decodeUnknownSync(AcupressureFile)(value, { errors: "all" })
const json = fileJson()
const [first, second, ...rest] = json.scripts
/** The file with its first script changed. */
const withFirst = (patch: Record<string, unknown>) => ({ scripts: [{ ...first, ...patch }, second, ...rest] })
/** A sentence of `n` words that is otherwise well formed. */
const sentenceOf = (n: number) => `Press${" gently".repeat(n - 1)}.`
const phraseOf = (n: number) => `tired${" legs".repeat(n - 1)}`

describe("the file and its Schema", () => {
  it("content/acupressure.json decodes with AcupressureFile", () => {
    expect(() => decode(fileJson())).not.toThrow()
  })

  it(`a title of ${ACUPRESSURE_TITLE_MAX} characters passes; one more, or one without the point's code, fails`, () => {
    const title = (length: number) => `Hegu (${first.point}), `.padEnd(length, "w")
    expect(() => decode(withFirst({ title: title(ACUPRESSURE_TITLE_MAX) }))).not.toThrow()
    expect(() => decode(withFirst({ title: title(ACUPRESSURE_TITLE_MAX + 1) }))).toThrow()
    expect(() => decode(withFirst({ title: "Hegu, web of the hand" }))).toThrow()
  })

  it("an id must be a lower-case UUID v4", () => {
    expect(() => decode(withFirst({ id: first.id.toUpperCase() }))).toThrow()
    expect(() => decode(withFirst({ id: "2d750684-c1c2-1f92-9417-d1971d924b58" }))).toThrow()
    expect(() => decode(withFirst({ id: "li-4" }))).toThrow()
  })

  it("two scripts may share neither an id nor a point", () => {
    expect(() => decode({ scripts: [first, { ...second, id: first.id }, ...rest] })).toThrow(/used by another script/)
    expect(() => decode({ scripts: [first, { ...second, point: first.point, title: first.title }, ...rest] })).toThrow(
      /used by another script/,
    )
  })

  it(`a sentence has at most ${ACUPRESSURE_SENTENCE_MAX_WORDS} words and is one sentence`, () => {
    const find = (sentence: string) => withFirst({ find: [sentence, ...first.find.slice(1)] })
    expect(() => decode(find(sentenceOf(ACUPRESSURE_SENTENCE_MAX_WORDS)))).not.toThrow()
    expect(() => decode(find(sentenceOf(ACUPRESSURE_SENTENCE_MAX_WORDS + 1)))).toThrow()
    expect(() => decode(withFirst({ feel: sentenceOf(ACUPRESSURE_SENTENCE_MAX_WORDS + 1) }))).toThrow()
    expect(() => decode(find("Sit down. Find the crease."))).toThrow()
    expect(() => decode(find("find the crease."))).toThrow()
    expect(() => decode(find("Find the crease"))).toThrow()
  })

  it("seconds and rounds stay within their bounds", () => {
    for (const seconds of [ACUPRESSURE_SECONDS.min, ACUPRESSURE_SECONDS.max])
      expect(() => decode(withFirst({ seconds }))).not.toThrow()
    for (const seconds of [ACUPRESSURE_SECONDS.min - 1, ACUPRESSURE_SECONDS.max + 1, 60.5])
      expect(() => decode(withFirst({ seconds }))).toThrow()
    for (const rounds of [ACUPRESSURE_ROUNDS.min, ACUPRESSURE_ROUNDS.max])
      expect(() => decode(withFirst({ rounds }))).not.toThrow()
    for (const rounds of [ACUPRESSURE_ROUNDS.min - 1, ACUPRESSURE_ROUNDS.max + 1])
      expect(() => decode(withFirst({ rounds }))).toThrow()
  })

  it("find, press, notFor and uses hold as many items as allowed", () => {
    const sentences = (n: number) => Array.from({ length: n }, () => sentenceOf(5))
    expect(() => decode(withFirst({ find: sentences(FIND_SENTENCES.min - 1) }))).toThrow()
    expect(() => decode(withFirst({ find: sentences(FIND_SENTENCES.max + 1) }))).toThrow()
    expect(() => decode(withFirst({ press: sentences(PRESS_SENTENCES.min - 1) }))).toThrow()
    expect(() => decode(withFirst({ press: sentences(PRESS_SENTENCES.max + 1) }))).toThrow()
    expect(() => decode(withFirst({ notFor: [] }))).toThrow()
    expect(() => decode(withFirst({ uses: [] }))).toThrow()
    expect(() => decode(withFirst({ uses: Array.from({ length: USES_COUNT.max + 1 }, () => "tired legs") }))).toThrow()
    expect(() => decode(withFirst({ uses: [phraseOf(ACUPRESSURE_USE_MAX_WORDS)] }))).not.toThrow()
    expect(() => decode(withFirst({ uses: [phraseOf(ACUPRESSURE_USE_MAX_WORDS + 1)] }))).toThrow()
    expect(() => decode(withFirst({ uses: ["Tired legs."] }))).toThrow()
  })

  it("finger, sides and pressure take only their listed values", () => {
    expect(() => decode(withFirst({ finger: "elbow" }))).toThrow()
    expect(() => decode(withFirst({ sides: "left" }))).toThrow()
    expect(() => decode(withFirst({ pressure: "hard" }))).toThrow()
  })
})

// ——— which points ———

describe("the points", () => {
  it(`there are at least ${MIN_SCRIPTS} scripts, with unique lower-case UUID v4 ids`, () => {
    expect(scripts.length).toBeGreaterThanOrEqual(MIN_SCRIPTS)
    for (const s of scripts)
      expect(s.id, s.point).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(duplicates(scripts.map((s) => s.id))).toEqual([])
    expect(duplicates(scripts.map((s) => s.point))).toEqual([])
  })

  it("the points practitioners reach for first are all there, Yintang under its knowledge-base code", () => {
    expect(scripts.map((s) => s.point)).toEqual(expect.arrayContaining(REQUIRED_POINTS))
    expect(getPoint(content, "EX-HN3").pinyinPlain).toBe("Yintang")
  })

  it.each(byPoint)("%s is a point of the knowledge base, and its title names it as Pinyin (CODE)", (code, s) => {
    const point = pointOf(s)
    expect(s.title.length).toBeLessThanOrEqual(ACUPRESSURE_TITLE_MAX)
    expect(s.title).toContain(code)
    expect(s.title.startsWith(`${point.pinyinPlain} (${code})`), s.title).toBe(true)
  })

  const placements = loadChartViews().flatMap((view) => view.points)

  it("every point has a placement on a body chart, so its video can show it", () => {
    const drawn = new Set(placements.map((p) => p.code))
    expect(scripts.map((s) => s.point).filter((code) => !drawn.has(code))).toEqual([])
  })

  it("a script is for one midline point exactly when the charts draw its point once, on the centre line", () => {
    for (const s of scripts) {
      const unpaired = placements.filter((p) => p.code === s.point).every((p) => p.unpaired === true)
      expect(s.sides === "midline", s.point).toBe(unpaired)
    }
  })

  it("no point is out of a patient's own reach (the back, the sacrum, the perineum)", () => {
    const out = scripts.filter((s) => pointOf(s).bodyAreas.some((area) => OUT_OF_REACH.includes(area)))
    expect(out.map((s) => s.point)).toEqual([])
  })

  it("no point lies over the big vessels of the neck (ST-9, LI-18 …)", () => {
    expect(["ST-9", "LI-18"].every((code) => /carotid/i.test(cautionsOf(getPoint(content, code))))).toBe(true)
    expect(warnedOf(/carotid/i).map((s) => s.point)).toEqual([])
  })
})

// ——— safety from each point's own data ———

describe("safety", () => {
  const pregnancy = /pregnan/i

  it("every point contraindicated or cautioned in pregnancy tells the patient not to press it when pregnant", () => {
    const warned = warnedOf(pregnancy)
    expect(warned.map((s) => s.point)).toEqual(expect.arrayContaining(["LI-4", "SP-6", "GB-21"]))
    for (const s of warned) expect(saysAny(s.notFor, pregnancy), s.point).toBe(true)
  })

  it("points over the abdomen are pressed gently, not after a meal and not in pregnancy", () => {
    const abdomen = scripts.filter((s) => pointOf(s).bodyAreas.includes("abdomen"))
    expect(abdomen.map((s) => s.point)).toEqual(expect.arrayContaining(["ST-25", "CV-6"]))
    for (const s of abdomen) {
      expect(s.pressure, s.point).toBe("gentle")
      expect(saysAny(s.notFor, /\bmeal\b/i), s.point).toBe(true)
      expect(saysAny(s.notFor, pregnancy), s.point).toBe(true)
    }
  })

  it("points over the lung (GB-21) are pressed gently and never hard", () => {
    const lung = warnedOf(/\blung\b/i)
    expect(lung.map((s) => s.point)).toContain("GB-21")
    for (const s of lung) {
      expect(s.pressure, s.point).toBe("gentle")
      expect(saysAny(s.press, /never hard/i), s.point).toBe(true)
    }
  })

  it("points where the knowledge base warns of fainting say what to do if the patient feels faint", () => {
    const fainting = warnedOf(/faint/i)
    expect(fainting.map((s) => s.point)).toEqual(expect.arrayContaining(["LI-4", "GB-21"]))
    for (const s of fainting) expect(saysAny([s.feel, ...s.notFor], /faint/i), s.point).toBe(true)
  })

  it("points beside a vein warn against pressing varicose veins or bruises", () => {
    const veins = warnedOf(/\bveins?\b/i)
    expect(veins.map((s) => s.point)).toEqual(expect.arrayContaining(["SP-6", "SP-9", "BL-40"]))
    for (const s of veins) expect(saysAny(s.notFor, /varicose|bruis/i), s.point).toBe(true)
  })

  it("every feel sentence says what is normal, then, after a semicolon, what is not", () => {
    for (const s of scripts) {
      const [normal, notNormal, ...more] = s.feel.split(";")
      expect(normal, s.point).toMatch(/\b(?:normal|common)\b/i)
      expect(notNormal, s.point).toMatch(/\b(?:not|stop|ease off|lightly|too hard|move)\b/i)
      expect(more, s.point).toEqual([])
    }
  })
})

// ——— the words ———

describe("the words a patient hears", () => {
  it.each(byPoint)("%s promises nothing: no cure, heal, treat, guaranteed, disease or remedy", (_, s) => {
    expect(everyText(s).filter((t) => promise.test(t))).toEqual([])
  })

  it.each(byPoint)("%s uses no anatomy words a patient would not know", (_, s) => {
    expect(everyText(s).filter((t) => jargon.test(t))).toEqual([])
  })

  it.each(byPoint)(`%s: every sentence has at most ${ACUPRESSURE_SENTENCE_MAX_WORDS} words`, (_, s) => {
    expect(sentencesOf(s).filter((t) => wordCount(t) > ACUPRESSURE_SENTENCE_MAX_WORDS)).toEqual([])
  })

  it.each(byPoint)("%s: the pressing says how to breathe, and on which sides", (_, s) => {
    const press = s.press.join(" ")
    expect(press).toMatch(/\bbreath/i)
    if (s.sides === "both") expect(press).toMatch(/\b(?:each|both)\b/)
    if (s.sides === "midline") expect(press).not.toMatch(/\b(?:each|both|change)\b/)
  })

  it.each(byPoint)("%s: the spoken pressing agrees with the finger, pressure, timer and rounds", (_, s) => {
    const press = s.press.join(" ")
    const finger = {
      thumb: /\bthumbs?\b/,
      index: /\bindex\b/,
      middle: /\bmiddle\b/,
      knuckle: /\bknuckle/,
      fingertips: /\bfingertips\b/,
    }
    expect(press).toMatch(finger[s.finger])
    const pressure = { gentle: /\bgentl/i, moderate: /\bsteady\b/i, firm: /\bfirm/i }
    expect(press).toMatch(pressure[s.pressure])
    if (s.pressure !== "firm") expect(press).not.toMatch(/\bfirm/i)
    expect(press).toContain(`${s.seconds} seconds`)
    const times = ["", "", "two", "three", "four", "five"][s.rounds]
    if (s.rounds > 1) expect(press).toContain(`${times} times`)
    else expect(press).not.toMatch(/\btimes\b/)
  })

  it("the closing line is one or two plain sentences that send the patient to a practitioner or doctor", () => {
    const sentences = SEE_A_PRACTITIONER.split(/(?<=[.!?])\s+/)
    expect(sentences.length).toBeGreaterThanOrEqual(1)
    expect(sentences.length).toBeLessThanOrEqual(2)
    for (const sentence of sentences) expect(wordCount(sentence)).toBeLessThanOrEqual(ACUPRESSURE_SENTENCE_MAX_WORDS)
    expect(SEE_A_PRACTITIONER).toMatch(/\b(?:practitioner|doctor)\b/)
    expect(SEE_A_PRACTITIONER).toMatch(/\bemergency\b/)
    expect(SEE_A_PRACTITIONER).not.toMatch(promise)
  })
})

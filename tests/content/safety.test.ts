// Every point's safety flags (src/domain/content/point-safety.ts) agree with its own cautions and
// contraindications, both ways: a sentence that names a risk — pregnancy, children, an organ, a
// named vessel or nerve beneath, a depth not to pass — has its flag, and every flag points to a
// sentence that states it (the words are in safety-words.ts). Moxibustion forbidden in a sentence
// is "contraindicated". Each organ, vessel and nerve has its label in the glossary.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import type { Point } from "../../src/domain/content/content-schema.ts"
import { pointOverlayOf } from "../../src/domain/content/localize-content.ts"
import {
  BLOOD_VESSEL_IDS,
  NERVE_IDS,
  ORGAN_IDS,
  type SafetyLabelId,
  type SentenceList,
  type SentenceRef,
} from "../../src/domain/content/point-safety.ts"
import { TRANSLATED_LANGUAGES } from "../../src/domain/content/translation-schema.ts"
import { allPoints, duplicates, getPoint } from "./content-helpers.ts"
import { childrenReading, depthLimitOf, forbidsMoxa, pregnancyReading, termWords } from "./safety-words.ts"
import { loadGlossary } from "./translation-texts.ts"

const content = loadContent()
const points = allPoints(content)
const terms = loadGlossary()

interface Sentence {
  readonly ref: SentenceRef
  readonly text: string
}
const sentencesOf = (point: Point): ReadonlyArray<Sentence> =>
  (["cautions", "contraindications"] as const).flatMap((list: SentenceList) =>
    point.needling[list].map((text, index) => ({ ref: { list, index }, text })),
  )
const textOf = (point: Point, ref: SentenceRef): string | undefined => point.needling[ref.list][ref.index]
const name = (ref: SentenceRef | null) => (ref === null ? "none" : `${ref.list}[${ref.index}]`)
const same = (a: SentenceRef | null, b: SentenceRef) => a !== null && a.list === b.list && a.index === b.index

/** Every flag of a point with the sentence it points to. */
const refsOf = (point: Point): ReadonlyArray<readonly [string, SentenceRef]> => {
  const { pregnancy, organsBeneath, vessels, nerves, needlingDepthLimit, children } = point.safety
  return [
    ...(pregnancy.source ? [["pregnancy", pregnancy.source] as const] : []),
    ...organsBeneath.map((o) => [o.organ, o.source] as const),
    ...vessels.map((v) => [v.vessel, v.source] as const),
    ...nerves.map((n) => [n.nerve, n.source] as const),
    ...(needlingDepthLimit ? [["depth", needlingDepthLimit.source] as const] : []),
    ...(children ? [["children", children.source] as const] : []),
  ]
}

/** The organs, vessels and nerves of a point as `[id, source]`, by kind. */
const LABELLED = [
  ["organsBeneath", ORGAN_IDS, (p: Point) => p.safety.organsBeneath.map((o) => [o.organ, o.source] as const)],
  ["vessels", BLOOD_VESSEL_IDS, (p: Point) => p.safety.vessels.map((v) => [v.vessel, v.source] as const)],
  ["nerves", NERVE_IDS, (p: Point) => p.safety.nerves.map((n) => [n.nerve, n.source] as const)],
] as const

describe("the ids and their labels", () => {
  const ids: ReadonlyArray<SafetyLabelId> = [...ORGAN_IDS, ...BLOOD_VESSEL_IDS, ...NERVE_IDS]

  it("are unique across organs, vessels and nerves", () => {
    expect(duplicates(ids)).toEqual([])
  })

  it("each has one glossary term: its label in English, German and Spanish, and the words that name it", () => {
    const missing = ids.filter((id) => terms.filter((t) => t.id === id).length !== 1)
    expect(missing).toEqual([])
    for (const id of ids) expect(() => termWords(terms, id)).not.toThrow()
  })

  it("each is flagged on some point: no id is kept that the texts do not use", () => {
    const used = new Set(points.flatMap((p) => LABELLED.flatMap(([, , of]) => of(p).map(([id]) => id))))
    expect(ids.filter((id) => !used.has(id))).toEqual([])
  })
})

describe("every flag points to a sentence that states it", () => {
  it("the sentence exists in the English and in every overlay", () => {
    const problems = points.flatMap((point) =>
      refsOf(point).flatMap(([flag, ref]) => [
        ...(textOf(point, ref) === undefined ? [`${point.code} ${flag}: no ${name(ref)}`] : []),
        ...TRANSLATED_LANGUAGES.flatMap((language) => {
          const overlay = pointOverlayOf(content.translations[language], point.code)
          return overlay?.needling[ref.list][ref.index] === undefined
            ? [`${point.code} ${flag}: no ${language} ${name(ref)}`]
            : []
        }),
      ]),
    )
    expect(problems).toEqual([])
  })

  it("a point lists an organ, vessel or nerve once, in the order of its id list", () => {
    const problems = points.flatMap((point) =>
      LABELLED.flatMap(([kind, order, of]) => {
        const listed = of(point).map(([id]) => id as string)
        const sorted = [...listed].sort((a, b) => order.indexOf(a as never) - order.indexOf(b as never))
        return duplicates(listed).length > 0 || listed.join() !== sorted.join() ? [`${point.code} ${kind}`] : []
      }),
    )
    expect(problems).toEqual([])
  })
})

describe.each(LABELLED)("%s, both ways", (kind, ids, of) => {
  it(`every sentence naming one has its flag, and every flag's sentence names it`, () => {
    const problems = points.flatMap((point) => {
      const flagged = new Map(of(point).map(([id, source]) => [id as SafetyLabelId, source]))
      return ids.flatMap((id) => {
        const words = termWords(terms, id)
        const naming = sentencesOf(point).filter((s) => words.test(s.text))
        const source = flagged.get(id)
        if (source === undefined)
          return naming.length > 0 ? [`${point.code}: ${name(naming[0]!.ref)} names ${id}, not flagged`] : []
        return words.test(textOf(point, source) ?? "")
          ? []
          : [`${point.code}: ${id} from ${name(source)}, which does not name it`]
      })
    })
    expect(problems, kind).toEqual([])
  })
})

/** A level flag (pregnancy, children) against the reading of each sentence: the strongest reading wins. */
const levelProblems = (
  point: Point,
  flag: { readonly level: string; readonly source: SentenceRef | null } | null,
  read: (text: string, list: SentenceList) => "contraindicated" | "caution" | undefined,
) => {
  const readings = sentencesOf(point).flatMap((s) => {
    const level = read(s.text, s.ref.list)
    return level === undefined ? [] : [{ ...s, level }]
  })
  const bans = readings.filter((r) => r.level === "contraindicated")
  const expected = bans.length > 0 ? "contraindicated" : readings.length > 0 ? "caution" : "none"
  const level = flag?.level ?? "none"
  if (level !== expected) return [`${point.code}: ${level}, the sentences say ${expected}`]
  if (expected === "none") return []
  const from = expected === "contraindicated" ? bans : readings
  return from.some((r) => same(flag?.source ?? null, r.ref))
    ? []
    : [
        `${point.code}: ${expected} from ${name(flag?.source ?? null)}, not from ${from.map((r) => name(r.ref)).join(" or ")}`,
      ]
}

describe("pregnancy", () => {
  it("a contraindication sentence makes it contraindicated, any other mention a caution, no mention none", () => {
    expect(points.flatMap((p) => levelProblems(p, p.safety.pregnancy, pregnancyReading))).toEqual([])
  })

  it("no point forbids pregnancy twice: its one contraindication sentence is the flag's", () => {
    const twice = points.filter(
      (p) => sentencesOf(p).filter((s) => pregnancyReading(s.text, s.ref.list) === "contraindicated").length > 1,
    )
    expect(twice.map((p) => p.code)).toEqual([])
  })

  it("LI-4, SP-6, GB-21, BL-60 and BL-67, classically forbidden in pregnancy, are contraindicated", () => {
    for (const code of ["LI-4", "SP-6", "GB-21", "BL-60", "BL-67"])
      expect(getPoint(content, code).safety.pregnancy.level, code).toBe("contraindicated")
  })

  it("the lower abdomen is contraindicated where the point is not needled, a caution where only depth is", () => {
    for (const code of ["CV-3", "CV-4", "KI-12", "ST-28", "SP-13"])
      expect(getPoint(content, code).safety.pregnancy.level, code).toBe("contraindicated")
    for (const code of ["CV-6", "ST-25", "SP-15", "GB-27"])
      expect(getPoint(content, code).safety.pregnancy.level, code).toBe("caution")
    expect(getPoint(content, "LU-9").safety.pregnancy).toEqual({ level: "none", source: null })
  })
})

describe("children", () => {
  it("infants' open fontanelle among the contraindications forbids the point, any other mention is a caution", () => {
    expect(points.flatMap((p) => levelProblems(p, p.safety.children, childrenReading))).toEqual([])
  })

  it("the fontanelle points are contraindicated in infants; GV-16 and GV-12 want less depth in children", () => {
    for (const code of ["GV-19", "GV-20", "GV-21", "GV-22", "EX-HN1"])
      expect(getPoint(content, code).safety.children?.level, code).toBe("contraindicated")
    for (const code of ["GV-12", "GV-16"]) expect(getPoint(content, code).safety.children?.level, code).toBe("caution")
  })
})

describe("the depth limit", () => {
  it("a sentence forbidding a depth sets it, at the cun it names or the deepest of the stated depth", () => {
    const problems = points.flatMap((point) => {
      const limits = sentencesOf(point).flatMap((s) => {
        const cun = depthLimitOf(s.text, point.needling.depth)
        return cun === undefined ? [] : [{ ...s, cun }]
      })
      const flag = point.safety.needlingDepthLimit
      if (limits.length === 0) return flag === null ? [] : [`${point.code}: a limit no sentence sets`]
      if (flag === null) return [`${point.code}: ${name(limits[0]!.ref)} sets a limit, not flagged`]
      const own = limits.find((l) => same(flag.source, l.ref))
      return [
        ...(own === undefined ? [`${point.code}: limit from ${name(flag.source)}, which sets none`] : []),
        ...limits
          .filter((l) => l.cun !== flag.cun)
          .map((l) => `${point.code}: ${name(l.ref)} says ${l.cun}, flag ${flag.cun}`),
      ]
    })
    expect(problems).toEqual([])
  })

  it("GV-15 and GV-16 stop at 1 cun, GB-12 at 0.8 cun", () => {
    expect(getPoint(content, "GV-15").safety.needlingDepthLimit?.cun).toBe(1)
    expect(getPoint(content, "GV-16").safety.needlingDepthLimit?.cun).toBe(1)
    expect(getPoint(content, "GB-12").safety.needlingDepthLimit?.cun).toBe(0.8)
  })
})

describe("what lies beneath, by example", () => {
  const labelled = (code: string) => {
    const { organsBeneath, vessels, nerves } = getPoint(content, code).safety
    return [...organsBeneath.map((o) => o.organ), ...vessels.map((v) => v.vessel), ...nerves.map((n) => n.nerve)]
  }

  it.each([
    ["LU-1", "lung-pleura"],
    ["LU-2", "lung-pleura"],
    ["GB-21", "lung-pleura"],
    ["ST-12", "lung-pleura"],
    ["BL-13", "lung-pleura"],
    ["LU-9", "radial-artery"],
    ["ST-9", "carotid-artery"],
    ["ST-30", "femoral-artery"],
    ["PC-6", "median-nerve"],
    ["BL-54", "sciatic-nerve"],
    ["GV-15", "brain-stem"],
    ["GV-14", "spinal-cord"],
    ["CV-17", "heart"],
    ["CV-4", "bladder"],
    ["GV-1", "rectum"],
    ["CV-1", "rectum"],
    ["ST-1", "eye"],
  ] as const)("%s has %s", (code, id) => {
    expect(labelled(code)).toContain(id)
  })

  it("ST-9 and LI-18 slow the heart through the carotid sinus: the heart is no organ beneath them", () => {
    expect(labelled("ST-9")).not.toContain("heart")
    expect(labelled("LI-18")).not.toContain("heart")
  })
})

describe("moxibustion", () => {
  it("is contraindicated wherever a sentence says it is forbidden, prohibited or traditionally avoided", () => {
    const problems = points.flatMap((p) =>
      sentencesOf(p).some((s) => forbidsMoxa(s.text)) && p.needling.moxibustion !== "contraindicated"
        ? [`${p.code}: ${p.needling.moxibustion}`]
        : [],
    )
    expect(problems).toEqual([])
  })

  it("is at least a caution where a sentence advises against direct moxibustion (indirect may be used)", () => {
    const problems = points.filter(
      (p) =>
        sentencesOf(p).some((s) => /\bdirect moxibustion\b/iu.test(s.text)) && p.needling.moxibustion === "suitable",
    )
    expect(problems.map((p) => p.code)).toEqual([])
  })

  it("LU-3 and GV-17, classically forbidden, are contraindicated; ST-33 is a caution as modern teachers use it", () => {
    expect(getPoint(content, "LU-3").needling.moxibustion).toBe("contraindicated")
    expect(getPoint(content, "GV-17").needling.moxibustion).toBe("contraindicated")
    expect(getPoint(content, "ST-33").needling.moxibustion).toBe("caution")
  })
})

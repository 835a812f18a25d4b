// The acupressure scripts (`content/acupressure.json`): what a patient is told about one point in the
// video a practitioner shares — how to find it on their own body, how to press, what is normal to
// feel, who must not press it, and what people press it for. English only, as sharing is (§6).
import { Schema } from "effect"
import { PointCode } from "../content/content-schema.ts"

/** Longest title: lists and the sharing form's selects show at most this many characters (§5, §9). */
export const ACUPRESSURE_TITLE_MAX = 30
/** Longest sentence a patient is told, in words: plain enough to take in at a glance. */
export const ACUPRESSURE_SENTENCE_MAX_WORDS = 28
/** Longest everyday reason in `uses`, in words. */
export const ACUPRESSURE_USE_MAX_WORDS = 6
/** How long one round of pressing lasts, in seconds. */
export const ACUPRESSURE_SECONDS = { min: 30, max: 180 } as const
/** How many rounds, each side. */
export const ACUPRESSURE_ROUNDS = { min: 1, max: 5 } as const
export const FIND_SENTENCES = { min: 2, max: 4 } as const
export const PRESS_SENTENCES = { min: 2, max: 3 } as const
export const USES_COUNT = { min: 1, max: 3 } as const

export const FINGERS = ["thumb", "index", "middle", "knuckle", "fingertips"] as const
/** both: the point on each side of the body; one: on one side only; midline: one point on the centre line. */
export const SIDES = ["both", "one", "midline"] as const
export const PRESSURES = ["gentle", "moderate", "firm"] as const

/** The closing line of every acupressure video and transcript. */
export const SEE_A_PRACTITIONER =
  "Acupressure does not replace care from your practitioner or doctor. If pain lasts, gets worse or comes with other symptoms, please see them, and in an emergency call your local emergency number."

export const wordCount = (text: string): number => text.split(/\s+/).filter((word) => word !== "").length

/** One sentence: a capital first, a full stop last, no sentence break inside, not too many words. */
export const Sentence = Schema.String.check(
  Schema.isTrimmed(),
  Schema.isPattern(/^[A-Z].*\.$/),
  Schema.makeFilter((text: string) => !/[.!?]\s/.test(text) || "one sentence only"),
  Schema.makeFilter(
    (text: string) =>
      wordCount(text) <= ACUPRESSURE_SENTENCE_MAX_WORDS || `at most ${ACUPRESSURE_SENTENCE_MAX_WORDS} words`,
  ),
)

/** An everyday reason, lower case, no full stop: "tension headache". */
export const UsePhrase = Schema.String.check(
  Schema.isTrimmed(),
  Schema.isPattern(/^[a-z][^.]*$/),
  Schema.makeFilter(
    (text: string) => wordCount(text) <= ACUPRESSURE_USE_MAX_WORDS || `at most ${ACUPRESSURE_USE_MAX_WORDS} words`,
  ),
)

const sentences = (range: { readonly min: number; readonly max: number }) =>
  Schema.Array(Sentence).check(Schema.isBetweenLength(range.min, range.max))

const ScriptFields = Schema.Struct({
  /** A fixed UUID v4: the video's id in the catalogue and in a shared e-mail. */
  id: Schema.String.check(Schema.isUUID(4), Schema.isLowercased()),
  point: PointCode,
  /** "Hegu (LI-4), web of the hand": the point's code and where it is, for lists. */
  title: Schema.String.check(Schema.isTrimmed(), Schema.isBetweenLength(1, ACUPRESSURE_TITLE_MAX)),
  finger: Schema.Literals(FINGERS),
  sides: Schema.Literals(SIDES),
  pressure: Schema.Literals(PRESSURES),
  seconds: Schema.Int.check(Schema.isBetween({ minimum: ACUPRESSURE_SECONDS.min, maximum: ACUPRESSURE_SECONDS.max })),
  rounds: Schema.Int.check(Schema.isBetween({ minimum: ACUPRESSURE_ROUNDS.min, maximum: ACUPRESSURE_ROUNDS.max })),
  /** How a patient finds the point on their own body, with landmarks anyone can feel. */
  find: sentences(FIND_SENTENCES),
  /** Which finger, in which direction, how hard, how long, breathing. */
  press: sentences(PRESS_SENTENCES),
  /** What is normal to feel, and what is not. */
  feel: Sentence,
  /** Who must not press the point, or must be careful: from the point's own cautions. */
  notFor: Schema.Array(Sentence).check(Schema.isMinLength(1)),
  uses: Schema.Array(UsePhrase).check(Schema.isBetweenLength(USES_COUNT.min, USES_COUNT.max)),
})

export const AcupressureScript = ScriptFields.check(
  Schema.makeFilter(
    (script: typeof ScriptFields.Type) => script.title.includes(script.point) || "the title names the point's code",
  ),
)
export type AcupressureScript = typeof AcupressureScript.Type

/** Where a value of `key` repeats an earlier script's, the issue at that script. */
const repeated =
  (key: "id" | "point") =>
  (scripts: ReadonlyArray<AcupressureScript>): ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; issue: string }> => {
    const seen = new Set<string>()
    return scripts.flatMap((script, index) => {
      const value = script[key]
      if (!seen.has(value)) {
        seen.add(value)
        return []
      }
      return [{ path: [index, key], issue: `${key} ${value} is used by another script` }]
    })
  }

export const AcupressureFile = Schema.Struct({
  /** One script per point, each with its own id. */
  scripts: Schema.Array(AcupressureScript).check(
    Schema.isMinLength(1),
    Schema.makeFilter(repeated("id")),
    Schema.makeFilter(repeated("point")),
  ),
})
export type AcupressureFile = typeof AcupressureFile.Type

// How names are compared: with or without tone marks ("Tàiyuān", "taiyuan", "tai4 yuan1"), in
// any case, with "ß" as "ss" and umlauts as plain vowels ("Großer", "grosser"), and Chinese
// characters in their simplified or traditional form ("太淵", "太渊", even mixed).

/** Lower case without diacritics; "ß" → "ss", "æ" → "ae"; other characters unchanged. */
export const foldLatin = (input: string): string =>
  input
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")

/** Han characters (CJK unified ideographs and their extensions). */
const HAN = /\p{Script=Han}/u

export const hasHanzi = (input: string): boolean => HAN.test(input)

/**
 * A name as one key, for whole-name and prefix comparison: folded, without spaces, hyphens or
 * apostrophes, and without pinyin tone numbers ("Tai4-yuan1" → "taiyuan").
 */
export const compactName = (input: string): string =>
  foldLatin(input)
    .replace(/(\p{L})[1-5](?=\P{N}|$)/gu, "$1")
    .replace(/[^\p{L}\p{N}]/gu, "")

/** Maps traditional characters to their simplified form, one character at a time. */
export type HanziFolder = (input: string) => string

/**
 * A folder learned from pairs of the same name in both scripts (every point and channel carries
 * both): where the two spellings have the same length, each traditional character stands for the
 * simplified one at its position.
 */
export const makeHanziFolder = (
  pairs: ReadonlyArray<{ readonly traditional: string; readonly simplified: string }>,
): HanziFolder => {
  const map = new Map<string, string>()
  for (const { traditional, simplified } of pairs) {
    const t = [...traditional]
    const s = [...simplified]
    if (t.length !== s.length) continue
    t.forEach((char, i) => {
      if (char !== s[i] && HAN.test(char)) map.set(char, s[i]!)
    })
  }
  return (input) => [...input].map((char) => map.get(char) ?? char).join("")
}

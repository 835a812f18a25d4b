// Snippets as text segments: matches cut from ts_headline's marks, ranges marked in a name, and a
// window of about SNIPPET_WORDS words with SNIPPET_WORDS_BEFORE of them before the first match.
import { describe, expect, it } from "vitest"
import {
  MARK_END,
  MARK_START,
  SNIPPET_WORDS,
  SNIPPET_WORDS_BEFORE,
  segmentsFromMarked,
  segmentsOfRange,
  segmentsText,
  snippetWindow,
  withoutMarks,
} from "../../../src/domain/search/snippets.ts"

const mark = (word: string) => `${MARK_START}${word}${MARK_END}`

describe("segmentsFromMarked", () => {
  it("cuts a marked text into plain and matching segments", () => {
    expect(segmentsFromMarked(`Common cold with ${mark("headache")}, stiff neck`)).toEqual([
      { text: "Common cold with ", match: false },
      { text: "headache", match: true },
      { text: ", stiff neck", match: false },
    ])
  })

  it("keeps markup in a text as text", () => {
    const text = `<img src=x onerror=alert(1)> ${mark("pain")} <b>bold</b>`
    const segments = segmentsFromMarked(text)
    expect(segmentsText(segments)).toBe("<img src=x onerror=alert(1)> pain <b>bold</b>")
    expect(segments.filter((s) => s.match)).toEqual([{ text: "pain", match: true }])
  })

  it("joins adjacent matches and drops stray marks", () => {
    expect(segmentsFromMarked(`${mark("wrist")}${mark(" pain")}`)).toEqual([{ text: "wrist pain", match: true }])
    expect(segmentsFromMarked(`plain${MARK_END} text`)).toEqual([{ text: "plain text", match: false }])
    expect(segmentsFromMarked("")).toEqual([])
  })

  it("withoutMarks removes the marks a text might carry", () => {
    expect(withoutMarks(`a${MARK_START}b${MARK_END}c`)).toBe("abc")
  })
})

describe("segmentsOfRange", () => {
  it("marks the given character ranges", () => {
    expect(segmentsOfRange("Great Abyss", [[6, 11]])).toEqual([
      { text: "Great ", match: false },
      { text: "Abyss", match: true },
    ])
    expect(segmentsOfRange("Great Abyss", [])).toEqual([{ text: "Great Abyss", match: false }])
    expect(
      segmentsOfRange("abc", [
        [2, 3],
        [0, 1],
      ]),
    ).toEqual([
      { text: "a", match: true },
      { text: "b", match: false },
      { text: "c", match: true },
    ])
  })
})

describe("snippetWindow", () => {
  const words = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `w${from + i}`).join(" ")
  const textOf = (w: ReturnType<typeof snippetWindow>) => segmentsText(w.segments).split(" ")

  it("keeps a short text whole", () => {
    const segments = segmentsFromMarked(`a short ${mark("text")} here`)
    expect(snippetWindow(segments)).toEqual({ segments, clippedStart: false, clippedEnd: false })
  })

  it(`keeps ${SNIPPET_WORDS} words, ${SNIPPET_WORDS_BEFORE} of them before the match`, () => {
    const segments = segmentsFromMarked(`${words(0, 100)} ${mark("match")} ${words(101, 200)}`)
    const window = snippetWindow(segments)
    const shown = textOf(window)
    expect(shown).toHaveLength(SNIPPET_WORDS)
    expect(shown.indexOf("match")).toBe(SNIPPET_WORDS_BEFORE)
    expect(shown[0]).toBe(`w${100 - SNIPPET_WORDS_BEFORE}`)
    expect(window.clippedStart).toBe(true)
    expect(window.clippedEnd).toBe(true)
    expect(window.segments.filter((s) => s.match)).toEqual([{ text: "match", match: true }])
  })

  it("shows more after the match when the text starts closer before it", () => {
    const window = snippetWindow(segmentsFromMarked(`${words(0, 5)} ${mark("match")} ${words(6, 200)}`))
    const shown = textOf(window)
    expect(shown.indexOf("match")).toBe(5)
    expect(shown).toHaveLength(SNIPPET_WORDS)
    expect(window.clippedStart).toBe(false)
    expect(window.clippedEnd).toBe(true)
  })

  it("shows more before the match when the text ends soon after it", () => {
    const window = snippetWindow(segmentsFromMarked(`${words(0, 200)} ${mark("match")} w201`))
    const shown = textOf(window)
    expect(shown.at(-1)).toBe("w201")
    expect(shown).toHaveLength(SNIPPET_WORDS)
    expect(window.clippedEnd).toBe(false)
  })

  it("counts a word marked in part as one word", () => {
    const window = snippetWindow(segmentsFromMarked(`${words(0, 40)} head${mark("ache")} ${words(41, 100)}`), 10, 3)
    expect(textOf(window)).toEqual(["w37", "w38", "w39", "headache", "w41", "w42", "w43", "w44", "w45", "w46"])
  })

  it("starts at the beginning when nothing matches", () => {
    const window = snippetWindow(segmentsFromMarked(words(0, 100)), 10, 3)
    expect(textOf(window)[0]).toBe("w0")
  })
})

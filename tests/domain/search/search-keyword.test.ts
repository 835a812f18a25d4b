// The keyword of every search: required, bounded, no control characters; and how its words reach
// a text-search query without ever being read as query syntax.
import { describe, expect, it } from "vitest"
import { KEYWORD_MAX_LENGTH, KEYWORD_MAX_TERMS, TERM_MAX_LENGTH } from "../../../src/domain/search/keyword-limits.ts"
import {
  hasControlCharacters,
  isSearchableKeyword,
  MIN_PREFIX_LENGTH,
  normalizeKeyword,
  queryTerms,
  SEARCH_MESSAGES,
  SearchKeyword,
  tsQueryText,
} from "../../../src/domain/search/search-keyword.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { decodedValue, fieldError, repeat } from "../support.ts"

const error = fieldError(SearchKeyword)
const decoded = decodedValue(SearchKeyword)

describe("SearchKeyword", () => {
  it("is required: empty or only spaces", () => {
    expect(error("")).toBe(MessageKey.required)
    expect(error("   \t ")).toBe(MessageKey.required)
  })

  it(`allows up to ${KEYWORD_MAX_LENGTH} characters after trimming`, () => {
    expect(error(repeat(KEYWORD_MAX_LENGTH))).toBeUndefined()
    expect(error(`  ${repeat(KEYWORD_MAX_LENGTH)}  `)).toBeUndefined()
    expect(error(repeat(KEYWORD_MAX_LENGTH + 1))).toBe(MessageKey.tooLong)
    expect(error(repeat(1024 * 1024))).toBe(MessageKey.tooLong)
  })

  it("refuses control characters", () => {
    expect(error("head\u0000ache")).toBe(SEARCH_MESSAGES.keywordCharacters)
    expect(error("head\u001bache")).toBe(SEARCH_MESSAGES.keywordCharacters)
    expect(error("head\u0085ache")).toBe(SEARCH_MESSAGES.keywordCharacters)
  })

  it("reads tabs and line breaks as spaces and trims", () => {
    expect(decoded(" head\tache\r\n pain ")).toBe("head ache pain")
  })

  it("takes operators, quotes and SQL as plain text", () => {
    expect(error("a & | !")).toBeUndefined()
    expect(error("'; DROP TABLE points; --")).toBeUndefined()
    expect(error("太淵")).toBeUndefined()
  })

  it("refuses anything but a string", () => {
    expect(error(42)).toBe(MessageKey.invalid)
  })
})

describe("isSearchableKeyword", () => {
  it("is false until something other than spaces is typed", () => {
    expect(isSearchableKeyword("")).toBe(false)
    expect(isSearchableKeyword("  ")).toBe(false)
    expect(isSearchableKeyword(" a")).toBe(true)
  })
})

describe("hasControlCharacters and normalizeKeyword", () => {
  it("tell control characters from whitespace", () => {
    expect(hasControlCharacters("a\tb")).toBe(false)
    expect(hasControlCharacters("a\u0007b")).toBe(true)
    expect(normalizeKeyword("a    b")).toBe("a b")
  })
})

describe("queryTerms", () => {
  it("keeps only runs of letters and digits, in lower case", () => {
    expect(queryTerms("Headache & | !")).toEqual(["headache"])
    expect(queryTerms("a & | !")).toEqual(["a"])
    expect(queryTerms("'; DROP TABLE points; --")).toEqual(["drop", "table", "points"])
    expect(queryTerms("LU-9")).toEqual(["lu", "9"])
    expect(queryTerms("Kopfschmerzen")).toEqual(["kopfschmerzen"])
    expect(queryTerms("tos:* <-> !")).toEqual(["tos"])
    expect(queryTerms("太淵")).toEqual(["太淵"])
    expect(queryTerms("!!!")).toEqual([])
  })

  it(`keeps at most ${KEYWORD_MAX_TERMS} terms of at most ${TERM_MAX_LENGTH} characters`, () => {
    expect(queryTerms(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(KEYWORD_MAX_TERMS)
    expect(queryTerms(repeat(200))[0]).toHaveLength(TERM_MAX_LENGTH)
  })
})

describe("tsQueryText", () => {
  it("requires every term and takes the last as a prefix while typing", () => {
    expect(tsQueryText(["wrist", "pain"], false)).toBe("wrist & pain")
    expect(tsQueryText(["wrist", "pai"], true)).toBe("wrist & pai:*")
    expect(tsQueryText([], true)).toBe("")
  })

  it(`takes a last term as a prefix only from ${MIN_PREFIX_LENGTH} characters on`, () => {
    const short = "c".repeat(MIN_PREFIX_LENGTH - 1)
    const long = "c".repeat(MIN_PREFIX_LENGTH)
    expect(tsQueryText([short], true)).toBe(short)
    expect(tsQueryText(["wrist", short], true)).toBe(`wrist & ${short}`)
    expect(tsQueryText([long], true)).toBe(`${long}:*`)
    // Characters, not UTF-16 units: one character outside the BMP is still one.
    expect(tsQueryText(["𠀀"], true)).toBe("𠀀")
  })
})

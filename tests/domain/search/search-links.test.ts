// Searches written into and read back from the address, and which point addresses are the app's own.
import { describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import { KEYWORD_MAX_LENGTH } from "../../../src/domain/search/keyword-limits.ts"
import { MAX_SEARCH_PAGE } from "../../../src/domain/search/search-fields.ts"
import { keywordMessage } from "../../../src/domain/search/search-keyword.ts"
import {
  EMPTY_REQUEST,
  FULL_TEXT_HREF,
  isCanonicalPointSlug,
  readSearchParams,
  SEARCH_HREF,
  sameRequest,
  searchHref,
} from "../../../src/domain/search/search-links.ts"

describe("searchHref and readSearchParams", () => {
  it("write only what is set and read it back", () => {
    const request = {
      keyword: "wrist pain",
      channel: "lung-channel",
      point: "lu-9-taiyuan",
      field: "indications",
      page: 2,
      notInPregnancy: false,
      noOrgansBeneath: false,
    } as const
    const href = searchHref(SEARCH_HREF, request)
    expect(href).toBe("/search?keyword=wrist+pain&channel=lung-channel&point=lu-9-taiyuan&field=indications&page=2")
    expect(readSearchParams(href.split("?")[1]!)).toEqual(request)
    expect(searchHref(FULL_TEXT_HREF, { ...EMPTY_REQUEST, keyword: "太淵" })).toBe(
      "/full-text?keyword=%E5%A4%AA%E6%B7%B5",
    )
    expect(searchHref(SEARCH_HREF, EMPTY_REQUEST)).toBe("/search")
  })

  it("leaves out anything malformed", () => {
    expect(readSearchParams(`?channel=%27%3B&field=password&page=0&point=A B`)).toEqual(EMPTY_REQUEST)
    expect(readSearchParams(`?page=${MAX_SEARCH_PAGE + 1}`).page).toBe(1)
    expect(readSearchParams("?page=2.5").page).toBe(1)
    expect(readSearchParams(`?keyword=${"a".repeat(500)}`).keyword).toHaveLength(KEYWORD_MAX_LENGTH)
  })

  it("compares requests field by field", () => {
    expect(sameRequest(EMPTY_REQUEST, { ...EMPTY_REQUEST })).toBe(true)
    expect(sameRequest(EMPTY_REQUEST, { ...EMPTY_REQUEST, page: 2 })).toBe(false)
  })
})

describe("isCanonicalPointSlug", () => {
  it("is true for every point's own address in the knowledge base", () => {
    const content = loadContent()
    for (const point of [...content.channels.flatMap((c) => c.points), ...content.extraPoints]) {
      expect(isCanonicalPointSlug(point.slug), point.slug).toBe(true)
    }
  })

  it.each(["LU9", "lu-9", "lu9", "LU-9-taiyuan", "yintang", "ex-hn3", "P6"])(
    "is false for %j, which is looked up",
    (slug) => {
      expect(isCanonicalPointSlug(slug)).toBe(false)
    },
  )
})

describe("keywordMessage", () => {
  it("gives the field's message before anything is sent", () => {
    expect(keywordMessage("headache")).toBeNull()
    expect(keywordMessage("")).toBe("validation.required")
    expect(keywordMessage("a".repeat(KEYWORD_MAX_LENGTH + 1))).toBe("validation.tooLong")
    expect(keywordMessage("a\u0000")).toBe("validation.keywordCharacters")
  })
})

describe("the safety filters in the address", () => {
  it("writes a filter that is on, reads it back, and a request with another filter is another", () => {
    const request = { ...EMPTY_REQUEST, keyword: "pain", notInPregnancy: true }
    const href = searchHref(SEARCH_HREF, request)
    expect(href).toBe("/search?keyword=pain&notInPregnancy=true")
    expect(readSearchParams(href.slice(SEARCH_HREF.length))).toEqual(request)
    const both = { ...request, noOrgansBeneath: true }
    expect(readSearchParams(searchHref(SEARCH_HREF, both).slice(SEARCH_HREF.length))).toEqual(both)
    expect(sameRequest(request, both)).toBe(false)
  })

  it("reads anything but true as off", () => {
    expect(readSearchParams("?notInPregnancy=1&noOrgansBeneath=yes")).toEqual(EMPTY_REQUEST)
  })
})

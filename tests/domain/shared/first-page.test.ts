// The first page's data as it travels in a `<script type="application/json">`: nothing in an answer
// can close the element, open a comment or break the line of a script, and the app reads back
// exactly what the server embedded. And which addresses the server draws: the content pages and the
// public pages, never a member's own pages.
import { describe, expect, it } from "vitest"
import { type FirstPageData, isDrawnByServer, serializeFirstPage } from "../../../src/domain/shared/first-page.ts"

const data = (answers: Record<string, unknown>): FirstPageData => ({
  url: "/point/lu-9-taiyuan?from=search",
  language: "de",
  answers,
  namespaces: ["common", "user"],
})

/** Texts an answer may carry that mean something to an HTML parser or a script. */
const HOSTILE = [
  "</script><script>alert(1)</script>",
  "</SCRIPT >",
  "<!-- open <script> and never close",
  "<![CDATA[ ]]>",
  "line\u2028separator",
  "paragraph\u2029separator",
  "a & b > c \" ' `",
  "$& $' $` $$ $1",
  "\u0000\u001f\u007f",
  "雲門 · 太淵 · ☯",
]

describe("serializeFirstPage", () => {
  it("escapes every < so no answer closes the script element or opens a comment", () => {
    const text = serializeFirstPage(data({ "point/lu-9-taiyuan": { texts: HOSTILE } }))
    expect(text).not.toContain("<")
    expect(text.toLowerCase()).not.toContain("</script")
    expect(text).not.toContain("<!--")
    expect(text).toContain("\\u003c/script>")
    expect(text).toContain("\\u003c!--")
  })

  it("keeps U+2028 and U+2029 out of the markup", () => {
    const text = serializeFirstPage(data({ "point/lu-9-taiyuan": { texts: HOSTILE } }))
    expect(text).not.toMatch(/[\u2028\u2029]/)
    expect(text).toContain("\\u2028")
    expect(text).toContain("\\u2029")
  })

  it("reads back through JSON.parse exactly as embedded", () => {
    const embedded = data({
      "point/lu-9-taiyuan": { texts: HOSTILE, nested: [{ deep: HOSTILE.join("\n") }], count: 3, open: true },
      "categoryIndex/": [],
      "bookPage/point-categories": null,
    })
    expect(JSON.parse(serializeFirstPage(embedded))).toEqual(embedded)
  })

  it("is valid JSON for every string, whatever its code points", () => {
    const all = Array.from({ length: 0x3000 }, (_, code) => String.fromCharCode(code)).join("")
    const embedded = data({ "point/lu-9-taiyuan": `${all}\u2028\u2029\ud83d\ude00` })
    const text = serializeFirstPage(embedded)
    expect(text).not.toMatch(/[<\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual(embedded)
  })
})

describe("isDrawnByServer", () => {
  it.each([
    "/",
    "/about",
    "/about-us",
    "/pricing",
    "/book/pages",
    "/book/pages/channels",
    "/book/pages/channels/lung-channel",
    "/book/pages/categories",
    "/book/pages/categories/ghost-points",
    "/book/pages/body-areas",
    "/book/pages/vessels/governing-vessel",
    "/book/pages/extra-points",
    "/book/pages/point-categories",
    "/point/lu-9-taiyuan",
    "/point/ex-hn3-yintang",
    "/body-area/hand",
  ])("draws %s", (path) => {
    expect(isDrawnByServer(path)).toBe(true)
  })

  it.each([
    // A member's own pages, a test in progress, the patient's page: drawn in the browser.
    "/my-notes",
    "/account-settings/my-profile",
    "/account-settings/my-membership",
    "/test/new/location-test",
    "/get/results",
    "/patient/abc123",
    "/search",
    "/video/play-channel/lung-channel",
    "/book/charts/front",
    "/plan-pro",
    "/login",
    "/register",
    "/payment-success",
    "/resetpassword",
    "/verify-email",
    "/social/callback",
    "/not-found",
    // A point address the app looks up first, and addresses that only look like a drawn one.
    "/point/LU9",
    "/point/lu-9",
    "/point/lu-9-taiyuan/more",
    "/about/",
    "/login/",
    "/loginx",
    "//login",
    "/book",
    "/book/pages/",
    "/body-area",
    "/points/lu-9-taiyuan",
    "",
  ])("does not draw %j", (path) => {
    expect(isDrawnByServer(path)).toBe(false)
  })
})

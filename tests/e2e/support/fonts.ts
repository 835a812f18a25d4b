// Chinese drawn by our web fonts, not by whatever the device has: Chromium here has no Chinese system
// font (`fc-list :lang=zh` lists none), so a character no web face draws would be an empty box.
import type { Locator, Page, Request } from "@playwright/test"
import { expect } from "./test.ts"

/**
 * Waits until every Chinese character of `text` in the element is drawn by a web face: going down
 * the element's font stack, the first family that holds the character (a face of it whose
 * unicode-range names it) is one of our web families, and that face has loaded. A local or generic
 * family before it fails the check: Chromium draws a character system-ui, Arial or sans-serif lacks
 * as an empty box rather than trying the next family.
 */
export const expectDrawnInWebFonts = async (element: Locator, text: string) => {
  await expect
    .poll(
      () =>
        element.evaluate((node, chars) => {
          const unquote = (name: string) => name.trim().replace(/^["']|["']$/g, "")
          const stack = getComputedStyle(node).fontFamily.split(",").map(unquote)
          const holds = (range: string, code: number) =>
            range.split(",").some((part) => {
              const [from = 0, to = from] = part
                .trim()
                .replace(/^U\+/i, "")
                .split("-")
                .map((hex) => Number.parseInt(hex, 16))
              return code >= from && code <= to
            })
          const faces = [...document.fonts]
          const drawnBy = (code: number) => {
            for (const family of stack) {
              const own = faces.filter((face) => unquote(face.family) === family)
              if (own.length === 0) return `${family} (not a web face)`
              const face = own.find((f) => holds(f.unicodeRange, code))
              if (face) return face.status === "loaded" ? null : `${family} (${face.status})`
            }
            return "no family"
          }
          return [...chars]
            .filter((char) => /\p{Script=Han}/u.test(char))
            .flatMap((char) => {
              const problem = drawnBy(char.codePointAt(0)!)
              return problem === null ? [] : [`${char}: ${problem}`]
            })
        }, text),
      { message: `characters of "${text}" not drawn by a loaded web face`, timeout: 15_000 },
    )
    .toEqual([])
}

/** The font files a page requests from now on (their names: `noto-serif-tc-57-400-normal-….woff2`). */
export const fontRequests = (page: Page) => {
  const files: Array<string> = []
  page.on("request", (request: Request) => {
    if (request.resourceType() === "font") files.push(new URL(request.url()).pathname.split("/").at(-1)!)
  })
  return files
}

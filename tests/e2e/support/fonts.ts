// Chinese drawn by our web fonts, not by whatever the device has: Chromium here has no Chinese system
// font (`fc-list :lang=zh` lists none), so a character no web face draws would be an empty box.
import type { Locator, Page, Request } from "@playwright/test"
import { expect } from "./test.ts"

/**
 * Waits until every Chinese character of `text` in the element is drawn by a web face its font stack
 * names: a face of that family, loaded, whose unicode-range holds the character.
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
          const faces = [...document.fonts].filter(
            (face) => face.status === "loaded" && stack.includes(unquote(face.family)),
          )
          return [...chars]
            .filter((char) => /\p{Script=Han}/u.test(char))
            .filter((char) => !faces.some((face) => holds(face.unicodeRange, char.codePointAt(0)!)))
        }, text),
      { message: `characters of "${text}" without a loaded web face`, timeout: 15_000 },
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

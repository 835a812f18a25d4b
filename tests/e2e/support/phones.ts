// Whether a page scrolls sideways at the width it is laid out at (a phone's, in the sweeps that ask):
// how far, and what sticks out past the right edge (the innermost elements, three at most).
import type { Page } from "@playwright/test"

/** How far the page scrolls sideways and what sticks out; "" when nothing does. */
export const sideways = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth
    if (by <= 0) return ""
    const out = (e: Element) => e.getBoundingClientRect().right > window.innerWidth + 0.5
    const culprits = [...document.querySelectorAll("body *")]
      .filter((e) => out(e) && ![...e.children].some(out))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute("class") ?? ""} "${e.textContent?.slice(0, 30)}"`)
    return `${by} px at ${window.innerWidth} px (${culprits.join(", ")})`
  })

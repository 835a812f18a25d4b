// axe in jsdom with the WCAG 2.2 A and AA rules (the tags the e2e runs pass to AxeBuilder's
// withTags). Colour contrast needs a real browser's layout: the e2e runs check it.
import axe from "axe-core"
import { expect } from "vitest"

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

export const expectNoAxeViolations = async (root: Element = document.body) => {
  const result = await axe.run(root, {
    runOnly: { type: "tag", values: WCAG_TAGS },
    rules: { "color-contrast": { enabled: false } },
  })
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" | ")}`)).toEqual([])
}

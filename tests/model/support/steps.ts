// Moves every model makes, written once on the `Ui`: reaching an element with Tab as a keyboard
// user does, and pressing a control the walk's way (a click, or Tab to it and Enter).
import type { Target, Ui } from "./driver.ts"

/**
 * Tab stops a keyboard user passes at most on the way to an element (the sharing page has the most
 * before its list: 26 videos, each with its Preview, then the consent box and Share).
 */
const MAX_TABS = 100

/**
 * The keyboard walks with Tab — or Shift+Tab when the element lies before the focus — until the
 * element itself has focus (`into`: until focus is on it or inside it).
 */
export const tabTo = async (ui: Ui, target: Target, options: { readonly into?: boolean } = {}) => {
  const arrived = (relation: string) => relation === "self" || (options.into === true && relation === "inside")
  for (let i = 0; i < MAX_TABS; i++) {
    const relation = await target.focusRelation()
    if (arrived(relation)) return
    await ui.keyboard.tab({ shift: relation === "after" || (relation === "inside" && !options.into) })
  }
  if (options.into) await ui.expect(target).toContainFocus()
  else await ui.expect(target).toBeFocused()
}

/** A button or link pressed the walk's way: a click, or Tab to it and Enter. */
export const press = async (ui: Ui, target: Target) => {
  if (ui.input === "mouse") return target.click()
  await tabTo(ui, target)
  await ui.keyboard.press("Enter")
}

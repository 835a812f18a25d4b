// Keeps focus on an item when a list that opens with autoFocus takes focus itself. Use it as the
// onFocus of such a React Aria ListBox (called when focus enters the list).
import type { FocusEvent } from "react"

/**
 * React Aria's autoFocus runs before the list has its items, so it focuses the list itself; after a
 * click from the keyboard (Enter on a button) or a screen reader it does so an animation frame late.
 * On a busy device the items are there by then and their own focus request has already given up,
 * so focus would stay on the list, where Enter and the screen reader find no item. It moves on to
 * the item React Aria marks as current (the one tabbing in would reach).
 */
export const focusCurrentOption = (event: FocusEvent) => {
  if (event.target.getAttribute("role") !== "listbox") return
  event.target.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus({ preventScroll: true })
}

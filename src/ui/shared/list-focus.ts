// Focus in the drill-down columns: which column's list takes focus next, and on which item. Use
// `useColumnFocus` in a view of columns (the channel menu, the point groups): its `onFocus` is the
// onFocus of each column's React Aria ListBox (called when focus enters the list).
import { type FocusEvent, useRef, useState } from "react"

/**
 * React Aria's autoFocus runs before the list has its items, so it focuses the list itself; after a
 * click from the keyboard (Enter on a button) or a screen reader it does so an animation frame late.
 * On a busy device the items are there by then and their own focus request has already given up,
 * so focus would stay on the list, where Enter and the screen reader find no item. It moves on to
 * the item React Aria marks as current (the one tabbing in would reach).
 */
const focusCurrentOption = (event: FocusEvent) => {
  if (event.target.getAttribute("role") !== "listbox") return
  event.target.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus({ preventScroll: true })
}

/** The most animation frames to wait for a list's items to appear. */
const MAX_FRAMES = 10

/**
 * Focus on the item `key` of `list`, as soon as it is there. React Aria's autoFocus focuses the
 * list's first item once its items have rendered, after the list itself took focus; focus moves on
 * from there, so the item stays focused and React Aria's current item follows it.
 */
const landOn = (list: Element, key: string, frame = 0) => {
  const option = [...list.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.dataset.key === key)
  const active = document.activeElement
  const focusIsHere = active === null || active === document.body || list.contains(active)
  if (option !== undefined && focusIsHere && active !== option) option.focus()
  if (frame < MAX_FRAMES && focusIsHere && (option === undefined || frame === 0))
    requestAnimationFrame(() => landOn(list, key, frame + 1))
}

/**
 * Focus requests for columns of lists. A request remounts that column's list with autoFocus (React
 * Aria focuses its selected item, or its first), and only that one, so the list that was just
 * pressed keeps its item. Going back names the item that opened the closed column: going back
 * closes that item's level, so nothing in the column is selected any more, and without the name
 * focus would land on the column's first item instead of where the user came from.
 */
export const useColumnFocus = (initial: number | null) => {
  const [request, setRequest] = useState<{ readonly level: number | null; readonly mounts: Record<number, number> }>({
    level: initial,
    mounts: {},
  })
  const returnKey = useRef<string | null>(null)
  return {
    /** The column at `level` takes focus next; on the item `key` when it is there. */
    request: (level: number, key?: string | undefined) => {
      returnKey.current = key ?? null
      setRequest((r) => ({ level, mounts: { ...r.mounts, [level]: (r.mounts[level] ?? 0) + 1 } }))
    },
    /** The React key of the column's list: it changes with each request for that column. */
    listKey: (level: number) => `list-${level}-${request.mounts[level] ?? 0}`,
    autoFocus: (level: number) => (request.level === level ? ("first" as const) : false),
    /** The onFocus of the column's ListBox: focus goes on to the item asked for, or the current one. */
    onFocus: (level: number) => (event: FocusEvent<Element>) => {
      const key = request.level === level ? returnKey.current : null
      if (key === null) return focusCurrentOption(event)
      returnKey.current = null
      landOn(event.currentTarget, key)
    },
  }
}

// Small view helpers shared by the pages: the document title, focusing the first invalid field
// after a rejected submit, focusing where an in-page action's result lands, reading the query
// string and the address of the page shown.
import { type FocusEvent, useCallback, useEffect, useRef } from "react"
import { useLocation, useSearch } from "wouter"
import { pageTitle } from "../../domain/shared/page-title.ts"

export const usePageTitle = (title: string) => {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}

/**
 * What takes focus in a field marked invalid: the field, or the control of a group that Tab would
 * reach (a radio group's chosen radio), else the group's first control.
 */
const CONTROLS = "input, textarea, select, button"
const TAB_STOPS = 'input:not([tabindex="-1"]), textarea, select, button'

/**
 * Each time a submit is turned back (the flow's `rejectedSubmits` grows), focus the first field
 * marked invalid. Messages that appear on blur or while typing never move the cursor.
 */
export const useFocusFirstInvalid = <E extends HTMLElement = HTMLFormElement>(rejectedSubmits: number) => {
  const containerRef = useRef<E>(null)
  const handled = useRef(rejectedSubmits)
  useEffect(() => {
    if (rejectedSubmits === handled.current) return
    handled.current = rejectedSubmits
    const invalid = containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    const control = invalid?.matches(CONTROLS)
      ? invalid
      : (invalid?.querySelector<HTMLElement>(TAB_STOPS) ?? invalid?.querySelector<HTMLElement>(CONTROLS))
    ;(control ?? invalid)?.focus()
  }, [rejectedSubmits])
  return containerRef
}

/**
 * Where an in-page action's result lands (WCAG 2.4.3): `arm()` when the action starts; once `ready`
 * holds, the element behind `ref` (a heading with tabIndex -1, a button) is scrolled into view and
 * focused, once. Without it, focus would fall to the page's body when the control pressed goes away
 * or is disabled while the action runs.
 */
export const useFocusWhenReady = <E extends HTMLElement = HTMLElement>(ready: boolean) => {
  const ref = useRef<E>(null)
  const armed = useRef(false)
  useEffect(() => {
    if (!armed.current || !ready) return
    armed.current = false
    ref.current?.scrollIntoView?.({ block: "start" })
    ref.current?.focus({ preventScroll: true })
  })
  const arm = useCallback(() => {
    armed.current = true
  }, [])
  return { ref, arm }
}

/**
 * A field's blur handler that validates it, except when focus goes to its form's submit button:
 * the submit validates anyway, and a message appearing first would move the button away from
 * under the pointer between press and release, so the click would never submit.
 */
export const validateOnBlur = (validate: () => void) => (event: FocusEvent) => {
  const next = event.relatedTarget
  const form = (event.target as HTMLInputElement).form
  if (next instanceof HTMLButtonElement && next.type === "submit" && form && next.form === form) return
  validate()
}

export const useQueryParam = (name: string): string | null => {
  const search = useSearch()
  return new URLSearchParams(search).get(name)
}

/** The address of the page shown: its path and query ("/get/results?test=…"), as a sign-in returns to it. */
export const useHere = (): string => {
  const [path] = useLocation()
  const search = useSearch()
  return search === "" ? path : `${path}?${search}`
}

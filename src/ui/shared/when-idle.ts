// Work that no first interaction needs (the toasts' region, the Chinese faces) waits until the
// browser is idle, or `timeout` ms at most; the returned function cancels it.
export const whenIdle = (run: () => void, timeout: number): (() => void) => {
  if ("requestIdleCallback" in globalThis) {
    const handle = requestIdleCallback(run, { timeout })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(run, Math.min(timeout, 200))
  return () => clearTimeout(handle)
}

/** How long a page only read waits before the work for its next use starts anyway. */
export const FIRST_USE_FALLBACK_MS = 10_000

/** The first signs that someone is using the page: a pointer moving or pressed, a key, a touch, scrolling, typing. */
const FIRST_USE = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel", "scroll", "input"] as const

/**
 * Work done for what a user may do next (the menus' and the search's scripts, the offline copies)
 * starts once they show they are there, then when the browser is idle; a page only read starts it
 * `fallback` ms after it was drawn. Start-up runs nothing a user has not asked for, and a first use
 * finds the parts on their way. The returned function cancels it.
 */
export const whenUsed = (run: () => void, fallback: number): (() => void) => {
  let cancelIdle: (() => void) | undefined
  const start = () => {
    stopWatching()
    cancelIdle ??= whenIdle(run, 1000)
  }
  const timer = setTimeout(start, fallback)
  const stopWatching = () => {
    clearTimeout(timer)
    for (const type of FIRST_USE) removeEventListener(type, start, { capture: true })
  }
  for (const type of FIRST_USE) addEventListener(type, start, { capture: true, passive: true })
  return () => {
    stopWatching()
    cancelIdle?.()
    cancelIdle = () => undefined
  }
}

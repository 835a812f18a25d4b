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

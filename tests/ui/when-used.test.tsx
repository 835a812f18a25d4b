// Work for a page's next use (src/ui/shared/when-idle.ts): nothing runs while the page is only shown;
// the first sign of a user starts it once, a page only read starts it after the fallback, and a
// cancelled one never runs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { whenUsed } from "../../src/ui/shared/when-idle.ts"

describe("whenUsed", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("waits for the first use, then runs once when the browser is idle", () => {
    const run = vi.fn()
    whenUsed(run, 10_000)
    vi.advanceTimersByTime(5_000)
    expect(run).not.toHaveBeenCalled()
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }))
    window.dispatchEvent(new Event("pointerdown"))
    vi.advanceTimersByTime(1_000)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(20_000)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it("counts scrolling and typing as use", () => {
    const scrolled = vi.fn()
    whenUsed(scrolled, 10_000)
    document.dispatchEvent(new Event("scroll"))
    const typed = vi.fn()
    vi.advanceTimersByTime(1_000)
    whenUsed(typed, 10_000)
    document.body.dispatchEvent(new Event("input", { bubbles: true }))
    vi.advanceTimersByTime(1_000)
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(typed).toHaveBeenCalledTimes(1)
  })

  it("runs after the fallback on a page only read", () => {
    const run = vi.fn()
    whenUsed(run, 10_000)
    vi.advanceTimersByTime(9_999)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1_001)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it("never runs once cancelled, used or not", () => {
    const before = vi.fn()
    whenUsed(before, 10_000)()
    window.dispatchEvent(new Event("pointermove"))
    const after = vi.fn()
    const cancel = whenUsed(after, 10_000)
    window.dispatchEvent(new Event("pointermove"))
    cancel()
    vi.advanceTimersByTime(20_000)
    expect(before).not.toHaveBeenCalled()
    expect(after).not.toHaveBeenCalled()
  })
})

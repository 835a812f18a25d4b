// Where the first load's main-thread time goes (issue 10: "find where the remaining time goes", on
// the app's side): Chromium opens a page with its CPU slowed 4× (Lighthouse's mobile preset), the
// V8 sampling profiler running until the page's heading shows, and the long tasks (> 50 ms) the
// page saw until then. Each sample's time is put on the package or our source file it ran in,
// through the build's source maps (dist/assets/*.map, never served).
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping"
import { chromium } from "@playwright/test"
import { launchOptions } from "./route-js.ts"

export interface StartupProfile {
  readonly path: string
  /** Self time per package (or `src/…` folder, or the browser's own work), in ms at 4× slowdown. */
  readonly byPart: ReadonlyArray<readonly [string, number]>
  /** Long tasks until the heading showed, in ms at 4× slowdown, in order. */
  readonly longTasks: ReadonlyArray<number>
  /** The time until the heading showed, in ms. */
  readonly headingMs: number
}

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly url: string; readonly functionName: string; lineNumber: number; columnNumber: number }
}

/** `node_modules/effect/dist/Schema.js` → `effect`; `src/ui/content/PointPage.tsx` → `src/ui/content`. */
export const partOf = (source: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
  if (pkg) return pkg
  const own = /(?:^|\/)(src\/(?:[^/]+\/)?[^/]+)/.exec(source)?.[1]
  return own ?? source
}

export const profileStartup = async (base: string, distDir: string, path: string): Promise<StartupProfile> => {
  const maps = new Map<string, TraceMap | null>()
  const mapOf = (url: string) => {
    const file = url.split("/assets/")[1]
    if (!file) return null
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(join(distDir, "assets", `${file}.map`), "utf8")))
      } catch {
        maps.set(file, null)
      }
    }
    return maps.get(file) ?? null
  }

  const browser = await chromium.launch(launchOptions())
  try {
    const page = await browser.newPage({ baseURL: base })
    await page.addInitScript(() => {
      const tasks: Array<number> = []
      ;(globalThis as unknown as { __longTasks: Array<number> }).__longTasks = tasks
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration)
      }).observe({ type: "longtask", buffered: true })
    })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 })
    await cdp.send("Profiler.start")
    const started = performance.now()
    await page.goto(path)
    await page.locator("main h1").first().waitFor()
    const headingMs = performance.now() - started
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as {
      profile: { nodes: ReadonlyArray<ProfileNode>; samples: ReadonlyArray<number>; timeDeltas: ReadonlyArray<number> }
    }
    const longTasks = await page.evaluate(() => (globalThis as unknown as { __longTasks: Array<number> }).__longTasks)

    const selfMs = new Map<number, number>()
    for (const [i, id] of profile.samples.entries())
      selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
    const byPart = new Map<string, number>()
    for (const node of profile.nodes) {
      const time = selfMs.get(node.id) ?? 0
      if (time === 0) continue
      const { url, functionName, lineNumber, columnNumber } = node.callFrame
      const map = url ? mapOf(url) : null
      const source = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source : null
      const part = source
        ? partOf(source)
        : url
          ? url.replace(/^.*\/assets\//, "")
          : functionName.startsWith("(")
            ? functionName
            : `(${functionName || "browser"})`
      byPart.set(part, (byPart.get(part) ?? 0) + time)
    }
    return { path, byPart: [...byPart].sort((a, b) => b[1] - a[1]), longTasks, headingMs }
  } finally {
    await browser.close()
  }
}

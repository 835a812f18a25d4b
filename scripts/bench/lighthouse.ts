// Lighthouse's performance category with its default mobile preset (a mid-range phone: emulated
// screen, 4× CPU slowdown and slow 4G, simulated) on Debian's Chromium. Chromium resolves no host
// but 127.0.0.1, so neither the app nor Lighthouse can reach the internet; the requests each run
// made to any other host are counted and printed (they should be none).
import * as chromeLauncher from "chrome-launcher"
import lighthouse from "lighthouse"

export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

export interface LighthouseRun {
  readonly name: string
  readonly path: string
  readonly score: number
  readonly lcpMs: number
  readonly cls: number
  readonly tbtMs: number
  readonly fcpMs: number
  readonly speedIndexMs: number
  readonly lcpElement: string
  /** LCP split into its parts (time to first byte, load delay, load time, render delay), in ms. */
  readonly lcpParts: ReadonlyArray<string>
  /** The elements that moved most, with their layout-shift score. */
  readonly shifts: ReadonlyArray<string>
  readonly requests: number
  readonly otherHosts: ReadonlyArray<string>
  readonly warnings: ReadonlyArray<string>
}

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/** The first `{ type: "node", snippet }` inside an audit's details: the element it is about. */
const firstNode = (details: Json | undefined): string | undefined => {
  if (details === null || typeof details !== "object") return undefined
  if (!Array.isArray(details)) {
    const record = details as { readonly [key: string]: Json }
    if (record.type === "node" && typeof record.snippet === "string") return record.snippet
  }
  for (const value of Object.values(details)) {
    const found = firstNode(value)
    if (found !== undefined) return found
  }
  return undefined
}

const tableItems = (details: unknown): Array<Record<string, Json>> => {
  const d = details as { type?: string; items?: Array<unknown> } | undefined
  if (d?.type === "table") return (d.items ?? []) as Array<Record<string, Json>>
  if (d?.type === "list") return (d.items ?? []).flatMap(tableItems)
  return []
}

const oneLine = (snippet: string) => snippet.replace(/\s+/g, " ").slice(0, 90)

/** One Lighthouse run in a Chromium of its own, so no run inherits another's state. */
const audit = async (base: string, page: { readonly name: string; readonly path: string }): Promise<LighthouseRun> => {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS })
  try {
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    })
    if (result === undefined) throw new Error("Lighthouse returned nothing")
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const requests = ((lhr.audits["network-requests"]?.details as { items?: Array<{ url: string }> } | undefined)
      ?.items ?? []) as Array<{ url: string }>
    const origin = new URL(base).host
    const lcpInsight = lhr.audits["lcp-breakdown-insight"]?.details
    const lcpParts = tableItems(lcpInsight)
      .filter((item) => typeof item.duration === "number")
      .map((item) => `${String(item.label ?? item.subpart)} ${Math.round(item.duration as number)} ms`)
    const shifts = tableItems(lhr.audits["layout-shifts"]?.details)
      .slice(0, 3)
      .map((item) => `${(item.score as number).toFixed(3)} ${oneLine(firstNode(item.node) ?? "(no element)")}`)
    const hosts = requests.flatMap((r) => {
      try {
        const url = new URL(r.url)
        return /^https?:$/.test(url.protocol) && url.host !== origin ? [url.host] : []
      } catch {
        return []
      }
    })
    return {
      name: page.name,
      path: page.path,
      score: lhr.categories.performance?.score ?? Number.NaN,
      lcpMs: value("largest-contentful-paint"),
      cls: value("cumulative-layout-shift"),
      tbtMs: value("total-blocking-time"),
      fcpMs: value("first-contentful-paint"),
      speedIndexMs: value("speed-index"),
      lcpElement: oneLine(firstNode(lcpInsight as Json | undefined) ?? "—"),
      lcpParts,
      shifts,
      requests: requests.length,
      otherHosts: [...new Set(hosts)],
      warnings: lhr.runWarnings,
    }
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse on each page in turn, `rounds` times over (round after round, so a busy minute on the
 * machine falls on every page rather than on the runs of one). A run that fails (Chromium now and
 * then records no navigation on a busy machine) is tried once more; a run that fails twice comes
 * back with its reason.
 */
export const runLighthouse = async (
  base: string,
  pages: ReadonlyArray<{ readonly name: string; readonly path: string }>,
  rounds = 1,
): Promise<Array<LighthouseRun | { readonly name: string; readonly path: string; readonly error: string }>> => {
  const runs: Array<LighthouseRun | { name: string; path: string; error: string }> = []
  for (let round = 1; round <= rounds; round++)
    for (const page of pages) {
      let error = ""
      for (let attempt = 1; attempt <= 2; attempt++) {
        try {
          runs.push(await audit(base, page))
          error = ""
          break
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause)
          console.log(`  ${page.path}: attempt ${attempt} failed: ${error.split("\n")[0]}`)
        }
      }
      if (error !== "") runs.push({ ...page, error })
    }
  return runs
}

// The body charts (issue 15 "Size and speed"): per view, the size of the answer the server sends
// for it (`GET /api/charts/{view}`, the Pro answer — every point with names and location text — and
// the visitor's), gzip (zlib, so figures compare whatever the server sends) and as sent for
// `Accept-Encoding: br, gzip`; and the time Chromium takes to draw it with all its points in the
// chart explorer, read from the User Timing measures the chart component sets (render → DOM
// committed and laid out), over several warm draws per view.
import { gzipSync } from "node:zlib"
import { chromium } from "@playwright/test"
import { CHART_VIEW_IDS, type ChartViewId, chartViewHref } from "../../src/domain/charts/chart-ids.ts"
import { COOKIE_TOKEN } from "../../src/domain/shared/cookies.ts"
import { fetchRaw, header } from "./compression.ts"
import { launchOptions } from "./route-js.ts"
import { percentile } from "./util.ts"

export interface ChartSize {
  readonly view: ChartViewId
  readonly raw: number
  readonly gzip: number
  readonly visitorGzip: number
  readonly wire: number
  readonly encoding: string
  readonly points: number
  readonly sites: number
}

export const measureChartSizes = async (base: string, token: string): Promise<Array<ChartSize>> => {
  const sizes: Array<ChartSize> = []
  for (const view of CHART_VIEW_IDS) {
    const path = `/api/charts/${view}`
    const json = { accept: "application/json" }
    const pro = await fetchRaw(base, path, { ...json, authorization: `Bearer ${token}`, "accept-encoding": "identity" })
    if (pro.status !== 200) throw new Error(`${path} answered ${pro.status}`)
    const body = pro.body
    const visitor = (await fetchRaw(base, path, { ...json, "accept-encoding": "identity" })).body
    // As sent to a browser: node:http counts the bytes on the wire (fetch would decode them).
    const sent = await fetchRaw(base, path, {
      ...json,
      authorization: `Bearer ${token}`,
      "accept-encoding": "br, gzip",
    })
    const encoding = header(sent.rawHeaders, "content-encoding") ?? "none"
    const chart = JSON.parse(body.toString("utf8")) as { points: ReadonlyArray<{ sites: ReadonlyArray<unknown> }> }
    sizes.push({
      view,
      raw: body.length,
      gzip: gzipSync(body).length,
      visitorGzip: gzipSync(visitor).length,
      wire: sent.body.length,
      encoding,
      points: chart.points.length,
      sites: chart.points.reduce((n, p) => n + p.sites.length, 0),
    })
  }
  return sizes
}

export interface ChartDraw {
  readonly view: ChartViewId
  /** Warm draws, in ms. */
  readonly draws: ReadonlyArray<number>
  readonly first: number
  readonly p50: number
  readonly max: number
}

/**
 * Opens the explorer as a Pro member, shows every view once (loading it and warming the code), then
 * `rounds` more times each by in-app navigation (the view is in memory by then, so only drawing is
 * timed), reading the measure the chart component records for each draw.
 */
export const measureChartDraws = async (base: string, token: string, rounds = 7): Promise<Array<ChartDraw>> => {
  const browser = await chromium.launch(launchOptions())
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } })
    await context.addCookies([
      { name: COOKIE_TOKEN, value: token, url: base },
      { name: "cookieAccepted", value: "yes", url: base },
    ])
    const page = await context.newPage()
    const measures = (view: ChartViewId) =>
      page.evaluate(
        (name) => performance.getEntriesByName(name, "measure").map((e) => e.duration),
        `chart-draw:${view}`,
      )
    const show = async (view: ChartViewId) => {
      const before = (await measures(view)).length
      await page.evaluate((href) => history.pushState(null, "", href), chartViewHref(view))
      await page.waitForFunction(
        ([name, n]) => performance.getEntriesByName(name as string, "measure").length > (n as number),
        [`chart-draw:${view}`, before] as const,
        { timeout: 30_000 },
      )
      // Let the resize pass and the browser paint before the next view.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    }
    const [firstView] = CHART_VIEW_IDS
    await page.goto(chartViewHref(firstView))
    await page.waitForFunction(
      (name) => performance.getEntriesByName(name, "measure").length > 0,
      `chart-draw:${firstView}`,
      {
        timeout: 60_000,
      },
    )
    for (const view of CHART_VIEW_IDS.slice(1)) await show(view)
    const firsts = new Map<ChartViewId, number>()
    for (const view of CHART_VIEW_IDS) firsts.set(view, (await measures(view))[0] ?? Number.NaN)
    for (let round = 0; round < rounds; round++) for (const view of CHART_VIEW_IDS) await show(view)
    const draws: Array<ChartDraw> = []
    for (const view of CHART_VIEW_IDS) {
      const warm = (await measures(view)).slice(1)
      draws.push({
        view,
        draws: warm,
        first: firsts.get(view) ?? Number.NaN,
        p50: percentile(warm, 50),
        max: Math.max(...warm),
      })
    }
    return draws
  } finally {
    await browser.close()
  }
}

// `npm run charts:preview [view …] [--zoom x,y,w,h]`: draws every body-chart view with all its points
// labelled, and a second picture with its body-area regions and cun frames, to PNG files in
// .tmp/charts/ through Chromium, so a reviewer can hold the drawings against the location texts.
// `--zoom` draws only that part of the view (in view units), enlarged, as {view}-zoom.png.
import { mkdirSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { chromium } from "@playwright/test"
import { decodeChartView, decodePathways } from "../src/domain/charts/chart-content.ts"
import { toView } from "../src/domain/charts/chart-frames.ts"
import { centroid, type Point2 } from "../src/domain/charts/chart-geometry.ts"
import { chartPathways } from "../src/domain/charts/chart-pathways.ts"
import { chartPaths, type ResolvedView, resolveView } from "../src/domain/charts/chart-resolve.ts"

const root = resolve(import.meta.dirname, "..")
const chartsDir = join(root, "content", "charts")
const outDir = join(root, ".tmp", "charts")

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(chartsDir, file), "utf8"))
const pathways = decodePathways(readJson("pathways.json"))
const args = process.argv.slice(2)
const zoomAt = args.indexOf("--zoom")
const zoom = zoomAt >= 0 ? (args[zoomAt + 1] ?? "").split(",").map(Number) : undefined
const only = args.filter((a, i) => !a.startsWith("--") && (zoomAt < 0 || i !== zoomAt + 1))
const views = readdirSync(chartsDir)
  .filter((f) => f.endsWith(".json") && f !== "pathways.json")
  .map((f) => decodeChartView(readJson(f), f))
  .filter((v) => only.length === 0 || only.includes(v.id))

const COLORS: Record<string, string> = {
  LU: "#9a6a00",
  LI: "#b8860b",
  ST: "#c0392b",
  SP: "#d35400",
  HT: "#c2185b",
  SI: "#ad1457",
  BL: "#1f4e9a",
  KI: "#283593",
  PC: "#8e24aa",
  TE: "#6a1b9a",
  GB: "#2e7d32",
  LR: "#00695c",
  CV: "#37474f",
  GV: "#37474f",
  EX: "#5d4037",
}
const VESSEL_COLORS: Record<string, string> = {
  chong: "#d81b60",
  ren: "#3949ab",
  du: "#6d4c41",
  dai: "#00897b",
  "yin-qiao": "#8e24aa",
  "yang-qiao": "#f4511e",
  "yin-wei": "#1e88e5",
  "yang-wei": "#7cb342",
}
const colorOf = (code: string) => COLORS[code.slice(0, 2)] ?? "#444"

const AREA_COLORS = [
  "#e57373",
  "#64b5f6",
  "#81c784",
  "#ffb74d",
  "#ba68c8",
  "#4db6ac",
  "#f06292",
  "#aed581",
  "#7986cb",
  "#ffd54f",
  "#4dd0e1",
  "#a1887f",
  "#90a4ae",
  "#ff8a65",
  "#9575cd",
]

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;")
const n = (x: number) => (Math.round(x * 10) / 10).toString()

interface Box {
  x: number
  y: number
  w: number
  h: number
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

type ViewBox = readonly [number, number, number, number]

/** Unit of drawing size: line widths, dot radii and fonts scale with the part of the view drawn. */
const unitOf = (box: ViewBox) => Math.max(box[2], box[3]) / 900

/** Large views are also drawn in tiles about this many view units wide, so every label is legible. */
const TILE = 440

const lineArt = (resolved: ResolvedView, u: number) =>
  chartPaths(resolved.view)
    .map((p) =>
      p.kind === "outline"
        ? `<path d="${p.d}" fill="none" stroke="#1d1d1f" stroke-width="${n(1.6 * u)}" stroke-linejoin="round" stroke-linecap="round"/>`
        : p.kind === "feature"
          ? `<path d="${p.d}" fill="none" stroke="#55595f" stroke-width="${n(0.9 * u)}" stroke-linecap="round"/>`
          : p.kind === "cut"
            ? `<path d="${p.d}" fill="none" stroke="#c8ccd0" stroke-width="${n(0.6 * u)}"/>`
            : `<path d="${p.d}" fill="none" stroke="#9aa0a6" stroke-width="${n(0.7 * u)}" stroke-dasharray="${n(4 * u)} ${n(3 * u)}"/>`,
    )
    .join("\n")

const pathwayLines = (resolved: ResolvedView, u: number, kind: "channel" | "vessel") =>
  chartPathways(resolved, pathways)
    .filter((p) => p.kind === kind)
    .map(
      (p) =>
        `<path d="${p.d}" fill="none" stroke="${p.kind === "channel" ? (COLORS[p.id] ?? "#444") : (VESSEL_COLORS[p.id] ?? "#444")}" stroke-opacity="${p.kind === "channel" ? 0.55 : 0.7}" stroke-width="${n((p.kind === "channel" ? 1.3 : 1.1) * u)}" ${p.kind === "vessel" ? `stroke-dasharray="${n(3 * u)} ${n(2 * u)}"` : ""}/>`,
    )
    .join("\n")

const pointsPicture = (resolved: ResolvedView, box: ViewBox = resolved.view.viewBox): string => {
  const u = unitOf(box)
  const [x0, y0, w, h] = box
  const r = 2.6 * u
  const font = 6.5 * u
  const paths = pathwayLines(resolved, u, "channel")
  const taken: Box[] = resolved.points.map((p) => ({
    x: p.position[0] - r,
    y: p.position[1] - r,
    w: 2 * r,
    h: 2 * r,
  }))
  const labels: string[] = []
  const sorted = [...resolved.points].sort((a, b) => a.position[1] - b.position[1])
  for (const p of sorted) {
    const text = p.site ? `${p.code} ${p.site}` : p.code
    const tw = text.length * font * 0.56
    const th = font
    let best: { box: Box; cost: number; anchor: Point2 } | undefined
    for (const dist of [1.2, 2.2, 3.6, 5.5, 8]) {
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [1, -1],
        [1, 1],
        [-1, -1],
        [-1, 1],
        [0, -1],
        [0, 1],
      ] as const) {
        const cx = p.position[0] + dx * (r + dist * font * 0.6)
        const cy = p.position[1] + dy * (r + dist * font * 0.45)
        const box: Box = {
          x: dx > 0 ? cx : dx < 0 ? cx - tw : cx - tw / 2,
          y: cy - th / 2,
          w: tw,
          h: th,
        }
        const outside = box.x < x0 || box.y < y0 || box.x + box.w > x0 + w || box.y + box.h > y0 + h
        const cost = taken.filter((t) => overlaps(t, box)).length + (outside ? 5 : 0) + dist * 0.01
        if (!best || cost < best.cost) best = { box, cost, anchor: [cx, cy] }
      }
      if (best && best.cost < 1) break
    }
    const { box } = best!
    taken.push(box)
    const lx = box.x + box.w / 2
    const ly = box.y + box.h / 2
    const far = Math.hypot(lx - p.position[0], ly - p.position[1]) > r + font * 1.6
    if (far)
      labels.push(
        `<line x1="${n(p.position[0])}" y1="${n(p.position[1])}" x2="${n(lx < p.position[0] ? box.x + box.w : lx > p.position[0] ? box.x : lx)}" y2="${n(ly)}" stroke="#888" stroke-width="${n(0.35 * u)}"/>`,
      )
    labels.push(
      `<text x="${n(box.x)}" y="${n(box.y + box.h * 0.82)}" font-size="${n(font)}" fill="${colorOf(p.code)}" font-family="DejaVu Sans, sans-serif">${esc(text)}</text>`,
    )
  }
  const dots = resolved.points
    .map(
      (p) =>
        `<circle cx="${n(p.position[0])}" cy="${n(p.position[1])}" r="${n(r)}" fill="${colorOf(p.code)}" stroke="#fff" stroke-width="${n(0.6 * u)}"/>`,
    )
    .join("\n")
  return [lineArt(resolved, u), paths, dots, labels.join("\n")].join("\n")
}

/** The extraordinary vessels' courses, each labelled once at its middle stop. */
const vesselsPicture = (resolved: ResolvedView): string => {
  const u = unitOf(resolved.view.viewBox)
  const labels = chartPathways(resolved, pathways)
    .filter((p) => p.kind === "vessel")
    .map((p) => {
      const [x, y] = p.stops[Math.floor(p.stops.length / 2)]!.position
      return `<text x="${n(x + 3 * u)}" y="${n(y)}" font-size="${n(6 * u)}" fill="${VESSEL_COLORS[p.id] ?? "#444"}" font-family="DejaVu Sans, sans-serif">${p.id}</text>`
    })
  const dots = resolved.points
    .map(
      (p) => `<circle cx="${n(p.position[0])}" cy="${n(p.position[1])}" r="${n(1.4 * u)}" fill="${colorOf(p.code)}"/>`,
    )
    .join("\n")
  return [lineArt(resolved, u), pathwayLines(resolved, u, "vessel"), dots, ...labels].join("\n")
}

const regionsPicture = (resolved: ResolvedView): string => {
  const u = unitOf(resolved.view.viewBox)
  const areas = [...new Set(resolved.regions.map((r) => r.area))]
  const regions = resolved.regions
    .map((r) => {
      const c = AREA_COLORS[areas.indexOf(r.area) % AREA_COLORS.length]
      const [cx, cy] = centroid(r.polygon)
      return `<polygon points="${r.polygon.map((p) => `${n(p[0])},${n(p[1])}`).join(" ")}" fill="${c}" fill-opacity="0.22" stroke="${c}" stroke-width="${n(0.8 * u)}"/>
<text x="${n(cx)}" y="${n(cy)}" font-size="${n(6 * u)}" text-anchor="middle" fill="#333" font-family="DejaVu Sans, sans-serif">${r.area}</text>`
    })
    .join("\n")
  const grids = [...resolved.frames.values()]
    .map((f) => {
      const first = f.cuns[0]!
      const last = f.cuns[f.cuns.length - 1]!
      const lo = Math.ceil(Math.min(first, last))
      const hi = Math.floor(Math.max(first, last))
      const lines: string[] = []
      for (let a = lo; a <= hi; a++) {
        const p = toView(f, { along: a, across: -1.5 })
        const q = toView(f, { along: a, across: 1.5 })
        lines.push(
          `<line x1="${n(p[0])}" y1="${n(p[1])}" x2="${n(q[0])}" y2="${n(q[1])}" stroke="#1565c0" stroke-width="${n((a % 5 === 0 ? 0.6 : 0.3) * u)}"/>`,
        )
      }
      const axis = f.stations.map((p) => `${n(p[0])},${n(p[1])}`).join(" ")
      const ticks = f.frame.stations
        .map((s, i) => {
          const p = f.stations[i]!
          return `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${n(1.4 * u)}" fill="#1565c0"/><text x="${n(p[0] + 3 * u)}" y="${n(p[1] - 2 * u)}" font-size="${n(4.5 * u)}" fill="#1565c0" font-family="DejaVu Sans, sans-serif">${esc(`${f.frame.id}: ${s.at} ${s.cun}`)}</text>`
        })
        .join("\n")
      return `<polyline points="${axis}" fill="none" stroke="#1565c0" stroke-width="${n(0.6 * u)}"/>\n${lines.join("\n")}\n${ticks}`
    })
    .join("\n")
  const dots = resolved.points
    .map(
      (p) => `<circle cx="${n(p.position[0])}" cy="${n(p.position[1])}" r="${n(1.6 * u)}" fill="${colorOf(p.code)}"/>`,
    )
    .join("\n")
  return [regions, lineArt(resolved, u), grids, dots].join("\n")
}

const page = (resolved: ResolvedView, body: string, heightPx: number, box: ViewBox = resolved.view.viewBox) => {
  const [x0, y0, w, h] = box
  const widthPx = Math.round((heightPx * w) / h)
  return {
    widthPx,
    html: `<!doctype html><html><body style="margin:0;background:#fff"><svg xmlns="http://www.w3.org/2000/svg" viewBox="${x0} ${y0} ${w} ${h}" width="${widthPx}" height="${heightPx}">
<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="#fff"/>
<text x="${x0 + w * 0.02}" y="${y0 + h * 0.03}" font-size="${n(unitOf(box) * 12)}" fill="#222" font-family="DejaVu Sans, sans-serif">${esc(resolved.view.title.en)}</text>
${body}</svg></body></html>`,
  }
}

mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
})
try {
  const tab = await browser.newPage()
  for (const view of views) {
    const resolved = resolveView(view)
    const heightPx = view.viewBox[3] >= view.viewBox[2] ? 2400 : Math.round((2400 * view.viewBox[3]) / view.viewBox[2])
    for (const [suffix, body] of [
      ["", pointsPicture(resolved)],
      ["-regions", regionsPicture(resolved)],
      ["-vessels", vesselsPicture(resolved)],
    ] as const) {
      const { html, widthPx } = page(resolved, body, heightPx)
      await tab.setViewportSize({ width: widthPx, height: heightPx })
      await tab.setContent(html)
      const file = join(outDir, `${view.id}${suffix}.png`)
      await tab.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
    const [vx, vy, vw, vh] = view.viewBox
    const columns = Math.ceil(vw / TILE - 0.2)
    const rows = Math.ceil(vh / TILE - 0.2)
    const tiles: Array<[string, ViewBox]> = []
    if (columns * rows > 1)
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < columns; c++)
          tiles.push([
            `-tile-${r + 1}-${c + 1}`,
            [vx + (c * vw) / columns, vy + (r * vh) / rows, vw / columns, vh / rows],
          ])
    if (zoom && zoom.length === 4) tiles.push(["-zoom", zoom as unknown as ViewBox])
    for (const [suffix, box] of tiles) {
      const { html, widthPx } = page(resolved, pointsPicture(resolved, box), 1400, box)
      await tab.setViewportSize({ width: widthPx, height: 1400 })
      await tab.setContent(html)
      const file = join(outDir, `${view.id}${suffix}.png`)
      await tab.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
  }
} finally {
  await browser.close()
}

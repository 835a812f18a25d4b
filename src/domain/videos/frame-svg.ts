// One frame of any video scene as an SVG document of the video's size: each layer seen through its
// camera at that time, its elements as they stand then. A pure function of the scene and the frame
// number; numbers are rounded to a tenth of a pixel, so frames that look alike are the same text
// (the renderer rasterises each distinct text once).
import type { Point2 } from "../charts/chart-geometry.ts"
import {
  type ArtElement,
  eased,
  type LabelElement,
  type LandmarkElement,
  mixBox,
  mixNumber,
  type PressElement,
  type RingElement,
  type RulerElement,
  type SceneElement,
  type ScreenTransform,
  screenTransform,
  shownAt,
  type TraceElement,
  textWidth,
  toScreen,
  VIDEO_FONT_FAMILIES,
  type VideoScene,
  valueAt,
} from "./video-scene.ts"

const n = (x: number) => {
  const r = Math.round(x * 10) / 10
  return Object.is(r, -0) ? "0" : String(r)
}
const n3 = (x: number) => {
  const r = Math.round(x * 1000) / 1000
  return Object.is(r, -0) ? "0" : String(r)
}
const xy = (p: Point2) => `${n(p[0])} ${n(p[1])}`
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
const opacityAttr = (o: number) => (o >= 0.995 ? "" : ` opacity="${n3(o)}"`)

const IDENTITY: ScreenTransform = { scale: 1, dx: 0, dy: 0 }

/** Stroke styles of the line art in screen pixels: outline, features, dashed guides, faint cuts. */
const ART_STYLE: Readonly<Record<ArtElement["paths"][number]["kind"], (s: number) => string>> = {
  outline: (s) => `stroke="#1d1d1f" stroke-width="${n3(2 / s)}"`,
  feature: (s) => `stroke="#5f6368" stroke-width="${n3(1.1 / s)}"`,
  guide: (s) => `stroke="#a0a6ad" stroke-width="${n3(1 / s)}" stroke-dasharray="${n3(5 / s)} ${n3(4 / s)}"`,
  cut: (s) => `stroke="#c8ccd0" stroke-width="${n3(0.9 / s)}"`,
}

/**
 * The screen an element is drawn on: its size, and the opacity of the element's layer. Anything
 * wholly outside the canvas (with a small margin) is left out of the frame, which spares the
 * rasteriser the work. A layer's opacity is multiplied into each element's rather than set on a
 * group: resvg panics on some translucent elements inside a translucent group (a faded line-art
 * layer holding a pulsing ring), so no opacity is ever nested.
 */
interface Screen {
  readonly w: number
  readonly h: number
  readonly alpha: number
}
const onScreen = (screen: Screen, x0: number, y0: number, x1: number, y1: number) =>
  x1 >= -2 && y1 >= -2 && x0 <= screen.w + 2 && y0 <= screen.h + 2

type Bounds = readonly [number, number, number, number]
const pathBounds = new WeakMap<object, Bounds>()
/** The bounds of a path of the line art: its points (smooth curves), or a circle's extent. */
const boundsOfPath = (path: ArtElement["paths"][number]): Bounds => {
  let b = pathBounds.get(path)
  if (!b) {
    const v = (path.d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number)
    if (/a/.test(path.d)) {
      const [x = 0, y = 0, r = 0] = v
      b = [x, y - r, x + 2 * r, y + r]
    } else {
      const xs = v.filter((_, i) => i % 2 === 0)
      const ys = v.filter((_, i) => i % 2 === 1)
      b = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
    }
    pathBounds.set(path, b)
  }
  return b
}

const art = (e: ArtElement, m: ScreenTransform, screen: Screen) => {
  const shown = e.paths.filter((p) => {
    const [x0, y0, x1, y1] = boundsOfPath(p)
    return onScreen(screen, x0 * m.scale + m.dx, y0 * m.scale + m.dy, x1 * m.scale + m.dx, y1 * m.scale + m.dy)
  })
  if (shown.length === 0) return ""
  return `<g transform="matrix(${n3(m.scale)} 0 0 ${n3(m.scale)} ${n(m.dx)} ${n(m.dy)})" fill="none" stroke-linecap="round" stroke-linejoin="round"${opacityAttr(screen.alpha)}>${shown
    .map((p) => `<path d="${p.d}" ${ART_STYLE[p.kind](m.scale)}/>`)
    .join("")}</g>`
}

/** The part of a trace drawn by `t`: the points reached and the way to the next one. */
export const traceReached = (
  e: Pick<TraceElement, "points" | "times" | "stepwise">,
  t: number,
): ReadonlyArray<Point2> => {
  const { points, times } = e
  if (points.length === 0 || t < times[0]!) return []
  const drawn: Point2[] = [points[0]!]
  for (let i = 1; i < points.length; i++) {
    const a = times[i - 1]!
    const b = times[i]!
    if (t >= b) {
      drawn.push(points[i]!)
      continue
    }
    if (e.stepwise) break
    const k = b > a ? (t - a) / (b - a) : 1
    const p = points[i - 1]!
    const q = points[i]!
    drawn.push([p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k])
    break
  }
  return drawn
}

const trace = (e: TraceElement, m: ScreenTransform, t: number, screen: Screen) => {
  const shown = shownAt(e, t) * screen.alpha
  if (shown === 0) return ""
  const reached = traceReached(e, t).map((p) => toScreen(m, p))
  if (reached.length < 2) return ""
  const xs = reached.map((p) => p[0])
  const ys = reached.map((p) => p[1])
  const w = e.width
  if (!onScreen(screen, Math.min(...xs) - w, Math.min(...ys) - w, Math.max(...xs) + w, Math.max(...ys) + w)) return ""
  const dash = e.dash ? ` stroke-dasharray="${n(e.dash[0])} ${n(e.dash[1])}"` : ""
  return `<path d="M${reached.map(xy).join("L")}" fill="none" stroke="${e.color}" stroke-width="${n(e.width)}" stroke-linecap="round" stroke-linejoin="round"${dash}${opacityAttr(shown * (e.opacity ?? 1))}/>`
}

const ring = (e: RingElement, m: ScreenTransform, t: number, screen: Screen) => {
  const shown = shownAt(e, t) * screen.alpha
  if (shown === 0) return ""
  const [x, y] = toScreen(m, e.at)
  let r = e.radius
  let o = shown
  if (e.pulse) {
    const phase = (((t - e.from) % e.pulse.period) + e.pulse.period) % e.pulse.period
    const k = Math.round((phase / e.pulse.period) * 48) / 48
    r = e.radius * (1 + (e.pulse.grow - 1) * eased("in-out", k))
    o = shown * (1 - k)
  }
  const out = r + e.width
  if (!onScreen(screen, x - out, y - out, x + out, y + out)) return ""
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="none" stroke="${e.color}" stroke-width="${n(e.width)}"${opacityAttr(o)}/>`
}

/** How far a pressing fingertip is in at a share of its period: in, held, out, rest. */
export const pressDepth = (k: number): number =>
  k < 0.3 ? eased("in-out", k / 0.3) : k < 0.65 ? 1 : k < 0.9 ? 1 - eased("in-out", (k - 0.65) / 0.25) : 0

const press = (e: PressElement, m: ScreenTransform, t: number, screen: Screen) => {
  const shown = shownAt(e, t) * screen.alpha
  if (shown === 0) return ""
  const [x, y] = toScreen(m, e.at)
  const phase = (((t - e.from) % e.period) + e.period) % e.period
  const depth = e.still ? 1 : pressDepth(Math.round((phase / e.period) * 48) / 48)
  const r = e.radius * (1 - 0.28 * depth)
  if (!onScreen(screen, x - e.radius, y - e.radius, x + e.radius, y + e.radius)) return ""
  return `<g${opacityAttr(shown)}><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${e.color}" fill-opacity="${n3(0.16 + 0.3 * depth)}" stroke="${e.color}" stroke-width="${n(2 + depth)}"/></g>`
}

const FONT_FAMILY = VIDEO_FONT_FAMILIES.map((f) => `'${f}'`).join(", ")

/**
 * A text on a white backdrop (a rounded box a little larger than the text, slightly see-through),
 * so it reads over lines. The fonts ship in one weight, so bold is the text outlined once in its
 * own colour. (A halo stroked around the glyphs looked alike and cost the rasteriser a third more.)
 */
const textSvg = (p: Point2, text: string, size: number, color: string, anchor: string, bold: boolean | undefined) => {
  const w = textWidth(text) * size
  const left = anchor === "start" ? p[0] : anchor === "middle" ? p[0] - w / 2 : p[0] - w
  const pad = size * 0.18
  const backdrop = `<rect x="${n(left - pad)}" y="${n(p[1] - size * 0.86)}" width="${n(w + 2 * pad)}" height="${n(size * 1.12)}" rx="${n(size * 0.22)}" fill="#ffffff" fill-opacity="0.88"/>`
  const outline = bold ? ` stroke="${color}" stroke-width="${n(size * 0.045)}" stroke-linejoin="round"` : ""
  return `${backdrop}<text x="${n(p[0])}" y="${n(p[1])}" font-family="${FONT_FAMILY}" font-size="${n(size)}" text-anchor="${anchor}" fill="${color}"${outline}>${escapeText(text)}</text>`
}

const label = (e: LabelElement, m: ScreenTransform, t: number, screen: Screen) => {
  const shown = shownAt(e, t) * screen.alpha
  if (shown === 0) return ""
  const spot = toScreen(m, e.at)
  const [ox, oy] = e.offset ?? [0, 0]
  const x = spot[0] + ox
  const y = spot[1] + oy
  const anchor = e.anchor ?? "start"
  const w = textWidth(e.text) * e.size
  const left = anchor === "start" ? x : anchor === "middle" ? x - w / 2 : x - w
  if (
    !onScreen(screen, Math.min(left, spot[0]), y - e.size, Math.max(left + w, spot[0]), Math.max(y, spot[1]) + e.size)
  )
    return ""
  let leader = ""
  if (e.leader) {
    const end: Point2 = [Math.max(left, Math.min(left + w, spot[0])), y - e.size * 0.35]
    leader = `<path d="M${xy(spot)}L${xy(end)}" stroke="#80868b" stroke-width="1"/>`
  }
  return `<g${opacityAttr(shown)}>${leader}${textSvg([x, y], e.text, e.size, e.color, anchor, e.bold)}</g>`
}

const landmark = (e: LandmarkElement, m: ScreenTransform, t: number, screen: Screen) => {
  const shown = shownAt(e, t) * screen.alpha
  if (shown === 0) return ""
  const [x, y] = toScreen(m, e.at)
  // It arrives larger and settles, so the eye finds it.
  const s = e.still ? e.size : e.size * (1 + 0.9 * (1 - eased("in-out", (t - e.from) / 0.5)))
  if (!onScreen(screen, x - s, y - s, x + s, y + s)) return ""
  return `<path d="M${n(x)} ${n(y - s)}L${n(x + s)} ${n(y)}L${n(x)} ${n(y + s)}L${n(x - s)} ${n(y)}Z" fill="${e.color}" stroke="#ffffff" stroke-width="1.5"${opacityAttr(shown)}/>`
}

const RULER_LABEL_SIZE = 17
const MARK_LABEL_SIZE = 20

const ruler = (e: RulerElement, m: ScreenTransform, t: number, screen: Screen) => {
  const progress = (w: { from: number; until: number }) =>
    t < w.from ? 0 : w.until > w.from ? Math.min(1, (t - w.from) / (w.until - w.from)) : 1
  const f = progress(e.draw)
  if (f === 0) return ""
  const a0 = toScreen(m, e.from)
  const b0 = toScreen(m, e.to)
  const reach = Math.abs(e.offset) + 80
  if (
    !onScreen(
      screen,
      Math.min(a0[0], b0[0]) - reach,
      Math.min(a0[1], b0[1]) - reach,
      Math.max(a0[0], b0[0]) + reach,
      Math.max(a0[1], b0[1]) + reach,
    )
  )
    return ""
  const length = Math.hypot(b0[0] - a0[0], b0[1] - a0[1]) || 1
  const u: Point2 = [(b0[0] - a0[0]) / length, (b0[1] - a0[1]) / length]
  const normal: Point2 = [-u[1], u[0]]
  const side = e.offset < 0 ? -1 : 1
  const at = (cun: number, out = 0): Point2 => {
    const k = e.cun > 0 ? cun / e.cun : 0
    return [
      a0[0] + (b0[0] - a0[0]) * k + normal[0] * (e.offset + side * out),
      a0[1] + (b0[1] - a0[1]) * k + normal[1] * (e.offset + side * out),
    ]
  }
  const [start, end] = e.span ?? [0, e.cun]
  const drawnTo = start + (end - start) * f
  const parts = [
    `<path d="M${xy(at(start))}L${xy(at(drawnTo))}" stroke="${e.color}" stroke-width="1.6" stroke-linecap="round"/>`,
  ]
  const ticks = new Set<number>()
  for (let k = Math.ceil(start - 1e-9); k <= end + 1e-9; k++) ticks.add(k)
  for (const k of [0, e.cun]) if (k >= start - 1e-9 && k <= end + 1e-9) ticks.add(k)
  for (const k of [...ticks].sort((a, b) => a - b)) {
    if (k > drawnTo + 1e-9) break
    const half = k === 0 || Math.abs(k - e.cun) < 1e-9 ? 9 : k % 5 === 0 ? 7 : 4.5
    parts.push(`<path d="M${xy(at(k, -half))}L${xy(at(k, half))}" stroke="${e.color}" stroke-width="1.4"/>`)
  }
  /** A label beyond an end of the ruler, along its line (`toward` −1 before the start, 1 past the end). */
  const endLabel = (cun: number, toward: 1 | -1, text: string) => {
    const p = at(cun)
    const w = textWidth(text) * RULER_LABEL_SIZE
    const gap = Math.abs(u[0]) * (w / 2) + Math.abs(u[1]) * RULER_LABEL_SIZE * 0.55 + 12
    const c: Point2 = [p[0] + u[0] * gap * toward, p[1] + u[1] * gap * toward]
    return textSvg([c[0], c[1] + RULER_LABEL_SIZE * 0.35], text, RULER_LABEL_SIZE, e.color, "middle", true)
  }
  /** An arrowhead where the picture cuts the ruler short: it goes on beyond. */
  const arrow = (cun: number, toward: 1 | -1) => {
    const tip = at(cun)
    const back = (k: number) =>
      xy([tip[0] - u[0] * 9 * toward + normal[0] * k, tip[1] - u[1] * 9 * toward + normal[1] * k])
    return `<path d="M${back(-5)}L${xy(tip)}L${back(5)}" stroke="${e.color}" stroke-width="1.6" stroke-linejoin="round"/>`
  }
  parts.push(endLabel(start, -1, e.labels[0]))
  if (start > 1e-6) parts.push(arrow(start, -1))
  if (f >= 1) {
    parts.push(endLabel(end, 1, e.labels[1]))
    if (end < e.cun - 1e-6) parts.push(arrow(end, 1))
  }
  if (e.mark) {
    const g = progress(e.mark.draw)
    const from = Math.max(start, Math.min(end, e.mark.from))
    const to = Math.max(start, Math.min(end, e.mark.to))
    if (g > 0 && Math.abs(to - from) > 1e-6) {
      parts.push(
        `<path d="M${xy(at(from))}L${xy(at(from + (to - from) * g))}" stroke="${e.mark.color}" stroke-width="5" stroke-linecap="round"/>`,
      )
      if (g >= 1) {
        // Written on the outer side of the ruler, beside the middle of the stretch.
        const w = textWidth(e.mark.label) * MARK_LABEL_SIZE
        const out = 14 + Math.abs(normal[0]) * (w / 2) + Math.abs(normal[1]) * MARK_LABEL_SIZE * 0.5
        const p = at((from + to) / 2, out)
        parts.push(
          textSvg([p[0], p[1] + MARK_LABEL_SIZE * 0.35], e.mark.label, MARK_LABEL_SIZE, e.mark.color, "middle", true),
        )
      }
    }
  }
  return `<g fill="none"${opacityAttr(screen.alpha)}>${parts.join("")}</g>`
}

const element = (e: SceneElement, m: ScreenTransform, t: number, screen: Screen): string => {
  switch (e.type) {
    case "art":
      return art(e, m, screen)
    case "trace":
      return trace(e, m, t, screen)
    case "dot": {
      const shown = shownAt(e, t) * screen.alpha
      if (shown === 0) return ""
      const [x, y] = toScreen(m, e.at)
      const out = e.radius + (e.rim ?? 0)
      if (!onScreen(screen, x - out, y - out, x + out, y + out)) return ""
      const rim = e.rim ? ` stroke="#ffffff" stroke-width="${n(e.rim)}"` : ""
      return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(e.radius)}" fill="${e.color}"${rim}${opacityAttr(shown)}/>`
    }
    case "ring":
      return ring(e, m, t, screen)
    case "label":
      return label(e, m, t, screen)
    case "ruler":
      return ruler(e, m, t, screen)
    case "landmark":
      return landmark(e, m, t, screen)
    case "press":
      return press(e, m, t, screen)
  }
}

/**
 * Elements move in steps of this many a second, whatever the frame rate: cameras and cross-fades
 * glide at the full rate, a line growing or a ring pulsing reads as well at this one, and a video
 * then has half as many distinct frames to rasterise and encode.
 */
export const ANIMATION_RATE = 12

/** The SVG document of frame `frameIndex` (time frameIndex / fps) of a scene. */
export const frameSvg = (scene: VideoScene, frameIndex: number): string => {
  const t = frameIndex / scene.fps
  const stepped = Math.floor(t * ANIMATION_RATE + 1e-6) / ANIMATION_RATE
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}">`,
    `<rect width="${scene.width}" height="${scene.height}" fill="${scene.background}"/>`,
  ]
  for (const layer of scene.layers) {
    const opacity = valueAt(layer.opacity, t, mixNumber)
    if (opacity < 0.005) continue
    const m = layer.camera ? screenTransform(valueAt(layer.camera, t, mixBox)) : IDENTITY
    const screen = { w: scene.width, h: scene.height, alpha: opacity }
    parts.push(layer.elements.map((e) => element(e, m, stepped, screen)).join(""))
  }
  parts.push("</svg>")
  return parts.join("")
}

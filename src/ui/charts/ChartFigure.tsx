// The drawing of one chart view: line art, the body-area region, channel courses, the points as
// links (code and name as accessible name, one tab stop for the whole chart, arrow keys along the
// channel; a click a few pixels off a dot still takes it), Pro points as bare dots, and labels
// placed so they never overlap; under a safety highlight, the marked points (ChartSafetyMarks.tsx)
// say their flags in their names too. Zoom and pan by keys, buttons (ChartToolbar), the wheel, a drag
// and a pinch; the machine holds where the view is.
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react"
import { useTranslation } from "react-i18next"
import { groupColor } from "../../domain/charts/chart-colors.ts"
import type { Point2 } from "../../domain/charts/chart-geometry.ts"
import { CHAR_WIDTH, type LabelWish, layoutLabels } from "../../domain/charts/chart-labels.ts"
import type { ChartHighlight } from "../../domain/charts/chart-safety.ts"
import {
  type ChartSite,
  channelNeighbours,
  chartSites,
  nearestSite,
  siteByKey,
} from "../../domain/charts/chart-served.ts"
import type { ServedChart } from "../../domain/charts/chart-views.ts"
import { PAN_STEP, visibleBox, ZOOM_STEP, type Zoom } from "../../domain/charts/chart-zoom.ts"
import { ChartBackdrop, ChartPoints, lockedDots, siteGroupsOf, useDrawMeasure, useSiteLabel } from "./ChartLayers.tsx"
import { ChartSafetyMarks, useSafetyNotes } from "./ChartSafetyMarks.tsx"

/** What the page asks the chart to bring forward besides its highlighted point. */
export interface ChartEmphasis {
  /** A channel's or vessel's course, drawn strongly with its points labelled. */
  readonly pathway?: string | undefined
  /** A body area's region, shaded. */
  readonly area?: string | undefined
  /** Points to label and bring forward (an area's points). */
  readonly codes?: ReadonlyArray<string> | undefined
}

export interface ChartFigureProps {
  readonly chart: ServedChart
  readonly zoom: Zoom
  /** The site that is the chart's tab stop. */
  readonly focus: string | null
  readonly highlight: string | null
  readonly emphasis: ChartEmphasis
  /** The safety flags whose points are marked ("none": no marks). */
  readonly safety?: ChartHighlight
  readonly labelId: string
  /** Ids of the texts that describe the chart: the instructions, and the page's own (a location text). */
  readonly describedBy: string
  /** Wheel zooms always (the explorer) or only with Ctrl / ⌘ (charts inside a page). */
  readonly wheel: "always" | "modifier"
  readonly onFocusPoint: (key: string) => void
  readonly onStep: (step: 1 | -1) => void
  readonly onEnd: (end: "first" | "last") => void
  readonly onGroupStep: (step: 1 | -1) => void
  readonly onOpen: (key: string) => void
  readonly onZoom: (factor: number, at?: Point2) => void
  readonly onZoomReset: () => void
  readonly onPan: (dx: number, dy: number) => void
}

/** Sizes on screen, in CSS pixels; converted to view units at the current zoom. The dots' radii are
 * set in charts.css (`r: calc(var(--unit) * …px)`): keep them equal. */
const DOT_PX = 4.5
const HIGHLIGHT_PX = 7
const HIT_PX = 11
const FONT_PX = 12
/** From this zoom on, every point on screen asks for a label (those that fit get one). */
export const LABEL_ALL_ZOOM = 2
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4

const FALLBACK_SIZE = { width: 640, height: 720 }

/** Whether focus on the element should show (keyboard focus), as the browser's :focus-visible says. */
const focusVisibleOn = (target: EventTarget | null) => {
  if (!(target instanceof Element)) return false
  try {
    return target.matches(":focus-visible")
  } catch {
    // A browser that does not know the selector: show the ring.
    return true
  }
}

/** The point link an event happened in, if any. */
const pointKeyOf = (target: EventTarget | null): string | undefined =>
  target instanceof Element ? (target.closest("a[data-key]")?.getAttribute("data-key") ?? undefined) : undefined

export const ChartFigure = (props: ChartFigureProps) => {
  const { chart, zoom, focus, highlight, emphasis, safety = "none" } = props
  const { t, i18n } = useTranslation("charts")
  const siteLabel = useSiteLabel()
  const notes = useSafetyNotes(chart, safety)
  const stage = useRef<HTMLDivElement>(null)
  const svg = useRef<SVGSVGElement>(null)
  const [size, setSize] = useState(FALLBACK_SIZE)
  const [hovered, setHovered] = useState<string | null>(null)
  const [focusWithin, setFocusWithin] = useState(false)
  const [focusVisible, setFocusVisible] = useState(false)
  const [wheelHint, setWheelHint] = useState(false)
  useDrawMeasure(chart.id, svg)

  useEffect(() => {
    const element = svg.current
    if (!element || typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect
      if (box && box.width > 0 && box.height > 0) setSize({ width: box.width, height: box.height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const box = visibleBox(zoom, chart.viewBox)
  // View units per CSS pixel: the drawing is scaled to fit (meet) the element.
  const unit = Math.max(box[2] / size.width, box[3] / size.height)
  const sites = chartSites(chart)
  const focused = siteByKey(chart, focus)

  // The keyboard moved the tab stop: move DOM focus along while it is inside the chart.
  useEffect(() => {
    if (!focus || !svg.current?.contains(document.activeElement)) return
    const target = svg.current.querySelector<SVGAElement>(`[data-key="${focus}"]`)
    if (target && document.activeElement !== target) target.focus()
  }, [focus])

  const highlightSites = highlight ? sites.filter((s) => s.code === highlight) : []
  const mainHighlight = highlightSites.find((s) => s.key === focus) ?? highlightSites[0]
  const neighbours = mainHighlight
    ? channelNeighbours(chart, mainHighlight.key)
    : { previous: undefined, next: undefined }
  const emphasised = useMemo(() => {
    const codes = new Set(emphasis.codes ?? [])
    if (emphasis.pathway) for (const p of chart.points) if (p.group === emphasis.pathway) codes.add(p.code)
    if (emphasis.pathway)
      for (const course of chart.pathways.filter((c) => c.id === emphasis.pathway))
        for (const key of course.stops) {
          const site = siteByKey(chart, key)
          if (site) codes.add(site.code)
        }
    return codes
  }, [chart, emphasis.codes, emphasis.pathway])
  const dimOthers = emphasised.size > 0

  const inView = (p: Point2) => p[0] >= box[0] && p[0] <= box[0] + box[2] && p[1] >= box[1] && p[1] <= box[1] + box[3]
  const farSide = chart.nearSide === "left" ? "right" : "left"
  const wishes: Array<LabelWish> = []
  const wished = new Set<string>()
  const wish = (site: ChartSite | undefined, text = site?.code ?? "") => {
    if (!site || wished.has(site.key) || !inView(site.position)) return
    wished.add(site.key)
    wishes.push({ id: site.key, at: site.position, text })
  }
  // The page's point is labelled first, and always (see layoutLabels' `required`).
  if (mainHighlight && inView(mainHighlight.position)) {
    wished.add(mainHighlight.key)
    wishes.push({
      id: mainHighlight.key,
      at: mainHighlight.position,
      text: `${mainHighlight.code} ${mainHighlight.point.pinyin}`,
      required: true,
    })
  }
  if (hovered) wish(siteByKey(chart, hovered))
  if (focusWithin) wish(focused)
  for (const s of highlightSites) wish(s)
  wish(neighbours.previous)
  wish(neighbours.next)
  const bySide = (a: ChartSite, b: ChartSite) => Number(a.side === farSide) - Number(b.side === farSide)
  // A course or area is labelled once, on the near side; the mirrored copies stay unlabelled.
  for (const s of sites.filter((s) => emphasised.has(s.code) && s.side !== farSide)) wish(s)
  if (zoom.scale >= LABEL_ALL_ZOOM - 1e-9) for (const s of [...sites].sort(bySide)) wish(s)
  const labels = layoutLabels(
    wishes,
    { fontSize: FONT_PX * unit, charWidth: CHAR_WIDTH, dotRadius: DOT_PX * unit },
    [...sites.map((s) => s.position), ...chart.dots.map(([x, y]) => [x, y] as const)],
    { x: box[0], y: box[1], w: box[2], h: box[3] },
  )

  const toView = (clientX: number, clientY: number): Point2 | undefined => {
    const matrix = svg.current?.getScreenCTM?.()
    if (!matrix) return undefined
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse())
    return [p.x, p.y]
  }

  // The wheel: zoom around the pointer (always in the explorer, with Ctrl / ⌘ in a page; a
  // trackpad pinch arrives as a wheel with Ctrl). A plain wheel in a page scrolls the page.
  const wheelRef = useRef({ wheel: props.wheel, onZoom: props.onZoom, toView })
  wheelRef.current = { wheel: props.wheel, onZoom: props.onZoom, toView }
  useEffect(() => {
    const element = stage.current
    if (!element) return
    let hintTimer: ReturnType<typeof setTimeout> | undefined
    const onWheel = (event: WheelEvent) => {
      const { wheel, onZoom, toView: convert } = wheelRef.current
      if (wheel === "modifier" && !event.ctrlKey && !event.metaKey) {
        setWheelHint(true)
        clearTimeout(hintTimer)
        hintTimer = setTimeout(() => setWheelHint(false), 1500)
        return
      }
      event.preventDefault()
      const factor = Math.exp(-Math.max(-100, Math.min(100, event.deltaY)) * 0.004)
      onZoom(factor, convert(event.clientX, event.clientY))
    }
    element.addEventListener("wheel", onWheel, { passive: false })
    return () => {
      element.removeEventListener("wheel", onWheel)
      clearTimeout(hintTimer)
    }
  }, [])

  // Dragging pans; two fingers pinch. A press that turns into a drag does not click.
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const drag = useRef<{ x: number; y: number; moved: boolean; pinch: number | null }>({
    x: 0,
    y: 0,
    moved: false,
    pinch: null,
  })
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    drag.current = { x: event.clientX, y: event.clientY, moved: false, pinch: null }
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()]
      drag.current.pinch = Math.hypot(a!.x - b!.x, a!.y - b!.y)
    }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (pointers.current.size >= 2 && drag.current.pinch) {
      const [a, b] = [...pointers.current.values()]
      const distance = Math.hypot(a!.x - b!.x, a!.y - b!.y)
      if (distance > 0) {
        props.onZoom(distance / drag.current.pinch, toView((a!.x + b!.x) / 2, (a!.y + b!.y) / 2))
        drag.current.pinch = distance
        drag.current.moved = true
      }
      return
    }
    const dx = event.clientX - drag.current.x
    const dy = event.clientY - drag.current.y
    if (!drag.current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return
    if (!drag.current.moved) event.currentTarget.setPointerCapture?.(event.pointerId)
    drag.current = { ...drag.current, x: event.clientX, y: event.clientY, moved: true }
    props.onPan((-dx * unit) / box[2], (-dy * unit) / box[3])
  }
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
    if (pointers.current.size < 2) drag.current.pinch = null
  }

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const pan = PAN_STEP
    const keys: Record<string, () => void> = event.shiftKey
      ? {
          ArrowUp: () => props.onPan(0, -pan),
          ArrowDown: () => props.onPan(0, pan),
          ArrowLeft: () => props.onPan(-pan, 0),
          ArrowRight: () => props.onPan(pan, 0),
        }
      : {
          ArrowRight: () => props.onStep(1),
          ArrowDown: () => props.onStep(1),
          ArrowLeft: () => props.onStep(-1),
          ArrowUp: () => props.onStep(-1),
          Home: () => props.onEnd("first"),
          End: () => props.onEnd("last"),
          PageDown: () => props.onGroupStep(1),
          PageUp: () => props.onGroupStep(-1),
        }
    const zoomKeys: Record<string, () => void> = {
      "+": () => props.onZoom(ZOOM_STEP),
      "=": () => props.onZoom(ZOOM_STEP),
      "-": () => props.onZoom(1 / ZOOM_STEP),
      _: () => props.onZoom(1 / ZOOM_STEP),
      "0": () => props.onZoomReset(),
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return
    // Enter opens the point under the keyboard (SVG links are not activated alike everywhere).
    if (event.key === "Enter" && focus) {
      event.preventDefault()
      props.onOpen(focus)
      return
    }
    const action = keys[event.key] ?? zoomKeys[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  /** The site within reach of a pointer at a place on screen (HIT_PX around each dot). */
  const pointerSite = (clientX: number, clientY: number) => {
    const at = toView(clientX, clientY)
    return at ? nearestSite(chart, at, HIT_PX * unit) : undefined
  }
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const key = pointKeyOf(event.target) ?? pointerSite(event.clientX, event.clientY)?.key
    if (!key) return
    event.preventDefault()
    props.onOpen(key)
  }
  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    setFocusWithin(true)
    // The ring shows for keyboard focus only (as :focus-visible), drawn once for the whole chart.
    setFocusVisible(focusVisibleOn(event.target))
    const key = pointKeyOf(event.target)
    if (key && key !== focus) props.onFocusPoint(key)
  }
  const onHover = (event: PointerEvent<SVGSVGElement>) => {
    const key = pointKeyOf(event.target) ?? pointerSite(event.clientX, event.clientY)?.key ?? null
    if (key !== hovered) setHovered(key)
  }

  const px = (n: number) => n * unit
  const pointsProps = {
    groups: siteGroupsOf(chart, i18n.language, siteLabel),
    tabStop: focused?.key ?? sites[0]?.key,
    highlight,
    current: mainHighlight?.key,
    emphasised,
    notes,
  }
  const pathwayStrong = (id: string) =>
    emphasis.pathway === id || (!emphasis.pathway && highlight?.startsWith(`${id}-`))

  return (
    <div
      ref={stage}
      className="chart-stage"
      data-zoomed={zoom.scale > 1 || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onClickCapture={(event) => {
        // The end of a drag is not a click on the point under it.
        if (drag.current.moved) {
          event.preventDefault()
          event.stopPropagation()
          drag.current.moved = false
        }
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG drawing cannot be a fieldset; it groups the point links */}
      <svg
        ref={svg}
        className="chart-svg"
        viewBox={box.map((n) => Math.round(n * 100) / 100).join(" ")}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-roledescription={t("roleDescription")}
        aria-labelledby={props.labelId}
        aria-describedby={props.describedBy}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={onFocus}
        onPointerMove={onHover}
        onPointerLeave={() => setHovered(null)}
        data-over-point={hovered ? "" : undefined}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false)
        }}
        style={{ "--unit": unit } as CSSProperties}
      >
        <ChartBackdrop chart={chart} area={emphasis.area} />
        <g className="chart-courses">
          {chart.pathways.map((p) => (
            <path
              key={`${p.id}:${p.side}:${p.stops[0] ?? p.d}`}
              className={`chart-course chart-course-${p.kind}${pathwayStrong(p.id) ? " is-strong" : dimOthers ? " is-faint" : ""}`}
              d={p.d}
              style={{ "--c": groupColor(p.id) } as CSSProperties}
            />
          ))}
          {lockedDots(chart).map(([x, y]) => (
            <circle key={`${x} ${y}`} className="chart-dot-locked" cx={x} cy={y} r={px(DOT_PX * 0.8)} />
          ))}
          {highlightSites.map((s) => (
            <circle
              key={`halo-${s.key}`}
              className={`chart-halo${s === mainHighlight ? " is-main" : ""}`}
              cx={s.position[0]}
              cy={s.position[1]}
              r={px(HIGHLIGHT_PX * 2)}
            />
          ))}
        </g>
        <ChartPoints part="others" {...pointsProps} />
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the labels repeat the points' own names and hold nothing focusable */}
        <g className="chart-labels" aria-hidden="true" style={{ fontSize: FONT_PX * unit }}>
          {labels.map((l) => (
            <g key={l.id} className={l.id === mainHighlight?.key ? "chart-label is-main" : "chart-label"}>
              {l.leader ? (
                <line
                  className="chart-leader"
                  x1={l.at[0]}
                  y1={l.at[1]}
                  x2={l.box.x + (l.box.x > l.at[0] ? 0 : l.box.w)}
                  y2={l.box.y + l.box.h / 2}
                />
              ) : null}
              <text x={l.x} y={l.y}>
                {l.text}
              </text>
            </g>
          ))}
        </g>
        <ChartSafetyMarks chart={chart} highlight={safety} unit={unit} />
        <ChartPoints part="highlighted" {...pointsProps} />
        {focused && focusWithin && focusVisible ? (
          <circle
            className="chart-focus-mark"
            cx={focused.position[0]}
            cy={focused.position[1]}
            r={px((focused.code === highlight ? HIGHLIGHT_PX : DOT_PX) + 4)}
          />
        ) : null}
      </svg>
      {wheelHint ? (
        <p className="chart-wheel-hint" aria-hidden="true">
          {t("wheelHint")}
        </p>
      ) : null}
    </div>
  )
}

// Answering "where is ST-36?" on a chart, with a pointer or without one. The drawing shows the
// body only (no point is named) and a few lettered positions; they form one radio group: click a
// position (or anywhere near it), or Tab into the chart and move the marker with the arrow keys —
// each arrow goes to the nearest position that way — and the choice follows. After checking, the
// right position and a wrong choice are marked. A controlled component: the caller holds the
// choice and decides what is right, so the self-tests and the explorer's practice both use it.
import { type CSSProperties, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import type { Point2 } from "../../domain/charts/chart-geometry.ts"
import type { ChartDrawing } from "../../domain/charts/chart-views.ts"
import "./charts.css"

export interface AnswerCandidate {
  /** What the position is called ("A", "B" …); shown beside it and used as its name. */
  readonly id: string
  readonly position: Point2
}

export interface ChartAnswerProps {
  /** The drawing to answer on: a served view's line art (its points are not used). */
  readonly drawing: ChartDrawing
  readonly candidates: ReadonlyArray<AnswerCandidate>
  /** The chosen candidate's id, or null. */
  readonly value: string | null
  readonly onChange: (id: string) => void
  /** The question, the group's accessible name: "Where is ST-36 Zúsānlǐ?". */
  readonly label: string
  /** After checking: the right candidate. The group is read-only then. */
  readonly answer?: string | null
  readonly isDisabled?: boolean
  /** How to answer, read after the label (the explorer's practice has its own words by default). */
  readonly instructions?: string
}

/** A click farther than this many CSS pixels from every position chooses nothing. */
export const NEAREST_CLICK_PX = 40
const MARKER_PX = 9
const FONT_PX = 13

type Direction = "up" | "down" | "left" | "right"
const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
}

/**
 * The next position in a direction, as spatial navigation does it: among the positions lying that
 * way at all, the one nearest along the arrow, with a sideways step counting double, so straight
 * down beats a nearer position down and to the side.
 */
export const nearestInDirection = (
  candidates: ReadonlyArray<AnswerCandidate>,
  from: AnswerCandidate,
  direction: Direction,
): AnswerCandidate | undefined => {
  const [ax, ay] =
    direction === "up" ? [0, -1] : direction === "down" ? [0, 1] : direction === "left" ? [-1, 0] : [1, 0]
  return candidates
    .filter((c) => c !== from)
    .map((c) => {
      const dx = c.position[0] - from.position[0]
      const dy = c.position[1] - from.position[1]
      const along = dx * ax + dy * ay
      const across = Math.abs(dx * ay - dy * ax)
      return { c, along, score: along + 2 * across }
    })
    .filter((s) => s.along > 0)
    .sort((a, b) => a.score - b.score)[0]?.c
}

export const ChartAnswer = ({
  drawing,
  candidates,
  value,
  onChange,
  label,
  answer = null,
  isDisabled = false,
  instructions,
}: ChartAnswerProps) => {
  const { t } = useTranslation("charts")
  const id = useId()
  const svg = useRef<SVGSVGElement>(null)
  const [size, setSize] = useState({ width: 480, height: 640 })
  const readOnly = answer !== null || isDisabled
  const [x0, y0, w, h] = drawing.viewBox
  const unit = Math.max(w / size.width, h / size.height)
  const tabStop = candidates.find((c) => c.id === value) ?? candidates[0]

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

  const focusCandidate = (candidate: AnswerCandidate) =>
    svg.current?.querySelector<SVGElement>(`[data-candidate="${candidate.id}"]`)?.focus()

  const choose = (candidate: AnswerCandidate) => {
    if (readOnly) return
    if (candidate.id !== value) onChange(candidate.id)
  }

  const onKeyDown = (event: KeyboardEvent<Element>, current: AnswerCandidate) => {
    const direction = ARROWS[event.key]
    let next: AnswerCandidate | undefined
    if (direction) next = nearestInDirection(candidates, current, direction)
    else if (event.key === "Home") next = candidates[0]
    else if (event.key === "End") next = candidates.at(-1)
    else if (event.key === " " || event.key === "Enter") {
      event.preventDefault()
      choose(current)
      return
    } else return
    event.preventDefault()
    if (!next) return
    // A radio group: the choice follows the marker.
    choose(next)
    focusCandidate(next)
  }

  /** A click on the drawing chooses the nearest position, if one is near enough. */
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (readOnly) return
    const matrix = svg.current?.getScreenCTM?.()
    if (!matrix) return
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse())
    const nearest = [...candidates].sort(
      (a, b) =>
        Math.hypot(a.position[0] - p.x, a.position[1] - p.y) - Math.hypot(b.position[0] - p.x, b.position[1] - p.y),
    )[0]
    if (!nearest) return
    if (Math.hypot(nearest.position[0] - p.x, nearest.position[1] - p.y) > NEAREST_CLICK_PX * unit) return
    choose(nearest)
    focusCandidate(nearest)
  }

  const nameOf = (c: AnswerCandidate) =>
    answer !== null && c.id === answer
      ? t("practice.positionRight", { letter: c.id })
      : c.id === value
        ? t("practice.positionChosen", { letter: c.id })
        : t("practice.position", { letter: c.id })

  return (
    <figure className="chart-figure chart-answer">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click near a position chooses it; keys work on each radio */}
      <div
        className="chart-stage"
        role="radiogroup"
        aria-label={label}
        aria-describedby={`${id}-instructions ${id}-caption`}
        aria-disabled={readOnly || undefined}
        aria-readonly={answer !== null || undefined}
        onClick={onClick}
      >
        <svg
          ref={svg}
          className="chart-svg"
          viewBox={`${x0} ${y0} ${w} ${h}`}
          preserveAspectRatio="xMidYMid meet"
          role="none"
          style={{ "--unit": unit } as CSSProperties}
        >
          <g className="chart-backdrop">
            {drawing.art.map((a) => (
              <path key={a.d} className={`chart-art chart-art-${a.kind}`} d={a.d} />
            ))}
          </g>
          {candidates.map((c) => {
            const chosen = c.id === value
            const right = answer !== null && c.id === answer
            const wrong = answer !== null && chosen && !right
            const [cx, cy] = c.position
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG position cannot be an <input type="radio">
              <g
                key={c.id}
                data-candidate={c.id}
                role="radio"
                aria-checked={chosen}
                aria-label={nameOf(c)}
                tabIndex={c === tabStop ? 0 : -1}
                className={`answer-candidate${chosen ? " is-chosen" : ""}${right ? " is-right" : ""}${wrong ? " is-wrong" : ""}`}
                onKeyDown={(event) => onKeyDown(event, c)}
                onClick={(event) => {
                  event.stopPropagation()
                  choose(c)
                }}
              >
                <circle className="chart-hit" cx={cx} cy={cy} r={MARKER_PX * 2.2 * unit} />
                <circle className="chart-focus-ring" cx={cx} cy={cy} r={(MARKER_PX + 5) * unit} />
                <circle className="answer-marker" cx={cx} cy={cy} r={MARKER_PX * unit} />
                <text
                  className="answer-letter"
                  x={cx}
                  y={cy}
                  dy="0.35em"
                  textAnchor="middle"
                  style={{ fontSize: FONT_PX * unit }}
                >
                  {c.id}
                </text>
              </g>
            )
          })}
        </svg>
      </div>
      <figcaption id={`${id}-caption`} className="chart-caption">
        <span className="chart-caption-title">{drawing.title}.</span> {drawing.description}
      </figcaption>
      <p id={`${id}-instructions`} className="visually-hidden">
        {instructions ?? t("practice.instructions")}
      </p>
    </figure>
  )
}

export default ChartAnswer

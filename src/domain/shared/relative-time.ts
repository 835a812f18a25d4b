// "3 minutes ago": the largest whole unit between two instants, for Intl.RelativeTimeFormat in the
// interface language. Under a minute reads as now (0 seconds, "now" with numeric: "auto").
export type RelativeTime = {
  readonly value: number
  readonly unit: "second" | "minute" | "hour" | "day" | "week" | "month" | "year"
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const UNITS: ReadonlyArray<readonly [RelativeTime["unit"], number]> = [
  ["year", 365 * DAY],
  ["month", 30 * DAY],
  ["week", 7 * DAY],
  ["day", DAY],
  ["hour", HOUR],
  ["minute", MINUTE],
]

/** How long before (negative) or after `nowMs` the instant `thenMs` is, in its largest whole unit. */
export const relativeTimeOf = (thenMs: number, nowMs: number): RelativeTime => {
  const diff = thenMs - nowMs
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return { value: Math.trunc(diff / size), unit }
  }
  return { value: 0, unit: "second" }
}

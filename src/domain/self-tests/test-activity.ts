// Test activity (`GET /api/test-activity`): the days on which the learner finished at least one
// test, counted in the learner's time zone, and the current run of consecutive days. Pure: the
// caller passes the finishing instants and the learner's UTC offset.
import { DAY_MS } from "../shared/timing.ts"

/** A calendar day, "YYYY-MM-DD". */
export type Day = string

// Days since 1970-01-01 and back, in the proleptic Gregorian calendar (H. Hinnant's algorithms),
// so nothing here touches Date.
const civilFromDays = (days: number): readonly [number, number, number] => {
  const z = days + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day]
}

const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146_097 + doe - 719_468
}

const pad = (n: number, width: number) => String(n).padStart(width, "0")

/** The calendar day of an instant at a UTC offset in minutes (+60 for Berlin in winter). */
export const dayOf = (instantMs: number, utcOffsetMinutes: number): Day => {
  const [year, month, day] = civilFromDays(Math.floor((instantMs + utcOffsetMinutes * 60_000) / DAY_MS))
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

const dayNumber = (day: Day): number => {
  const [year = 1970, month = 1, date = 1] = day.split("-").map(Number)
  return daysFromCivil(year, month, date)
}

export interface ActivityDay {
  readonly day: Day
  readonly tests: number
}

/** Days practised, oldest first, with the number of tests finished that day. */
export const practiceDays = (
  finishedAt: ReadonlyArray<number>,
  utcOffsetMinutes: number,
): ReadonlyArray<ActivityDay> => {
  const counts = new Map<Day, number>()
  for (const instant of finishedAt) {
    const day = dayOf(instant, utcOffsetMinutes)
    counts.set(day, (counts.get(day) ?? 0) + 1)
  }
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, tests]) => ({ day, tests }))
}

/**
 * Consecutive days practised up to `today`; a run that ended yesterday still counts (today may
 * not be practised yet), one that ended before yesterday is 0.
 */
export const practiceStreak = (days: ReadonlyArray<ActivityDay>, today: Day): number => {
  const practised = new Set(days.map((d) => dayNumber(d.day)))
  let cursor = dayNumber(today)
  if (!practised.has(cursor)) cursor -= 1
  let streak = 0
  while (practised.has(cursor)) {
    streak += 1
    cursor -= 1
  }
  return streak
}

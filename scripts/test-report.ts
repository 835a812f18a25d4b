// What `npm test` prints at the end: each phase with its time and test count, then the slowest ten
// tests of the run. Vitest and Playwright write JSON reports into REPORT_DIR; this reads them.
import { existsSync, readFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
export const REPORT_DIR = join(root, ".tmp", "test-report")

export interface Phase {
  readonly title: string
  readonly seconds: number
  readonly passed: boolean
  /** The JSON report the phase writes, if it runs tests. */
  readonly report?: string
  /** The phase it ran beside (at the same time), if any. */
  readonly beside?: string
}

interface Timed {
  readonly name: string
  readonly ms: number
}

interface Counted {
  readonly tests: number
  readonly timed: ReadonlyArray<Timed>
}

interface VitestReport {
  readonly numTotalTests: number
  readonly testResults: ReadonlyArray<{
    readonly name: string
    readonly assertionResults: ReadonlyArray<{ readonly fullName: string; readonly duration?: number | null }>
  }>
}

interface PlaywrightSuite {
  readonly title: string
  readonly specs?: ReadonlyArray<{
    readonly title: string
    readonly file: string
    readonly tests: ReadonlyArray<{ readonly results: ReadonlyArray<{ readonly duration: number }> }>
  }>
  readonly suites?: ReadonlyArray<PlaywrightSuite>
}

const fromVitest = (report: VitestReport): Counted => ({
  tests: report.numTotalTests,
  timed: report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${relative(root, file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  ),
})

const playwrightTests = (suite: PlaywrightSuite, path: ReadonlyArray<string>): ReadonlyArray<Timed> => [
  ...(suite.specs ?? []).flatMap((spec) =>
    spec.tests.map((test) => ({
      name: [spec.file, ...path, spec.title].join(" › "),
      ms: test.results.reduce((sum, result) => sum + result.duration, 0),
    })),
  ),
  ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, [...path, child.title])),
]

const fromPlaywright = (report: { readonly suites: ReadonlyArray<PlaywrightSuite> }): Counted => {
  const timed = report.suites.flatMap((suite) => playwrightTests(suite, []))
  return { tests: timed.length, timed }
}

const read = (file: string): Counted | undefined => {
  if (!existsSync(file)) return undefined
  try {
    const data = JSON.parse(readFileSync(file, "utf8"))
    return "numTotalTests" in data ? fromVitest(data) : fromPlaywright(data)
  } catch {
    return undefined
  }
}

const minutes = (seconds: number) => {
  // Rounded as a whole first, so 779.7 s reads 13:00, not 12:60.
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`
}

/** The phase table and the slowest ten tests, as printed at the end of `npm test`. */
export const printReport = (phases: ReadonlyArray<Phase>, started: number) => {
  const counted = phases.map((phase) => ({ phase, counted: phase.report ? read(phase.report) : undefined }))
  const width = Math.max(...phases.map((p) => p.title.length + (p.beside ? 2 : 0)), 5)
  console.log(`\n${"phase".padEnd(width)}  time (m:ss)  tests  result`)
  // Phases that ran beside another are listed after it, marked.
  const ordered = [
    ...counted
      .filter(({ phase }) => !phase.beside)
      .flatMap((entry) => [entry, ...counted.filter(({ phase }) => phase.beside === entry.phase.title)]),
    ...counted.filter(({ phase }) => phase.beside && !phases.some((p) => p.title === phase.beside)),
  ]
  for (const { phase, counted: c } of ordered) {
    const tests = c ? String(c.tests) : "–"
    console.log(
      `${(phase.beside ? `  ${phase.title}` : phase.title).padEnd(width)}  ${minutes(phase.seconds).padStart(11)}  ${tests.padStart(5)}  ${phase.passed ? "passed" : "FAILED"}`,
    )
  }
  // The time the run took: phases beside another overlap it.
  const total = (performance.now() - started) / 1000
  const tests = counted.reduce((sum, { counted: c }) => sum + (c?.tests ?? 0), 0)
  console.log(`${"total".padEnd(width)}  ${minutes(total).padStart(11)}  ${String(tests).padStart(5)}`)

  const slowest = counted
    .flatMap(({ counted: c }) => c?.timed ?? [])
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
  if (slowest.length === 0) return
  console.log("\nThe slowest ten tests:")
  for (const test of slowest) console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  ${test.name}`)
}

// Small helpers shared by the bench sections: ports, units, percentiles, process memory and the
// rows of the final table.
import { readFileSync } from "node:fs"
import { createServer } from "node:net"

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.on("error", fail)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address ? address.port : 0))
    })
  })

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

/** kB as Vite and Lighthouse print them: 1 kB = 1000 bytes. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
/** MB = 1000² bytes, from the KiB that /proc counts. */
export const mb = (kib: number) => `${((kib * 1024) / 1e6).toFixed(0)} MB`
export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`

export const percentile = (values: ReadonlyArray<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

export const heading = (title: string) => console.log(`\n== ${title} ${"=".repeat(Math.max(0, 96 - title.length))}`)

/** VmRSS and VmHWM (peak RSS over the process's life) of a process, in KiB, from /proc. */
export const processMemory = (pid: number): { rss: number; hwm: number } | undefined => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8")
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN)
    return { rss: field("VmRSS"), hwm: field("VmHWM") }
  } catch {
    return undefined
  }
}

/** One row of the final table. `met` is undefined where the issue sets no goal. */
export interface Row {
  readonly what: string
  readonly measured: string
  readonly goal: string
  readonly met: boolean | undefined
}

export const row = (what: string, measured: string, goal = "—", met?: boolean): Row => ({ what, measured, goal, met })

export const printTable = (rows: ReadonlyArray<Row>) => {
  const cells = rows.map((r) => [r.what, r.measured, r.goal, r.met === undefined ? "—" : r.met ? "yes" : "NO"])
  const header = ["what", "measured", "goal", "met?"]
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: ReadonlyArray<string>) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(" | ")} |`
  console.log(line(header))
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`)
  for (const c of cells) console.log(line(c))
}

/** Runs one bench section; a section that breaks reports why and the others still run. */
export const section = async <A>(title: string, rows: Array<Row>, run: () => Promise<A>): Promise<A | undefined> => {
  heading(title)
  const t0 = performance.now()
  try {
    const result = await run()
    console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`)
    return result
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error)
    console.log(`  FAILED: ${reason}`)
    rows.push(row(title, `not measured: ${reason.slice(0, 80)}`))
    return undefined
  }
}

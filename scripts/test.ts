// `npm test`: typecheck, lint (with the layer rules), the unit/view/model tests and the models'
// coverage of the production machines (scripts/machines-graph.ts --check), the server tests on
// PGlite and — when a PostgreSQL server binary is present — on a throwaway PostgreSQL cluster this
// script starts and removes, then the browser journeys in Chromium. Stops at the first failure.
import { type SpawnSyncOptions, spawn, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { E2E_DB_TEMPLATE } from "../tests/e2e/support/servers.ts"
import { type Phase, printReport, REPORT_DIR } from "./test-report.ts"

const root = resolve(import.meta.dirname, "..")
const bin = (name: string) => join(root, "node_modules", ".bin", name)

const phases: Array<Phase> = []

const step = (
  title: string,
  command: string,
  args: ReadonlyArray<string>,
  options: SpawnSyncOptions & { readonly report?: string; readonly beside?: string } = {},
) => {
  const started = performance.now()
  console.log(`\n▶ ${title}`)
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    ...options,
    env: { ...process.env, ...options.env },
  })
  const seconds = (performance.now() - started) / 1000
  const passed = result.status === 0
  phases.push({
    title,
    seconds,
    passed,
    ...(options.report ? { report: options.report } : {}),
    ...(options.beside ? { beside: options.beside } : {}),
  })
  if (!passed) {
    console.error(`✖ ${title} failed after ${seconds.toFixed(1)}s`)
    printReport(phases, runStarted)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${title} (${seconds.toFixed(1)}s)`)
}

/** Vitest's usual output, plus a JSON report for the table at the end. */
const vitestReport = (name: string) => {
  const report = join(REPORT_DIR, `${name}.json`)
  return { report, args: ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`] }
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once("error", fail)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address ? address.port : 54329))
    })
  })

/** The newest PostgreSQL installation's bin directory, if any. */
const postgresBin = (): string | undefined => {
  const base = "/usr/lib/postgresql"
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(base, versions[0], "bin") : undefined
}

interface Cluster {
  readonly url: string
  readonly stop: () => void
}

/** initdb a throwaway cluster as the postgres user (when running as root) and start it on 127.0.0.1. */
const startPostgres = async (): Promise<Cluster | undefined> => {
  const pgBin = postgresBin()
  if (!pgBin) return undefined
  const asRoot = process.getuid?.() === 0
  // runuser lives in sbin, which a minimal PATH may leave out.
  const runuser = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].find(existsSync) ?? "runuser"
  const dir = mkdtempSync(join(tmpdir(), "jingluo-pg-"))
  chmodSync(dir, 0o777)
  const data = join(dir, "data")
  const port = await freePort()
  const run = (program: string, args: ReadonlyArray<string>) => {
    const command = asRoot ? runuser : join(pgBin, program)
    const fullArgs = asRoot ? ["-u", "postgres", "--", join(pgBin, program), ...args] : args
    return spawnSync(command, fullArgs, { stdio: "pipe", encoding: "utf8" })
  }
  const init = run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"])
  if (init.status !== 0) {
    console.warn(`PostgreSQL initdb failed; server tests run on PGlite only.\n${init.stderr ?? init.error}`)
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
  const start = run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "start",
  ])
  if (start.status !== 0) {
    console.warn(`PostgreSQL did not start; server tests run on PGlite only.\n${start.stderr ?? start.error}`)
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    run("pg_ctl", ["-D", data, "-m", "immediate", "stop"])
    rmSync(dir, { recursive: true, force: true })
  }
  // A failing phase ends the process at once (`step`): the cluster goes with it.
  process.once("exit", stop)
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
}

const only = process.argv[2]
/** Test files or name filters after the phase (`node scripts/test.ts server tests/server/x.test.ts`). */
const filters = process.argv.slice(3)
rmSync(REPORT_DIR, { recursive: true, force: true })

/**
 * A step started in the background: the typecheck uses one core, so the whole run does the steps
 * that need only the other (lint, the build, the journeys' database) beside it.
 */
const background = (title: string, command: string, args: ReadonlyArray<string>) => {
  const started = performance.now()
  console.log(`\n▶ ${title} (beside the next steps)`)
  const child = spawn(command, args, { cwd: root, stdio: "inherit" })
  // A step failing beside it ends the run, and this step with it.
  const stop = () => child.kill()
  process.once("exit", stop)
  const exited = new Promise<number>((done) => child.once("exit", (code) => done(code ?? 1)))
  return async () => {
    const status = await exited
    process.off("exit", stop)
    const seconds = (performance.now() - started) / 1000
    const passed = status === 0
    phases.push({ title, seconds, passed })
    if (!passed) {
      console.error(`✖ ${title} failed after ${seconds.toFixed(1)}s`)
      printReport(phases, runStarted)
      process.exit(status)
    }
    console.log(`✔ ${title} (${seconds.toFixed(1)}s)`)
  }
}

const runStarted = performance.now()
const TYPECHECK = "Typecheck (tsc)"
let built = false

if (!only || only === "static") {
  const typecheck = background(TYPECHECK, bin("tsc"), ["-p", "."])
  step("Lint, format and layer rules (biome)", bin("biome"), ["check", "."], { beside: TYPECHECK })
  if (!only) {
    // The journeys' app and the database every journey server starts from (a copy, so no server
    // migrates and seeds its own).
    step("Build the app and its render entry (vite)", process.execPath, ["scripts/build.ts", "--logLevel", "warn"], {
      beside: TYPECHECK,
    })
    built = true
    rmSync(E2E_DB_TEMPLATE, { recursive: true, force: true })
    step(
      "Prepare the journeys' database (PGlite)",
      process.execPath,
      ["server/platform/db/prepare.ts", E2E_DB_TEMPLATE, join(root, "content")],
      { beside: TYPECHECK },
    )
  }
  await typecheck()
}
if (!only || only === "unit") {
  const { report, args } = vitestReport("unit")
  // The models' jsdom runs write which production transitions they took; stale files would count.
  rmSync(join(root, ".tmp", "model-coverage"), { recursive: true, force: true })
  step(
    "Domain, machine, content, view and model tests (vitest)",
    bin("vitest"),
    ["run", "--project", "unit", "--project", "ui", ...args, ...filters],
    { report },
  )
  // Only a whole run of the models says what they cover.
  if (filters.length === 0)
    step("Model coverage of the production machines (machines-graph --check)", process.execPath, [
      "scripts/machines-graph.ts",
      "--check",
    ])
}
if (!only || only === "server") {
  const cluster = await startPostgres()
  try {
    const { report, args } = vitestReport("server")
    step(
      cluster ? "Server tests on PGlite and PostgreSQL (vitest)" : "Server tests on PGlite (vitest)",
      bin("vitest"),
      ["run", "--project", "server", ...args, ...filters],
      { env: cluster ? { DATABASE_URL_TEST: cluster.url } : {}, report },
    )
  } finally {
    cluster?.stop()
  }
}
if (!only || only === "e2e") {
  if (!built)
    step("Build the app and its render entry (vite)", process.execPath, ["scripts/build.ts", "--logLevel", "warn"])
  const report = join(REPORT_DIR, "e2e.json")
  step("Browser journeys in Chromium (playwright)", bin("playwright"), ["test", ...filters], {
    env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", PLAYWRIGHT_JSON_OUTPUT_FILE: report },
    report,
  })
}
printReport(phases, runStarted)
console.log("\nAll checks passed.")

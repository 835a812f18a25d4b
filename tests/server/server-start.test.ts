// How `server/main.ts` starts: its port opens only once the database is migrated and seeded and the
// services are built, so a client that connects early is refused and tries again, never left waiting
// on a connection nobody answers. (The routes are given the services apart from the HTTP server, so
// each request carries fewer of them: server/main.ts says why; this is what that must not break.)
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort, sleep } from "../../scripts/bench/util.ts"

const ROOT = resolve(import.meta.dirname, "../..")
/** Longer than any answer of /api/health takes once the server listens, far shorter than the test. */
const ANSWER_WITHIN_MS = 15_000

const children: Array<ChildProcess> = []
const dataDirs: Array<string> = []
afterAll(() => {
  for (const child of children) child.kill("SIGKILL")
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

type Attempt =
  | { readonly kind: "refused" }
  | { readonly kind: "unanswered" }
  | { readonly kind: "answered"; readonly status: number }

const ask = (url: string): Promise<Attempt> =>
  fetch(url, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }).then(
    (response): Attempt => ({ kind: "answered", status: response.status }),
    (error: unknown): Attempt =>
      error instanceof DOMException && error.name === "TimeoutError" ? { kind: "unanswered" } : { kind: "refused" },
  )

describe("starting the server", () => {
  it("refuses connections until it can answer them, then answers /api/health", { timeout: 240_000 }, async () => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), "jingluo-start-"))
    dataDirs.push(dataDir)
    let output = ""
    const child = spawn(process.execPath, ["--max-semi-space-size=16", "server/main.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        STATIC_DIR: "",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    children.push(child)
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    let exited = false
    child.once("exit", () => (exited = true))

    const deadline = Date.now() + 200_000
    let attempt: Attempt = { kind: "refused" }
    let refusals = 0
    // From the moment the process starts: early attempts are refused, the first accepted is answered.
    while (attempt.kind === "refused" && !exited && Date.now() < deadline) {
      attempt = await ask(`http://127.0.0.1:${port}/api/health`)
      if (attempt.kind === "refused") {
        refusals += 1
        await sleep(20)
      }
    }
    expect(exited, output).toBe(false)
    expect(refusals).toBeGreaterThan(0)
    expect(attempt).toEqual({ kind: "answered", status: 200 })
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(await health.json()).toEqual({ status: "ok", database: "ok" })
  })
})

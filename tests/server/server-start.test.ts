// How `server/main.ts` starts: its port opens only once the database is migrated and seeded and the
// services are built, so a client that connects early is refused and tries again, never left waiting
// on a connection nobody answers. (The routes are given the services apart from the HTTP server, so
// each request carries fewer of them: server/main.ts says why; this is what that must not break.)
import { afterAll, describe, expect, it } from "vitest"
import { freePort, sleep } from "../../scripts/bench/util.ts"
import { type SpawnedServer, spawnServer } from "./support/spawn-server.ts"

/** Longer than any answer of /api/health takes once the server listens, far shorter than the test. */
const ANSWER_WITHIN_MS = 15_000

const servers: Array<SpawnedServer> = []
afterAll(() => {
  for (const server of servers) server.dispose()
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
    const server = spawnServer({ PORT: String(port), LOG_LEVEL: "warn" }, ["--max-semi-space-size=16"])
    servers.push(server)
    let exited = false
    server.child.once("exit", () => (exited = true))

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
    expect(exited, server.output()).toBe(false)
    expect(refusals).toBeGreaterThan(0)
    expect(attempt).toEqual({ kind: "answered", status: 200 })
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(await health.json()).toEqual({ status: "ok", database: "ok" })
  })
})

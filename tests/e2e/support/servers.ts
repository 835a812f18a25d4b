// Where the journeys' servers live: one per Playwright worker, on consecutive ports from E2E_PORT,
// each with its own data directory (database and outbox), named by its port so that runs on other
// ports in the same checkout never touch it; the browser journeys and the browser runs of the models
// (playwright.model.config.ts) start them and Chromium the same way.
import { resolve } from "node:path"

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
/** Workers, and so servers: two by default (the machines have two cores). */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2)

export const e2eOrigin = (index: number) => `http://127.0.0.1:${E2E_PORT + index}`
export const e2eDataDir = (index: number) => `.tmp/e2e-data-${E2E_PORT + index}`
export const e2eOutbox = (index: number) => resolve(e2eDataDir(index), "outbox")
/**
 * A migrated and seeded PGlite data directory `npm test` prepares once per run (beside the
 * typecheck); each journey server starts from a copy of it instead of migrating and seeding its own.
 */
export const E2E_DB_TEMPLATE = resolve(import.meta.dirname, "../../../.tmp/e2e-db-template")

/**
 * How long a minute of a self-test lasts on the journeys' servers (SELF_TEST_MINUTE_MS, set by
 * playwright.config.ts; the models' servers keep the real minute): a one-minute test runs out in
 * 40 s. That still leaves 10 s before "30 seconds left" is said, and the warning opens 20 s before
 * the end as in a real one-minute test. The real minute is the domain's and the server's tests'
 * (test-timing.test.ts, self-tests-api.test.ts).
 */
export const E2E_SELF_TEST_MINUTE_MS = 40_000

/**
 * Playwright's `webServer` entries: one real server per worker (scripts/e2e-server.ts), with `env`
 * besides the common settings (the journeys' shorter self-test minute; the models keep the real one).
 */
export const e2eServers = (env: Record<string, string> = {}) =>
  Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: "node scripts/e2e-server.ts",
    url: `${e2eOrigin(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(E2E_PORT + index),
      HOST: "127.0.0.1",
      APP_ORIGIN: e2eOrigin(index),
      DATA_DIR: e2eDataDir(index),
      RATE_LIMIT_FACTOR: "20",
      LOG_LEVEL: "warn",
      ...env,
    },
  }))

/** Debian's Chromium, as every browser run here launches it (never a downloaded browser). */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // A worker's journeys share one context (support/test.ts): its tabs on the server's origin share
    // one renderer process, which keeps what it compiled and the fonts it loaded between journeys.
    "--process-per-site",
  ],
}

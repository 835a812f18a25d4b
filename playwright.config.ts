import { defineConfig } from "@playwright/test"
import { E2E_PORT, E2E_WORKERS, e2eDataDir, e2eOrigin } from "./tests/e2e/support/servers.ts"

// Browser journeys in Debian's Chromium against the built app and the real server with a fresh
// PGlite database and the local outbox. `scripts/e2e-server.ts` prepares and starts that server,
// one per worker (tests/e2e/support/test.ts points each worker at its own).

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  // Nothing is retried: a journey that fails once is a defect to fix, not a run to repeat.
  retries: 0,
  // Two workers share two cores with their servers: a journey of many steps and axe checks may take
  // over a minute there. A journey that hangs still fails, two minutes in.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // `npm test` asks for a JSON report too (its phase table and slowest tests read it).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: e2eOrigin(0),
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
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
    },
  })),
})

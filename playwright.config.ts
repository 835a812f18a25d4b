import { defineConfig } from "@playwright/test"

// Browser journeys in Debian's Chromium against the built app and the real server with a fresh
// PGlite database and the local outbox. `scripts/e2e-server.ts` prepares and starts that server.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const E2E_DATA_DIR = ".tmp/e2e-data"

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // Nothing is retried: a journey that fails once is a defect to fix, not a run to repeat.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm test` asks for a JSON report too (its phase table and slowest tests read it).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
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
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      APP_ORIGIN: `http://127.0.0.1:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      RATE_LIMIT_FACTOR: "20",
      LOG_LEVEL: "warn",
    },
  },
})

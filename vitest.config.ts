import { availableParallelism } from "node:os"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vitest/config"

// Test projects by layer (ARCHITECTURE.md "Tests"): pure layers in Node, views and model-based
// flows in jsdom, the server against one prepared PGlite database (and PostgreSQL when
// DATABASE_URL_TEST is set by scripts/test.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    // One test file per core: vitest's default leaves one core idle (2 cores here → 1 worker).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "tests/architecture/**/*.test.ts",
            "tests/domain/**/*.test.ts",
            "tests/machines/**/*.test.ts",
            "tests/content/**/*.test.ts",
            "tests/infra/**/*.test.ts",
            "tests/bench/**/*.test.ts",
          ],
          environment: "node",
          // Pure functions and machines keep no state between files: one module graph for all of them
          // (measured: 115 s → 41 s for the project on this machine).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          include: ["tests/ui/**/*.test.tsx", "tests/model/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["tests/ui/support/setup.ts", "tests/model/support/coverage-setup.ts"],
          testTimeout: 20_000,
          // Every file renders the app and its pages again; one module graph per worker spares each
          // file importing React, React Aria and the app anew (the setup cleans DOM, storage and
          // cookies after every test). Measured: the project's CPU time about 40 % lower.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/server/support/global-setup.ts"],
          // Each file starts its own servers and databases and mocks nothing: one module graph per
          // worker spares every file importing the server, Effect and PGlite anew (measured: ten
          // files 68 s → 42 s on this machine).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})

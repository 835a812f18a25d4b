// `npm start`: builds the app if needed, then runs the server, which migrates and seeds the
// database and serves app and API on one port. package.json runs it with
// `--max-semi-space-size=16`: on a machine with plenty of memory, Node 24 lets V8's young generation
// grow to ~130 MB under a steady stream of requests, all of it resident; at 16 MB per semi-space the
// server under load stays ~60–90 MB smaller and answers as fast (docs/performance.md, "The young
// generation's size"; docs/decisions/0012). The bench starts the server with the same options, read
// from that script (scripts/bench/server.ts).
//
// On Linux the server also needs the environment of scripts/server-env.ts, which only a new process
// can have: without it, the server runs in a child process started with it (same Node options,
// output and exit code), and the signals that stop this process stop the server.
import { spawn } from "node:child_process"
import { join } from "node:path"
import { buildIfStale } from "./build-if-stale.ts"
import { lacksServerProcessEnv, SERVER_PROCESS_ENV } from "./server-env.ts"

buildIfStale()
if (lacksServerProcessEnv()) {
  const server = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, "..", "server", "main.ts")], {
    stdio: "inherit",
    env: { ...process.env, ...SERVER_PROCESS_ENV },
  })
  let stopping = false
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => {
      stopping = true
      server.kill(signal)
    })
  // Stopped by a signal we passed on, it stopped as asked; killed by any other, it failed.
  server.once("exit", (code, signal) => process.exit(code ?? (signal === null || stopping ? 0 : 1)))
} else {
  await import("../server/main.ts")
}

// `npm start`: builds the app if needed, then runs the server, which migrates and seeds the
// database and serves app and API on one port. package.json runs it with
// `--max-semi-space-size=16`: on a machine with plenty of memory, Node 24 lets V8's young generation
// grow to ~130 MB under a steady stream of requests, all of it resident; at 16 MB per semi-space the
// server under load stays ~60–90 MB smaller and answers as fast (README, Performance). The bench
// starts the server with the same options, read from that script (scripts/bench/server.ts).
import { buildIfStale } from "./build-if-stale.ts"

buildIfStale()
await import("../server/main.ts")

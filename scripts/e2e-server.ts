// The server the browser tests run against: the built app and a fresh data directory (database
// and outbox) every run.
import { rmSync } from "node:fs"
import { resolve } from "node:path"
import { buildIfStale } from "./build-if-stale.ts"

buildIfStale()
rmSync(resolve(process.env.DATA_DIR ?? ".tmp/e2e-data"), { recursive: true, force: true })
await import("../server/main.ts")

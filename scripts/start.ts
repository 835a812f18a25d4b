// `npm start`: builds the app if needed, then runs the server, which migrates and seeds the
// database and serves app and API on one port.
import { buildIfStale } from "./build-if-stale.ts"

buildIfStale()
await import("../server/main.ts")

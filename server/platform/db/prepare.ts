// Migrating and seeding a database before the server serves from it. For the embedded PGlite it
// runs in a child process of its own (`node server/platform/db/prepare.ts <dataDir> <contentDir>`): PGlite's
// WebAssembly memory only grows, and a seed (every row, every full-text index, the knowledge base
// parsed in JS) peaks above 1 GB, which the server would otherwise keep for the rest of its life.
import { mkdirSync } from "node:fs"
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Logger } from "effect"
import { seedContent } from "../../content/seed.ts"
import { migrate } from "./migrate.ts"
import { pgliteLayer } from "./pglite-client.ts"

/** Applies pending migrations and seeds the knowledge base when its files changed; says what it did. */
export const migrateAndSeed = (contentDir: string) =>
  Effect.gen(function* () {
    const applied = yield* migrate()
    if (applied.length > 0) yield* Effect.logInfo(`Applied migrations: ${applied.join(", ")}`)
    if (yield* seedContent(contentDir)) yield* Effect.logInfo("Content seeded")
  })

if (import.meta.main) {
  const [dataDir, contentDir] = process.argv.slice(2)
  if (dataDir === undefined || contentDir === undefined) {
    console.error("usage: node server/platform/db/prepare.ts <pglite data dir> <content dir>")
    process.exit(2)
  }
  mkdirSync(dataDir, { recursive: true })
  migrateAndSeed(contentDir).pipe(
    Effect.provide(pgliteLayer({ dataDir })),
    Effect.scoped,
    Effect.provide(Logger.layer([Logger.consolePretty()])),
    NodeRuntime.runMain,
  )
}

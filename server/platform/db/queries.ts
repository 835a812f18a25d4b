// How a repository runs a query: `SqlSchema` (effect/sql) encodes the request and decodes the rows
// with Schemas, and `orDie` turns SQL and decode failures into defects (ARCHITECTURE.md): callers
// of a repository see only domain outcomes, and a failure answers 500 with a correlation id.
import { Effect } from "effect"

/** The query, with its SQL and decode failures as defects. */
export const orDie =
  <Args extends ReadonlyArray<unknown>, A, E, R>(query: (...args: Args) => Effect.Effect<A, E, R>) =>
  (...args: Args): Effect.Effect<A, never, R> =>
    Effect.orDie(query(...args))

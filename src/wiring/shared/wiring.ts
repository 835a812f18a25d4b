// What every feature's wiring is handed: the runtime, the one API actor (with the catalogue of §8
// behind it), ways to run a program from a machine's action, and the interface's translations.
import type { Effect } from "effect"
import { type ApiActor, makeApiActor } from "./api-actor.ts"
import { applyCatalogue } from "./error-catalogue.ts"
import { type AppIO, type AppRuntime, actWith, readWith } from "./runtime.ts"

export interface Wiring {
  readonly runtime: AppRuntime
  /** An API call of the contract as a promise actor; failures are the catalogue's. */
  readonly apiActor: ApiActor
  /** Runs a program that needs no waiting and returns its value. */
  readonly read: <A>(program: Effect.Effect<A, never, AppIO>) => A
  /** Starts a program and forgets it. */
  readonly act: (program: Effect.Effect<void, never, AppIO>) => void
  /** The interface language's text for a message key. */
  readonly t: (key: string) => string
  /** How a 401 ends the session: the account feature says so once its session exists. */
  readonly onSessionExpired: (handler: () => void) => void
  /** Hears, after each call, whether it reached the server (the shell's connection). */
  readonly onReach: (handler: (reached: boolean) => void) => void
}

export const makeWiring = (runtime: AppRuntime, translate: (key: string) => string): Wiring => {
  let sessionExpired = () => {}
  let reach = (_reached: boolean) => {}
  return {
    runtime,
    apiActor: makeApiActor(
      runtime,
      (failure) => applyCatalogue(failure, { sessionExpired: () => sessionExpired(), translate }),
      (reached) => reach(reached),
    ),
    read: readWith(runtime),
    act: actWith(runtime),
    t: translate,
    onSessionExpired: (handler) => {
      sessionExpired = handler
    },
    onReach: (handler) => {
      reach = handler
    },
  }
}

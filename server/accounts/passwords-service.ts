// Password hashing with argon2id (m=19456 KiB, t=2, p=1, as ARCHITECTURE.md decides). Checking a
// sign-in for an unknown e-mail still runs one verification, so both answers take the same time.
import { hash, verify } from "@node-rs/argon2"
import { Context, Effect, Layer } from "effect"

// algorithm 2 is Argon2id in @node-rs/argon2 (a const enum, so it is spelled as its value here).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export class Passwords extends Context.Service<
  Passwords,
  {
    readonly hash: (password: string) => Effect.Effect<string>
    readonly verify: (passwordHash: string | null, password: string) => Effect.Effect<boolean>
  }
>()("jingluo/server/Passwords") {
  static readonly layer = Layer.effect(
    Passwords,
    Effect.gen(function* () {
      const hashPassword = (password: string) => Effect.promise(() => hash(password, ARGON2_OPTIONS))
      // A real hash of a random string: verifying against it costs what a real check costs.
      const decoy = yield* hashPassword(`decoy-${Math.random()}`)
      return Passwords.of({
        hash: hashPassword,
        verify: (passwordHash, password) =>
          Effect.promise(() => verify(passwordHash ?? decoy, password).then((ok) => ok && passwordHash !== null)).pipe(
            Effect.catchDefect(() => Effect.succeed(false)),
          ),
      })
    }),
  )
}

// Random tokens and codes, and their hashes. Session tokens and one-time codes are stored only as
// SHA-256 hashes; the raw value leaves the server once, in the sign-in answer or the e-mail. What
// must be recognised later without being kept (an address that had a trial) is stored as a keyed
// hash: HMAC-SHA-256 with the server's secret (SERVER_SECRET), which never enters the database, so
// the stored digests alone cannot be tested against guessed addresses.
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { CODE_LENGTH } from "../../../src/domain/account/verification-limits.ts"

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex")

/** HMAC-SHA-256 of `value` for one `purpose` (so digests of different kinds never meet), hex. */
export const keyedHash = (key: string, purpose: string, value: string) =>
  createHmac("sha256", key).update(`${purpose}\n${value}`).digest("hex")

export const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export class Secrets extends Context.Service<
  Secrets,
  {
    /** 32 random bytes, base64url: an opaque session token. */
    readonly sessionToken: Effect.Effect<string>
    /** A CODE_LENGTH-digit code from a uniform distribution. */
    readonly code: Effect.Effect<string>
    readonly uuid: Effect.Effect<string>
    /** 16 random bytes (128 bits), base64url: the single-use token of a link in an e-mail. */
    readonly linkToken: Effect.Effect<string>
  }
>()("jingluo/server/Secrets") {
  static readonly layer = Layer.succeed(Secrets, {
    sessionToken: Effect.sync(() => randomBytes(32).toString("base64url")),
    code: Effect.sync(() => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0")),
    uuid: Effect.sync(() => randomUUID()),
    linkToken: Effect.sync(() => randomBytes(16).toString("base64url")),
  })
}

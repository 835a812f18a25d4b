// Social sign-in's tables: the attempts (state, PKCE verifier and nonce until the provider answers,
// then the verified identity and its ticket) and the identities linked to our users. Every "use"
// is one UPDATE … WHERE unused RETURNING, so a state or ticket cannot be spent twice, even in parallel.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { orDie } from "../../platform/db/queries.ts"
import { UserRow } from "../users-repo.ts"
import type { PostedName } from "./posted-name.ts"

export const AttemptRow = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  browser_hash: Schema.String,
  code_verifier: Schema.String,
  nonce: Schema.String,
  return_to: Schema.NullOr(Schema.String),
  expires_at: Schema.Date,
  /** The name the provider posted with its answer, if it did (Apple). */
  posted_first_name: Schema.NullOr(Schema.String),
  posted_last_name: Schema.NullOr(Schema.String),
})
export type AttemptRow = typeof AttemptRow.Type

export const VerifiedIdentity = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  issuer: Schema.String,
  subject: Schema.String,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
})
export type VerifiedIdentity = typeof VerifiedIdentity.Type

export interface NewAttempt {
  readonly id: string
  readonly provider: string
  readonly stateHash: string
  readonly browserHash: string
  readonly codeVerifier: string
  readonly nonce: string
  readonly returnTo: string | null
  readonly now: Date
  readonly expiresAt: Date
}

export interface Identity {
  readonly issuer: string
  readonly subject: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
}

export class SocialRepo extends Context.Service<
  SocialRepo,
  {
    readonly createAttempt: (attempt: NewAttempt) => Effect.Effect<void>
    /** Spends the state once: the attempt if it was unused, whatever its expiry. */
    readonly spendState: (stateHash: string, now: Date) => Effect.Effect<Option.Option<AttemptRow>>
    /** Keeps the identity the ID token proved, with the ticket for its next step. */
    readonly saveIdentity: (
      attemptId: string,
      identity: Identity,
      ticketHash: string,
      ticketExpiresAt: Date,
    ) => Effect.Effect<void>
    /** The identity behind a live ticket, without spending it. */
    readonly peekTicket: (ticketHash: string, now: Date) => Effect.Effect<Option.Option<VerifiedIdentity>>
    /** Keeps the name a provider posted with its answer on the unspent attempt of that state. */
    readonly keepPostedName: (stateHash: string, name: PostedName) => Effect.Effect<void>
    /** The return path of an unspent attempt, for the callback's redirect. */
    readonly returnToOf: (stateHash: string) => Effect.Effect<Option.Option<string | null>>
    /** Spends a ticket once; none when unknown, used or expired. */
    readonly spendTicketRow: (ticketHash: string, now: Date) => Effect.Effect<Option.Option<VerifiedIdentity>>
    /** The user linked to this provider account, touched as used. */
    readonly linkedUser: (issuer: string, subject: string, now: Date) => Effect.Effect<Option.Option<UserRow>>
    readonly link: (userId: number, provider: string, identity: Identity, now: Date) => Effect.Effect<void>
    /** A new account with no password, its e-mail verified by the provider; none when the e-mail is taken. */
    readonly insertUser: (user: {
      readonly uuid: string
      readonly email: string
      readonly firstName: string
      readonly lastName: string
      readonly promotional: boolean
      readonly language: string
      readonly now: Date
    }) => Effect.Effect<Option.Option<UserRow>>
    /** Forgets attempts that ended before `before`. */
    readonly purge: (before: Date) => Effect.Effect<void>
  }
>()("jingluo/server/SocialRepo") {
  static readonly layer = Layer.effect(
    SocialRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const createAttempt = orDie(
        SqlSchema.void({
          Request: Schema.Any,
          execute: (a: NewAttempt) => sql`
            INSERT INTO social_sign_in_attempts
              (id, provider, state_hash, browser_hash, code_verifier, nonce, return_to, created_at, expires_at)
            VALUES (${a.id}::uuid, ${a.provider}, ${a.stateHash}, ${a.browserHash}, ${a.codeVerifier}, ${a.nonce},
              ${a.returnTo}, ${a.now.toISOString()}::timestamptz, ${a.expiresAt.toISOString()}::timestamptz)`,
        }),
      )
      const spendState = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Struct({ stateHash: Schema.String, now: Schema.Date }),
          Result: AttemptRow,
          execute: ({ stateHash, now }) => sql`
            UPDATE social_sign_in_attempts SET state_used_at = ${now.toISOString()}::timestamptz
            WHERE state_hash = ${stateHash} AND state_used_at IS NULL
            RETURNING id::text AS id, provider, browser_hash, code_verifier, nonce, return_to, expires_at,
              posted_first_name, posted_last_name`,
        }),
      )
      const saveIdentity = orDie(
        SqlSchema.void({
          Request: Schema.Any,
          execute: (r: { id: string; identity: Identity; ticketHash: string; expiresAt: Date }) => sql`
            UPDATE social_sign_in_attempts SET issuer = ${r.identity.issuer}, subject = ${r.identity.subject},
              email = ${r.identity.email}, first_name = ${r.identity.firstName}, last_name = ${r.identity.lastName},
              ticket_hash = ${r.ticketHash}, ticket_expires_at = ${r.expiresAt.toISOString()}::timestamptz
            WHERE id = ${r.id}::uuid`,
        }),
      )
      const spendTicketRow = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Struct({ ticketHash: Schema.String, now: Schema.Date }),
          Result: VerifiedIdentity,
          execute: ({ ticketHash, now }) => sql`
            UPDATE social_sign_in_attempts SET ticket_used_at = ${now.toISOString()}::timestamptz
            WHERE ticket_hash = ${ticketHash} AND ticket_used_at IS NULL
              AND ticket_expires_at > ${now.toISOString()}::timestamptz
            RETURNING id::text AS id, provider, issuer, subject, email, first_name, last_name`,
        }),
      )
      const peekTicket = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Struct({ ticketHash: Schema.String, now: Schema.Date }),
          Result: VerifiedIdentity,
          execute: ({ ticketHash, now }) => sql`
            SELECT id::text AS id, provider, issuer, subject, email, first_name, last_name
            FROM social_sign_in_attempts
            WHERE ticket_hash = ${ticketHash} AND ticket_used_at IS NULL
              AND ticket_expires_at > ${now.toISOString()}::timestamptz`,
        }),
      )
      const returnToOf = orDie(
        SqlSchema.findOneOption({
          Request: Schema.String,
          Result: Schema.Struct({ return_to: Schema.NullOr(Schema.String) }),
          execute: (stateHash) => sql`
            SELECT return_to FROM social_sign_in_attempts WHERE state_hash = ${stateHash} AND state_used_at IS NULL`,
        }),
      )
      const linkedUser = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Struct({ issuer: Schema.String, subject: Schema.String, now: Schema.Date }),
          Result: UserRow,
          execute: ({ issuer, subject, now }) => sql`
            WITH touched AS (
              UPDATE social_identities SET last_used_at = ${now.toISOString()}::timestamptz
              WHERE issuer = ${issuer} AND subject = ${subject} RETURNING user_id)
            SELECT u.* FROM users u JOIN touched t ON t.user_id = u.id`,
        }),
      )
      const link = orDie(
        SqlSchema.void({
          Request: Schema.Any,
          execute: (r: { userId: number; provider: string; identity: Identity; now: Date }) => sql`
            INSERT INTO social_identities (user_id, provider, issuer, subject, email, created_at, last_used_at)
            VALUES (${r.userId}, ${r.provider}, ${r.identity.issuer}, ${r.identity.subject}, ${r.identity.email},
              ${r.now.toISOString()}::timestamptz, ${r.now.toISOString()}::timestamptz)
            ON CONFLICT (issuer, subject) DO UPDATE SET user_id = EXCLUDED.user_id, last_used_at = EXCLUDED.last_used_at`,
        }),
      )
      const insertUser = orDie(
        SqlSchema.findOneOption({
          Request: Schema.Any,
          Result: UserRow,
          execute: (u: {
            uuid: string
            email: string
            firstName: string
            lastName: string
            promotional: boolean
            language: string
            now: Date
          }) => sql`
            INSERT INTO users (uuid, email, first_name, last_name, password_hash, promotional_emails, language, email_verified_at)
            VALUES (${u.uuid}::uuid, ${u.email}, ${u.firstName}, ${u.lastName}, NULL, ${u.promotional}, ${u.language},
              ${u.now.toISOString()}::timestamptz)
            ON CONFLICT (email) DO NOTHING
            RETURNING *`,
        }),
      )
      const keepPostedName = orDie(
        SqlSchema.void({
          Request: Schema.Any,
          execute: ({ stateHash, name }: { readonly stateHash: string; readonly name: PostedName }) => sql`
            UPDATE social_sign_in_attempts
            SET posted_first_name = ${name.firstName}, posted_last_name = ${name.lastName}
            WHERE state_hash = ${stateHash} AND state_used_at IS NULL`,
        }),
      )
      const purge = orDie(
        SqlSchema.void({
          Request: Schema.Date,
          execute: (before) => sql`
            DELETE FROM social_sign_in_attempts
            WHERE expires_at < ${before.toISOString()}::timestamptz
              AND (ticket_expires_at IS NULL OR ticket_expires_at < ${before.toISOString()}::timestamptz)`,
        }),
      )
      return SocialRepo.of({
        createAttempt,
        spendState: (stateHash, now) => spendState({ stateHash, now }),
        saveIdentity: (id, identity, ticketHash, expiresAt) => saveIdentity({ id, identity, ticketHash, expiresAt }),
        spendTicketRow: (ticketHash, now) => spendTicketRow({ ticketHash, now }),
        peekTicket: (ticketHash, now) => peekTicket({ ticketHash, now }),
        keepPostedName: (stateHash, name) => keepPostedName({ stateHash, name }),
        returnToOf: (stateHash) => Effect.map(returnToOf(stateHash), (row) => row.pipe(Option.map((r) => r.return_to))),
        linkedUser: (issuer, subject, now) => linkedUser({ issuer, subject, now }),
        link: (userId, provider, identity, now) => link({ userId, provider, identity, now }),
        insertUser,
        purge,
      })
    }),
  )
}

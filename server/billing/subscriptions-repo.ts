// Subscriptions, checkout sessions and processed provider events. The database itself allows one
// open checkout and one live subscription per user (partial unique indexes, migration 0004);
// `transaction` with `lockUser` serialises a user's billing changes so callers never hit them.
// Trial claims (migration 0013) outlive the account: keyed hashes of who had a trial, never the
// address or card itself.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlError, SqlSchema } from "effect/sql"
import { SubscriptionStatus as Status } from "../../src/domain/billing/subscription.ts"
import { orDie } from "../platform/db/queries.ts"

export const SubscriptionRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  provider: Schema.Literals(["stripe", "local", "apple", "google"]),
  provider_subscription_id: Schema.String,
  price_id: Schema.String,
  status: Status,
  trial_ends_at: Schema.NullOr(Schema.Date),
  current_period_end: Schema.NullOr(Schema.Date),
  cancel_at_period_end: Schema.Boolean,
  payment_method: Schema.NullOr(Schema.String),
})
export type SubscriptionRow = typeof SubscriptionRow.Type
export type SubscriptionStatus = Status
export type Provider = SubscriptionRow["provider"]

export const CheckoutRow = Schema.Struct({
  id: Schema.String,
  user_id: Schema.Number,
  provider: Schema.Literals(["stripe", "local"]),
  provider_session_id: Schema.NullOr(Schema.String),
  price_id: Schema.String,
  status: Schema.Literals(["open", "completed", "declined", "expired"]),
})
export type CheckoutRow = typeof CheckoutRow.Type

/** What billing needs to know about a user: where to send the checkout and whether they came over from the old app. */
export const BillingUserRow = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  migrated_user: Schema.Boolean,
})
export type BillingUserRow = typeof BillingUserRow.Type

export const SubscriptionChange = Schema.Struct({
  userId: Schema.Number,
  provider: SubscriptionRow.fields.provider,
  providerSubscriptionId: Schema.String,
  priceId: Schema.String,
  status: Status,
  trialEndsAt: Schema.NullOr(Schema.Date),
  currentPeriodEnd: Schema.NullOr(Schema.Date),
  cancelAtPeriodEnd: Schema.Boolean,
  /** The local checkout's test card; null for other providers. */
  paymentMethod: Schema.NullOr(Schema.String),
  now: Schema.Date,
})
export type SubscriptionChange = typeof SubscriptionChange.Type

/** A keyed hash of what had a trial: the normalised address, or a card's fingerprint. */
export const TrialClaim = Schema.Struct({ digest: Schema.String, kind: Schema.Literals(["email", "card"]) })
export type TrialClaim = typeof TrialClaim.Type

export const NewCheckout = Schema.Struct({
  id: Schema.String,
  userId: Schema.Number,
  provider: CheckoutRow.fields.provider,
  priceId: Schema.String,
  now: Schema.Date,
})
export type NewCheckout = typeof NewCheckout.Type

const iso = (date: Date | null) => (date === null ? null : date.toISOString())
const UUID = /^[0-9a-f-]{36}$/i

export class SubscriptionsRepo extends Context.Service<
  SubscriptionsRepo,
  {
    /** Runs `effect` in one database transaction: all of it is applied, or none (a defect rolls back). */
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    readonly billingUser: (userId: number) => Effect.Effect<Option.Option<BillingUserRow>>
    /** Inside a transaction: waits for and holds the user's row until it ends; false when there is no such user. */
    readonly lockUser: (userId: number) => Effect.Effect<boolean>
    /** Whether the user ever had a subscription, of any status, other than `except` (a trial is given once). */
    readonly hasEverSubscribed: (userId: number, except?: string) => Effect.Effect<boolean>
    /** Whether a trial of another subscription than `except` claimed any of these digests. */
    readonly trialClaimed: (digests: ReadonlyArray<string>, except: string | null) => Effect.Effect<boolean>
    /** Records the digests as claimed by this subscription's trial; a digest claimed before keeps its claim. */
    readonly claimTrial: (
      claims: ReadonlyArray<TrialClaim>,
      providerSubscriptionId: string,
      now: Date,
    ) => Effect.Effect<void>
    /** Closes the user's open checkouts as expired and returns them. */
    readonly expireOpenCheckouts: (userId: number, now: Date) => Effect.Effect<ReadonlyArray<CheckoutRow>>
    /** Creates or updates the subscription with this provider id. */
    readonly upsert: (change: SubscriptionChange, id: string) => Effect.Effect<SubscriptionRow>
    readonly findByProviderId: (
      provider: Provider,
      providerSubscriptionId: string,
    ) => Effect.Effect<Option.Option<SubscriptionRow>>
    /** The subscription that decides the user's plan: live ones first, then the newest. */
    readonly current: (userId: number) => Effect.Effect<Option.Option<SubscriptionRow>>
    /** Trials that have ended and periods that have run out, as of `now`. */
    readonly due: (now: Date) => Effect.Effect<ReadonlyArray<SubscriptionRow>>
    readonly setPlan: (userId: number, planId: number) => Effect.Effect<void>
    readonly createCheckout: (checkout: NewCheckout) => Effect.Effect<void>
    readonly setCheckoutProviderId: (id: string, providerSessionId: string) => Effect.Effect<void>
    readonly findCheckout: (id: string) => Effect.Effect<Option.Option<CheckoutRow>>
    readonly findCheckoutByProviderId: (providerSessionId: string) => Effect.Effect<Option.Option<CheckoutRow>>
    /** Moves an open checkout to its outcome; false when it was no longer open. */
    readonly closeCheckout: (
      id: string,
      status: "completed" | "declined" | "expired",
      now: Date,
    ) => Effect.Effect<boolean>
    /** Records a provider event id; false when it was seen before. */
    readonly recordEvent: (id: string, type: string, now: Date) => Effect.Effect<boolean>
  }
>()("jingluo/server/SubscriptionsRepo") {
  static readonly layer = Layer.effect(
    SubscriptionsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql`id::text AS id, user_id, provider, provider_subscription_id, price_id, status, trial_ends_at, current_period_end, cancel_at_period_end, payment_method`
      const checkoutColumns = sql`id::text AS id, user_id, provider, provider_session_id, price_id, status`
      const Found = Schema.Struct({ found: Schema.Boolean })
      const Id = Schema.Struct({ id: Schema.String })

      const billingUser = SqlSchema.findOneOption({
        Request: Schema.Number,
        Result: BillingUserRow,
        execute: (userId) => sql`SELECT id, email, migrated_user FROM users WHERE id = ${userId}`,
      })
      const lockUser = SqlSchema.findOneOption({
        Request: Schema.Number,
        Result: Schema.Struct({ id: Schema.Number }),
        execute: (userId) => sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`,
      })
      const hasEverSubscribed = SqlSchema.findOneOption({
        Request: Schema.Struct({ userId: Schema.Number, except: Schema.String }),
        Result: Found,
        execute: ({ userId, except }) =>
          sql`SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ${userId} AND provider_subscription_id <> ${except}) AS found`,
      })
      const trialClaimed = SqlSchema.findOneOption({
        Request: Schema.Struct({ digests: Schema.Array(Schema.String), except: Schema.String }),
        Result: Found,
        execute: ({ digests, except }) => sql`
          SELECT EXISTS (SELECT 1 FROM trial_claims
                         WHERE digest IN ${sql.in(digests)} AND provider_subscription_id <> ${except}) AS found`,
      })
      const claimTrial = SqlSchema.void({
        Request: Schema.Struct({ claim: TrialClaim, subscription: Schema.String, now: Schema.Date }),
        execute: ({ claim, subscription, now }) => sql`
          INSERT INTO trial_claims (digest, kind, provider_subscription_id, claimed_at)
          VALUES (${claim.digest}, ${claim.kind}, ${subscription}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (digest) DO NOTHING`,
      })
      const expireOpenCheckouts = SqlSchema.findAll({
        Request: Schema.Struct({ userId: Schema.Number, now: Schema.Date }),
        Result: CheckoutRow,
        execute: ({ userId, now }) => sql`
          UPDATE checkout_sessions SET status = 'expired', completed_at = ${now.toISOString()}::timestamptz
          WHERE user_id = ${userId} AND status = 'open' RETURNING ${checkoutColumns}`,
      })
      const upsert = SqlSchema.findOne({
        Request: Schema.Struct({ change: SubscriptionChange, id: Schema.String }),
        Result: SubscriptionRow,
        execute: ({ change: c, id }) => sql`
          INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, price_id, status, trial_ends_at,
                                     current_period_end, cancel_at_period_end, payment_method, created_at, updated_at)
          VALUES (${id}::uuid, ${c.userId}, ${c.provider}, ${c.providerSubscriptionId}, ${c.priceId}, ${c.status},
                  ${iso(c.trialEndsAt)}::timestamptz, ${iso(c.currentPeriodEnd)}::timestamptz, ${c.cancelAtPeriodEnd},
                  ${c.paymentMethod}, ${c.now.toISOString()}::timestamptz, ${c.now.toISOString()}::timestamptz)
          ON CONFLICT (provider, provider_subscription_id) DO UPDATE SET
            price_id = EXCLUDED.price_id, status = EXCLUDED.status, trial_ends_at = EXCLUDED.trial_ends_at,
            current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
            payment_method = COALESCE(EXCLUDED.payment_method, subscriptions.payment_method), updated_at = EXCLUDED.updated_at
          RETURNING ${columns}`,
      })
      const findByProviderId = SqlSchema.findOneOption({
        Request: Schema.Struct({ provider: SubscriptionRow.fields.provider, id: Schema.String }),
        Result: SubscriptionRow,
        execute: ({ provider, id }) =>
          sql`SELECT ${columns} FROM subscriptions WHERE provider = ${provider} AND provider_subscription_id = ${id}`,
      })
      const current = SqlSchema.findOneOption({
        Request: Schema.Number,
        Result: SubscriptionRow,
        execute: (userId) => sql`
          SELECT ${columns} FROM subscriptions WHERE user_id = ${userId}
          ORDER BY (status <> 'canceled') DESC, updated_at DESC LIMIT 1`,
      })
      const due = SqlSchema.findAll({
        Request: Schema.Date,
        Result: SubscriptionRow,
        execute: (now) => sql`
          SELECT ${columns} FROM subscriptions
          WHERE (status = 'trialing' AND trial_ends_at <= ${now.toISOString()}::timestamptz)
             OR (status IN ('active', 'past_due') AND current_period_end <= ${now.toISOString()}::timestamptz)`,
      })
      const setPlan = SqlSchema.void({
        Request: Schema.Struct({ userId: Schema.Number, planId: Schema.Number }),
        execute: ({ userId, planId }) =>
          sql`UPDATE users SET plan_id = ${planId}, updated_at = now() WHERE id = ${userId}`,
      })
      const createCheckout = SqlSchema.void({
        Request: NewCheckout,
        execute: (c) => sql`
          INSERT INTO checkout_sessions (id, user_id, provider, price_id, status, created_at)
          VALUES (${c.id}::uuid, ${c.userId}, ${c.provider}, ${c.priceId}, 'open', ${c.now.toISOString()}::timestamptz)`,
      })
      const setCheckoutProviderId = SqlSchema.void({
        Request: Schema.Struct({ id: Schema.String, providerSessionId: Schema.String }),
        execute: ({ id, providerSessionId }) =>
          sql`UPDATE checkout_sessions SET provider_session_id = ${providerSessionId} WHERE id = ${id}::uuid`,
      })
      const findCheckout = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: CheckoutRow,
        execute: (id) => sql`SELECT ${checkoutColumns} FROM checkout_sessions WHERE id = ${id}::uuid`,
      })
      const findCheckoutByProviderId = SqlSchema.findOneOption({
        Request: Schema.String,
        Result: CheckoutRow,
        execute: (providerSessionId) =>
          sql`SELECT ${checkoutColumns} FROM checkout_sessions WHERE provider_session_id = ${providerSessionId}`,
      })
      const closeCheckout = SqlSchema.findOneOption({
        Request: Schema.Struct({ id: Schema.String, status: CheckoutRow.fields.status, now: Schema.Date }),
        Result: Id,
        execute: ({ id, status, now }) => sql`
          UPDATE checkout_sessions SET status = ${status}, completed_at = ${now.toISOString()}::timestamptz
          WHERE id = ${id}::uuid AND status = 'open' RETURNING id::text AS id`,
      })
      const recordEvent = SqlSchema.findOneOption({
        Request: Schema.Struct({ id: Schema.String, type: Schema.String, now: Schema.Date }),
        Result: Id,
        execute: ({ id, type, now }) => sql`
          INSERT INTO provider_events (id, type, received_at) VALUES (${id}, ${type}, ${now.toISOString()}::timestamptz)
          ON CONFLICT (id) DO NOTHING RETURNING id`,
      })

      return SubscriptionsRepo.of({
        transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) =>
          // BEGIN or COMMIT failing is a defect like any other SQL failure.
          sql.withTransaction(effect).pipe(
            Effect.catchIf(
              (error): error is SqlError.SqlError => SqlError.isSqlError(error),
              (error) => Effect.die(error),
            ),
          ) as Effect.Effect<A, E, R>,
        billingUser: orDie(billingUser),
        lockUser: orDie((userId: number) => Effect.map(lockUser(userId), Option.isSome)),
        hasEverSubscribed: orDie((userId: number, except = "") =>
          Effect.map(hasEverSubscribed({ userId, except }), (row) => Option.isSome(row) && row.value.found),
        ),
        trialClaimed: (digests, except) =>
          digests.length === 0
            ? Effect.succeed(false)
            : orDie(trialClaimed)({ digests, except: except ?? "" }).pipe(
                Effect.map((row) => Option.isSome(row) && row.value.found),
              ),
        claimTrial: (claims, subscription, now) =>
          Effect.forEach(claims, (claim) => orDie(claimTrial)({ claim, subscription, now }), { discard: true }),
        expireOpenCheckouts: orDie((userId: number, now: Date) => expireOpenCheckouts({ userId, now })),
        upsert: orDie((change: SubscriptionChange, id: string) => upsert({ change, id })),
        findByProviderId: orDie((provider: Provider, id: string) => findByProviderId({ provider, id })),
        current: orDie(current),
        due: orDie(due),
        setPlan: orDie((userId: number, planId: number) => setPlan({ userId, planId })),
        createCheckout: orDie(createCheckout),
        setCheckoutProviderId: orDie((id: string, providerSessionId: string) =>
          setCheckoutProviderId({ id, providerSessionId }),
        ),
        // Ids come from addresses (/checkout/:id): anything that is no uuid is no checkout.
        findCheckout: (id) => (UUID.test(id) ? orDie(findCheckout)(id) : Effect.succeed(Option.none())),
        findCheckoutByProviderId: orDie(findCheckoutByProviderId),
        closeCheckout: orDie((id: string, status: "completed" | "declined" | "expired", now: Date) =>
          Effect.map(closeCheckout({ id, status, now }), Option.isSome),
        ),
        recordEvent: orDie((id: string, type: string, now: Date) =>
          Effect.map(recordEvent({ id, type, now }), Option.isSome),
        ),
      })
    }),
  )
}

// The free trial is given once per person: not to a user who had any subscription before, nor to
// an address (as a mailbox, trial-address.ts) or, with Stripe, a card that had a trial before, even
// in an account deleted since. What had a trial is kept as keyed hashes (security/secrets.ts) with
// the subscription that claimed it, never as the address or card itself.
import { Effect, Option } from "effect"
import { trialAddress } from "../../src/domain/billing/trial-address.ts"
import { keyedHash } from "../platform/security/secrets.ts"
import type { SubscriptionsRepo, TrialClaim } from "./subscriptions-repo.ts"

export interface Trials {
  /** Whether `userId` may have the trial with `subscription` (null: none made yet), paid by `card` if known. */
  readonly allowed: (userId: number, subscription: string | null, card: string | null) => Effect.Effect<boolean>
  /** Remembers that this subscription's trial was given: the user's address, and the card if known. */
  readonly claim: (userId: number, subscription: string, card: string | null, now: Date) => Effect.Effect<void>
}

export const makeTrials = (repo: SubscriptionsRepo["Service"], secret: string): Trials => {
  const claimsOf = (email: string | null, card: string | null): Array<TrialClaim> => [
    ...(email === null
      ? []
      : [{ digest: keyedHash(secret, "trial-email", trialAddress(email)), kind: "email" as const }]),
    ...(card === null ? [] : [{ digest: keyedHash(secret, "trial-card", card), kind: "card" as const }]),
  ]
  const emailOf = (userId: number) =>
    Effect.map(repo.billingUser(userId), (user) => (Option.isSome(user) ? user.value.email : null))
  return {
    allowed: (userId, subscription, card) =>
      Effect.gen(function* () {
        if (yield* repo.hasEverSubscribed(userId, subscription ?? undefined)) return false
        const claims = claimsOf(yield* emailOf(userId), card)
        return !(yield* repo.trialClaimed(
          claims.map((c) => c.digest),
          subscription,
        ))
      }),
    claim: (userId, subscription, card, now) =>
      Effect.flatMap(emailOf(userId), (email) => repo.claimTrial(claimsOf(email, card), subscription, now)),
  }
}

// What the account-settings machine tests start from: the profile's options, a user, and fakes for
// the calls of a re-authentication flow.
import type { ProfileOptions } from "../../../src/domain/account/profile.ts"
import type { UserData } from "../../../src/domain/account/user.ts"
import { TooManyRequests } from "../../../src/domain/shared/errors.ts"
import type { ReauthCall } from "../../../src/machines/account/reauth-machine.ts"
import { pendingActor } from "../support/pending-actor.ts"

export const OPTIONS: ProfileOptions = {
  countries: [
    { id: 1, name: "Germany", code: "DE" },
    { id: 2, name: "United Kingdom", code: "GB" },
  ],
  currencies: [
    { id: 1, title: "Pound sterling", code: "GBP" },
    { id: 2, title: "Euro", code: "EUR" },
  ],
  languages: [
    { id: 1, name: "English", lang_code: "en" },
    { id: 2, name: "Deutsch", lang_code: "de" },
  ],
}

export const userData = (overrides: Partial<UserData["user_profile"]> = {}): UserData => ({
  user_profile: {
    email: "lin@example.com",
    first_name: "Lin",
    last_name: "Wei",
    uuid: "11111111-1111-1111-1111-111111111111",
    promotional_emails: false,
    purchased_subscription: false,
    password_available: true,
    ...overrides,
  },
  user_subscription: { plan_name: "Standard", plan_id: 2 },
  payment_platform: null,
  user_subscription_cancelled: 0,
  migrated_user: 0,
  country: { id: 2, name: "United Kingdom" },
  currency: { id: 1, title: "Pound sterling" },
  language: null,
})

export const tooMany = () => new TooManyRequests({ message: "x", retryAfterSeconds: 900 })

/** Fakes for a re-authentication flow's calls. */
export const reauthCalls = <Request, Result>() => ({
  sendCode: pendingActor<{ message: string }, void>(),
  perform: pendingActor<Result, ReauthCall<Request>>(),
})

type Sendable = { readonly send: (event: never) => void }
/** Sends an event to a child flow (or a flow whose events a test types loosely). */
export const send = (actor: Sendable | undefined, event: object) => actor?.send(event as never)

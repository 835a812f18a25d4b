// The profile, its options and a user as the account-settings machine tests start from.
import type { ProfileOptions } from "../../../src/domain/account/profile.ts"
import type { UserData } from "../../../src/domain/account/user.ts"

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

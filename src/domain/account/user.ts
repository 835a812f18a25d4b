// The user as the API describes it (§3): the signed-in record returned at sign-in and kept in the
// userdata cookie, and the dashboard data. Defaults are those the spec names.
import { Schema } from "effect"

export const UserSubscription = Schema.Struct({
  plan_name: Schema.String,
  plan_id: Schema.Number,
})

export const Country = Schema.Struct({ id: Schema.Number, name: Schema.String })
export const Currency = Schema.Struct({ id: Schema.Number, title: Schema.String })
export const ProfileLanguage = Schema.Struct({ id: Schema.Number, name: Schema.String, lang_code: Schema.String })

export const UserProfile = Schema.Struct({
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  uuid: Schema.String,
  promotional_emails: Schema.Boolean,
  purchased_subscription: Schema.Boolean,
  password_available: Schema.Boolean,
})
export type UserProfile = typeof UserProfile.Type

/** GET api/dashboard */
export const UserData = Schema.Struct({
  user_profile: UserProfile,
  user_subscription: UserSubscription,
  payment_platform: Schema.NullOr(Schema.String),
  user_subscription_cancelled: Schema.Number,
  migrated_user: Schema.Number,
  country: Schema.NullOr(Country),
  currency: Schema.NullOr(Currency),
  language: Schema.NullOr(ProfileLanguage),
})
export type UserData = typeof UserData.Type

/**
 * The signed-in user record. The session itself travels in the HttpOnly `token` cookie the server
 * sets; `token` is in the body only for an API client that asked for it (`return_token`).
 */
export const SignedInUser = Schema.Struct({
  id: Schema.NullOr(Schema.Number),
  uuid: Schema.String,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  role: Schema.String,
  beta_tester: Schema.Boolean,
  tips_subscription: Schema.Boolean,
  token: Schema.optionalKey(Schema.String),
  plan_name: Schema.String,
  purchased_subscription: Schema.Boolean,
  verification_confirmed: Schema.Boolean,
  showNotes: Schema.Boolean,
  addChannels: Schema.Boolean,
  logoutPop: Schema.Boolean,
  user_subscription: UserSubscription,
  subscription: Schema.NullOr(Schema.Struct({ subscription_id: Schema.String })),
})
export type SignedInUser = typeof SignedInUser.Type

export const USER_DEFAULTS: SignedInUser = {
  id: null,
  uuid: "",
  email: "",
  first_name: "",
  last_name: "",
  role: "",
  beta_tester: false,
  tips_subscription: false,
  token: "",
  plan_name: "",
  purchased_subscription: true,
  verification_confirmed: false,
  showNotes: false,
  addChannels: false,
  logoutPop: false,
  user_subscription: { plan_name: "", plan_id: 0 },
  subscription: null,
}

/** The record without any token, as stored in the readable userdata cookie. */
export const StoredUser = SignedInUser.mapFields(({ token: _token, ...rest }) => rest)
export type StoredUser = typeof StoredUser.Type

export const displayName = (user: Pick<SignedInUser, "first_name" | "last_name">) =>
  `${user.first_name} ${user.last_name}`.trim()

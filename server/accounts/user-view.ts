// How a user row is shown to the app: the signed-in record (§3) and the dashboard data.

import type { SignedInUser, UserData } from "../../src/domain/account/user.ts"
import { PLAN_ID_PRO, PLAN_NAME_PRO, PLAN_NAME_STANDARD } from "../../src/domain/billing/plans.ts"
import type { SubscriptionView } from "../../src/domain/billing/subscription.ts"
import type { UserRow } from "./users-repo.ts"

const planName = (planId: number) => (planId === PLAN_ID_PRO ? PLAN_NAME_PRO : PLAN_NAME_STANDARD)

export const toSignedInUser = (row: UserRow, token: string): SignedInUser => ({
  id: row.id,
  uuid: row.uuid,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  beta_tester: row.beta_tester,
  tips_subscription: row.promotional_emails,
  token,
  plan_name: planName(row.plan_id),
  purchased_subscription: row.plan_id === PLAN_ID_PRO,
  verification_confirmed: row.email_verified_at !== null,
  showNotes: row.show_notes,
  addChannels: false,
  logoutPop: false,
  user_subscription: { plan_name: planName(row.plan_id), plan_id: row.plan_id },
  subscription: null,
})

export const toUserData = (row: UserRow, subscription: SubscriptionView | null = null): UserData => ({
  user_profile: {
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    uuid: row.uuid,
    promotional_emails: row.promotional_emails,
    purchased_subscription: row.plan_id === PLAN_ID_PRO,
    password_available: row.password_hash !== null,
  },
  user_subscription: { plan_name: planName(row.plan_id), plan_id: row.plan_id },
  payment_platform: subscription?.payment_platform ?? null,
  user_subscription_cancelled: subscription?.cancel_at_period_end ? 1 : 0,
  migrated_user: row.migrated_user ? 1 : 0,
  country: null,
  currency: null,
  language: null,
})

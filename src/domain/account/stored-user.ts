// The userdata cookie read back at the app's start (the signed-in header is drawn from it before the
// first render), by hand rather than with the StoredUser Schema (user.ts), so the app's first script
// holds no Schema. It reads exactly what that Schema decodes: the record's own fields, checked one by
// one, and nothing else (a field the record no longer has is dropped); anything else is no user.
// tests/domain/account/stored-user.test.ts holds the two to the same answers.
import { isJsonObject, parseJson } from "../shared/json.ts"
import type { SignedInUser, StoredUser } from "./user.ts"

const isString = (value: unknown): value is string => typeof value === "string"
const isNumber = (value: unknown): value is number => typeof value === "number"
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean"

const readPlan = (value: unknown): StoredUser["user_subscription"] | null =>
  isJsonObject(value) && isString(value.plan_name) && isNumber(value.plan_id)
    ? { plan_name: value.plan_name, plan_id: value.plan_id }
    : null

/** The subscription, null as the record may say, or undefined when it is neither. */
const readSubscription = (value: unknown): StoredUser["subscription"] | undefined => {
  if (value === null) return null
  return isJsonObject(value) && isString(value.subscription_id) ? { subscription_id: value.subscription_id } : undefined
}

/** The user of a userdata cookie's JSON, or null when it is not such a record. */
export const readStoredUser = (json: string): StoredUser | null => {
  const record = parseJson(json)
  if (!isJsonObject(record)) return null
  const { id, uuid, email, first_name, last_name, role, plan_name } = record
  const { beta_tester, tips_subscription, purchased_subscription, verification_confirmed } = record
  const { showNotes, addChannels, logoutPop } = record
  const user_subscription = readPlan(record.user_subscription)
  const subscription = readSubscription(record.subscription)
  if (
    (id === null || isNumber(id)) &&
    isString(uuid) &&
    isString(email) &&
    isString(first_name) &&
    isString(last_name) &&
    isString(role) &&
    isString(plan_name) &&
    isBoolean(beta_tester) &&
    isBoolean(tips_subscription) &&
    isBoolean(purchased_subscription) &&
    isBoolean(verification_confirmed) &&
    isBoolean(showNotes) &&
    isBoolean(addChannels) &&
    isBoolean(logoutPop) &&
    user_subscription !== null &&
    subscription !== undefined
  ) {
    return {
      id,
      uuid,
      email,
      first_name,
      last_name,
      role,
      beta_tester,
      tips_subscription,
      plan_name,
      purchased_subscription,
      verification_confirmed,
      showNotes,
      addChannels,
      logoutPop,
      user_subscription,
      subscription,
    }
  }
  return null
}

/** The signed-in record as the app keeps it: never a token. */
export const storedUserOf = ({ token: _token, ...user }: SignedInUser): StoredUser => user

import { Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { readStoredUser, storedUserOf } from "../../../src/domain/account/stored-user.ts"
import { StoredUser, USER_DEFAULTS } from "../../../src/domain/account/user.ts"

// The reader of the userdata cookie must answer what the StoredUser Schema answers, for every record.
const decodeWithSchema = (json: string) =>
  Option.getOrNull(Schema.decodeUnknownOption(Schema.fromJsonString(StoredUser))(json))

const MEMBER = {
  ...storedUserOf(USER_DEFAULTS),
  id: 42,
  uuid: "3f1c2a9e-1111-4222-8333-444455556666",
  email: "ann@example.com",
  first_name: "Ann",
  last_name: "Lee",
  role: "member",
  plan_name: "Pro",
  purchased_subscription: true,
  verification_confirmed: true,
  user_subscription: { plan_name: "Pro", plan_id: 3 },
  subscription: { subscription_id: "sub_1" },
}

/** A value of every JSON kind, for each field: the reader and the Schema must agree on each. */
const ANY_VALUE: ReadonlyArray<unknown> = [null, "", "x", 0, 1.5, -3, true, false, {}, [], ["x"], { plan_id: 3 }]

const agree = (json: string) => {
  expect(readStoredUser(json)).toEqual(decodeWithSchema(json))
}

describe("readStoredUser answers as the StoredUser Schema", () => {
  it.each([
    ["the defaults", storedUserOf(USER_DEFAULTS)],
    ["a Pro member with a subscription", MEMBER],
    ["a member without an id", { ...MEMBER, id: null }],
    ["a member without a subscription", { ...MEMBER, subscription: null }],
  ])("reads %s", (_, record) => {
    const json = JSON.stringify(record)
    expect(readStoredUser(json)).toEqual(record)
    agree(json)
  })

  it("drops what the record does not have, at every level (an old cookie's token)", () => {
    const json = JSON.stringify({
      ...MEMBER,
      token: "secret",
      legacy: 1,
      user_subscription: { ...MEMBER.user_subscription, since: "2024" },
      subscription: { subscription_id: "sub_1", status: "active" },
    })
    expect(readStoredUser(json)).toEqual(MEMBER)
    agree(json)
  })

  it.each(["", "{", "user", "undefined", "{'id': 1}", "null", "[]", "[{}]", "1", '"member"', "true"])(
    "reads no user from %j",
    (json) => {
      expect(readStoredUser(json)).toBeNull()
      agree(json)
    },
  )

  it.each(Object.keys(MEMBER))("reads no user when %s is missing", (field) => {
    const { [field]: _missing, ...rest } = MEMBER as Record<string, unknown>
    const json = JSON.stringify(rest)
    expect(readStoredUser(json)).toBeNull()
    agree(json)
  })

  it.each(Object.keys(MEMBER))("agrees on every kind of value in %s", (field) => {
    for (const value of ANY_VALUE) agree(JSON.stringify({ ...MEMBER, [field]: value }))
  })

  it.each(["plan_name", "plan_id"])("agrees on every kind of value, or none, in the plan's %s", (field) => {
    const { [field]: _missing, ...rest } = MEMBER.user_subscription as Record<string, unknown>
    agree(JSON.stringify({ ...MEMBER, user_subscription: rest }))
    for (const value of ANY_VALUE) agree(JSON.stringify({ ...MEMBER, user_subscription: { ...rest, [field]: value } }))
  })

  it("agrees on every kind of value, or none, in the subscription's id", () => {
    agree(JSON.stringify({ ...MEMBER, subscription: {} }))
    for (const value of ANY_VALUE) agree(JSON.stringify({ ...MEMBER, subscription: { subscription_id: value } }))
  })
})

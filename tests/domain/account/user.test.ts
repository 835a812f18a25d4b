import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { displayName, SignedInUser, StoredUser, USER_DEFAULTS } from "../../../src/domain/account/user.ts"

describe("USER_DEFAULTS (§3)", () => {
  it("uses the spec's defaults", () => {
    expect(USER_DEFAULTS).toMatchObject({
      id: null,
      tips_subscription: false,
      purchased_subscription: true,
      showNotes: false,
      addChannels: false,
      logoutPop: false,
    })
  })

  it("leaves every text field empty", () => {
    for (const key of ["uuid", "email", "first_name", "last_name", "role", "token", "plan_name"] as const) {
      expect(USER_DEFAULTS[key]).toBe("")
    }
  })

  it("is itself a valid signed-in user record", () => {
    expect(Schema.decodeUnknownSync(SignedInUser)(USER_DEFAULTS)).toEqual(USER_DEFAULTS)
  })
})

describe("StoredUser", () => {
  it("drops the token so the userdata cookie never holds it", () => {
    const stored = Schema.decodeUnknownSync(StoredUser)({ ...USER_DEFAULTS, token: "secret" })
    expect(stored).not.toHaveProperty("token")
    const { token: _token, ...rest } = USER_DEFAULTS
    expect(stored).toEqual(rest)
  })
})

describe("displayName", () => {
  it("joins first and last name", () => {
    expect(displayName({ first_name: "Ann", last_name: "Lee" })).toBe("Ann Lee")
  })

  it("has no stray space when a name is missing", () => {
    expect(displayName({ first_name: "Ann", last_name: "" })).toBe("Ann")
    expect(displayName({ first_name: "", last_name: "Lee" })).toBe("Lee")
    expect(displayName({ first_name: "", last_name: "" })).toBe("")
  })
})

import { describe, expect, it } from "vitest"
import {
  COOKIE_ACCEPT_MAX_AGE_SECONDS,
  COOKIE_ACCEPTED,
  COOKIE_CONSENT_VALUE,
  COOKIE_LANGUAGE,
  COOKIE_TOKEN,
  COOKIE_USERDATA,
  isCookieAccepted,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  SESSION_COOKIE_MAX_AGE_SECONDS,
  SESSION_MAX_AGE_DAYS,
} from "../../../src/domain/shared/cookies.ts"

const DAY = 86_400

describe("cookies (§3, §9)", () => {
  it("uses the spec's cookie names", () => {
    expect([COOKIE_TOKEN, COOKIE_USERDATA, COOKIE_LANGUAGE, COOKIE_ACCEPTED]).toEqual([
      "token",
      "userdata",
      "language",
      "cookieAccepted",
    ])
  })

  it("keeps the cookie consent for 10 years", () => {
    expect(COOKIE_ACCEPT_MAX_AGE_SECONDS).toBe(3650 * DAY)
  })

  it("keeps the language for 1 year", () => {
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(365 * DAY)
  })

  it("keeps the sign-in cookies as long as a session lives", () => {
    expect(SESSION_COOKIE_MAX_AGE_SECONDS).toBe(SESSION_MAX_AGE_DAYS * DAY)
  })
})

describe("isCookieAccepted", () => {
  it('is true only for the consent value "yes"', () => {
    expect(COOKIE_CONSENT_VALUE).toBe("yes")
    expect(isCookieAccepted("yes")).toBe(true)
  })

  it.each(["Yes", "YES", " yes", "yes ", "true", "1", "no", ""])("is false for %j", (value) => {
    expect(isCookieAccepted(value)).toBe(false)
  })

  it("is false when the cookie is absent", () => {
    expect(isCookieAccepted(undefined)).toBe(false)
  })
})

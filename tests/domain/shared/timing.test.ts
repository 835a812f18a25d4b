import { describe, expect, it } from "vitest"
import {
  DELETE_ACCOUNT_REDIRECT_DELAY_MS,
  EMAIL_CHECK_DEBOUNCE_MS,
  LANGUAGE_RELOAD_DELAY_MS,
  LOGOUT_REDIRECT_DELAY_MS,
  MESSAGE_DELAY_MS,
  RESIZE_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
} from "../../../src/domain/shared/timing.ts"

// Machines and tests derive their timings from these constants, so they must carry the spec's values.
describe("delays of §4, §8 and §9", () => {
  it.each([
    ["language change reloads after 500 ms", LANGUAGE_RELOAD_DELAY_MS, 500],
    ["logout goes to /login after 1 s", LOGOUT_REDIRECT_DELAY_MS, 1_000],
    ["account deletion goes to /login after 500 ms", DELETE_ACCOUNT_REDIRECT_DELAY_MS, 500],
    ["message/refresh delay is 2000 ms", MESSAGE_DELAY_MS, 2_000],
    ["toasts close after 5000 ms", TOAST_DURATION_MS, 5_000],
    ["one toast at a time", TOAST_LIMIT, 1],
    ["e-mail check debounces 300 ms", EMAIL_CHECK_DEBOUNCE_MS, 300],
    ["search debounces 500 ms", SEARCH_DEBOUNCE_MS, 500],
    ["resize debounces 250 ms", RESIZE_DEBOUNCE_MS, 250],
  ])("%s", (_, actual, expected) => {
    expect(actual).toBe(expected)
  })
})

// A server told to count a self-test's minute shorter (SELF_TEST_MINUTE_MS, which only the browser
// journeys' servers set; production refuses it, payment-mode.test.ts) gives every new test, and its
// "more time", that many milliseconds a minute; the overview says the same time limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_TEST_SETTINGS } from "../../src/domain/self-tests/test-settings.ts"
import { BEGINNER_TIME_MULTIPLIER } from "../../src/domain/self-tests/test-timing.ts"
import {
  createVerifiedUser,
  DATABASES,
  type Json,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const MINUTE = 35_000

describe.each(DATABASES)("a self-test's shorter minute on %s", (kind) => {
  let server: TestServer
  let token = ""

  beforeAll(async () => {
    server = await startTestServer(kind, { selfTestMinuteMs: MINUTE })
    token = await signIn(server, (await createVerifiedUser(server)).email)
  })
  afterAll(() => server.close())

  const call = async (method: string, path: string, json?: unknown) => {
    const response = await server.request(path, { method, token, ...(json !== undefined ? { json } : {}) })
    expect(response.status, path).toBe(200)
    return (await response.json()) as Json
  }

  it("times the overview, the new test and its more time in that minute", async () => {
    const duration = DEFAULT_TEST_SETTINGS.testDuration * MINUTE * BEGINNER_TIME_MULTIPLIER
    expect((await call("GET", "/api/test/location-test")).durationMs).toBe(duration)
    const { clock } = await call("POST", "/api/test/new-create", { type: "location-test" })
    expect(clock.limitMs).toBe(duration)
    expect(clock.timeLeftMs).toBeLessThanOrEqual(duration)
    expect(clock.timeLeftMs).toBeGreaterThan(duration - 5_000)
    expect(clock.extraTimeMs).toBe(DEFAULT_TEST_SETTINGS.testExtraTime * MINUTE)
  })
})

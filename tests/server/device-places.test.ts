// Registered devices tell where and when: a sign-in records the rough place of its client address
// (a country code from the offline table, "local" for loopback and private networks), and the last
// use is written at most once per LAST_USED_PRECISION_MINUTES, not on every request.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LAST_USED_PRECISION_MINUTES } from "../../server/accounts/sessions-repo.ts"
import { placeOfAddress } from "../../server/platform/http/client-place.ts"
import { createVerifiedUser, DATABASES, PASSWORD, startTestServer, type TestServer } from "./support/harness.ts"

describe("the place of an address", () => {
  it("is the local network for loopback, private and link-local addresses", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.5", "192.168.1.5", "169.254.0.9", "::1", "fd00::7"])
      expect(placeOfAddress(address), address).toBe("local")
    expect(placeOfAddress("::ffff:192.168.0.2")).toBe("local")
  })

  it("is the country of a public IPv4 address, and unknown for what it cannot place", () => {
    expect(placeOfAddress("8.8.8.8")).toBe("US")
    expect(placeOfAddress("::ffff:8.8.8.8")).toBe("US")
    expect(placeOfAddress("2001:4860:4860::8888")).toBeNull()
    expect(placeOfAddress("not an address")).toBeNull()
  })
})

describe.each(DATABASES)("registered devices on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
  })
  afterAll(() => server.close())

  const signInFrom = async (email: string, address: string) => {
    const response = await server.request("/api/login", {
      method: "POST",
      json: { email, password: PASSWORD, return_token: true },
      headers: { "x-forwarded-for": address },
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { token: string }).token
  }
  const devices = async (token: string) =>
    (await (await server.request("/api/registered-devices", { token })).json()) as Array<{
      status: string
      place: string | null
      last_used_at: string
    }>

  it("records where each sign-in came from", async () => {
    const { email } = await createVerifiedUser(server)
    const home = await signInFrom(email, "192.168.1.5")
    await signInFrom(email, "8.8.8.8")
    const listed = await devices(home)
    expect(listed.find((d) => d.status === "current")?.place).toBe("local")
    expect(listed.find((d) => d.status === "active")?.place).toBe("US")
  })

  it("writes the last use at most once per precision window", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signInFrom(email, "8.8.8.8")
    const lastUsed = async () =>
      (
        await server.sql<{ last_used_at: Date }>(
          "SELECT s.last_used_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1",
          [email],
        )
      )[0]!.last_used_at.getTime()
    const setLastUsed = (minutesAgo: number) =>
      server.sql(
        "UPDATE sessions SET last_used_at = now() - make_interval(mins => $2) FROM users u WHERE u.id = sessions.user_id AND u.email = $1",
        [email, minutesAgo],
      )

    await setLastUsed(LAST_USED_PRECISION_MINUTES - 1)
    const recent = await lastUsed()
    for (let i = 0; i < 3; i++) expect((await server.request("/api/dashboard", { token })).status).toBe(200)
    expect(await lastUsed()).toBe(recent)

    await setLastUsed(LAST_USED_PRECISION_MINUTES + 1)
    const stale = await lastUsed()
    expect((await server.request("/api/dashboard", { token })).status).toBe(200)
    const touched = await lastUsed()
    expect(touched).toBeGreaterThan(stale + LAST_USED_PRECISION_MINUTES * 60_000)
    expect((await server.request("/api/dashboard", { token })).status).toBe(200)
    expect(await lastUsed()).toBe(touched)
  })
})

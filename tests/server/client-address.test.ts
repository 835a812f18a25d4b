// The client address behind reverse proxies (issue 8, finding 6). Without TRUST_PROXY the socket's
// peer is the client and X-Forwarded-For is ignored (so a client cannot pick its own address); with
// it, the address comes from X-Forwarded-For, read from the right past the trusted proxies, so
// users behind one HTTPS proxy no longer share one per-address limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  parseTrustProxy,
  readSettings,
  startupProblems,
  type TrustProxy,
} from "../../server/platform/config/server-config.ts"
import { clientAddressResolver } from "../../server/platform/http/client-address.ts"
import { LIMITS } from "../../server/platform/security/rate-limiter.ts"
import { HTTP_LAYER_DATABASES, startTestServer, type TestServer } from "./support/harness.ts"

describe("TRUST_PROXY", () => {
  it("reads a number of hops or a comma list of addresses and subnets; refuses anything else at start", () => {
    expect(parseTrustProxy(undefined)).toEqual({ _tag: "None" })
    expect(parseTrustProxy("")).toEqual({ _tag: "None" })
    expect(parseTrustProxy("2")).toEqual({ _tag: "Hops", hops: 2 })
    expect(parseTrustProxy(" 10.0.0.1, 192.168.0.0/16 ,::1")).toEqual({
      _tag: "Addresses",
      addresses: ["10.0.0.1", "192.168.0.0/16", "::1"],
    })
    for (const bad of ["yes", "10.0.0.300", "10.0.0.0/33", "proxy.example.com"])
      expect(parseTrustProxy(bad)._tag).toBe("Invalid")
    expect(startupProblems(readSettings({ TRUST_PROXY: "yes" }), { TRUST_PROXY: "yes" })).toHaveLength(1)
    expect(readSettings({ TRUST_PROXY: "yes" }).trustProxy).toEqual({ _tag: "None" })
  })

  const resolve = (trust: TrustProxy) => clientAddressResolver(trust)

  it("without it, X-Forwarded-For is ignored", () => {
    expect(resolve({ _tag: "None" })("203.0.113.9", "1.2.3.4")).toBe("203.0.113.9")
    expect(resolve({ _tag: "None" })("::ffff:203.0.113.9", undefined)).toBe("203.0.113.9")
  })

  it("with hops, skips that many proxies from the right; entries a client wrote further left do not count", () => {
    const oneHop = resolve({ _tag: "Hops", hops: 1 })
    expect(oneHop("10.0.0.2", "1.2.3.4")).toBe("1.2.3.4")
    expect(oneHop("10.0.0.2", "6.6.6.6, 1.2.3.4")).toBe("1.2.3.4")
    expect(oneHop("10.0.0.2", undefined)).toBe("10.0.0.2")
    expect(resolve({ _tag: "Hops", hops: 2 })("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.3")).toBe("1.2.3.4")
    // Garbage where an address should be stops the walk at the last proxy that wrote one.
    expect(oneHop("10.0.0.2", "not-an-ip")).toBe("10.0.0.2")
  })

  it("with addresses, skips the trusted proxies from the right, whatever their number", () => {
    const trusted = resolve({ _tag: "Addresses", addresses: ["10.0.0.0/8", "127.0.0.1"] })
    expect(trusted("10.0.0.5", "6.6.6.6, 1.2.3.4, 10.0.0.7")).toBe("1.2.3.4")
    expect(trusted("127.0.0.1", "1.2.3.4")).toBe("1.2.3.4")
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(trusted("198.51.100.1", "1.2.3.4")).toBe("198.51.100.1")
  })
})

describe.each(HTTP_LAYER_DATABASES)("per-address limits behind a proxy on %s", (kind) => {
  const failures = LIMITS.loginFailuresPerIp.max + 1
  const loginFrom = (server: TestServer, i: number, useOrigin: boolean) => {
    const init = {
      method: "POST",
      body: JSON.stringify({ email: `proxy-${kind}-${i}-${Math.random()}@example.com`, password: "wrong1pass" }),
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.${i}.20` },
    }
    return useOrigin ? fetch(`${server.origin}/api/login`, init) : server.request("/api/login", init)
  }
  const statuses = async (server: TestServer, useOrigin = false) => {
    const result: Array<number> = []
    for (let i = 0; i < failures; i++) result.push((await loginFrom(server, i, useOrigin)).status)
    return result
  }

  describe("without TRUST_PROXY", () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startTestServer(kind)
    })
    afterAll(() => server.close())

    it("every request through the proxy is one address: the limit holds whatever X-Forwarded-For says", async () => {
      const answers = await statuses(server)
      expect(answers.slice(0, -1).every((s) => s === 422)).toBe(true)
      expect(answers.at(-1)).toBe(429)
    })
  })

  describe("with TRUST_PROXY=1", () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startTestServer(kind, { trustProxy: { _tag: "Hops", hops: 1 } })
    })
    afterAll(() => server.close())

    it("each forwarded client has its own limit", async () => {
      expect(await statuses(server)).toEqual(Array.from({ length: failures }, () => 422))
    })
  })

  describe("with TRUST_PROXY naming the proxy's address (a real socket on 127.0.0.1)", () => {
    let trusted: TestServer
    let untrusted: TestServer
    beforeAll(async () => {
      trusted = await startTestServer(
        kind,
        { trustProxy: { _tag: "Addresses", addresses: ["127.0.0.1"] } },
        { listen: true },
      )
      untrusted = await startTestServer(
        kind,
        { trustProxy: { _tag: "Addresses", addresses: ["192.0.2.1"] } },
        { listen: true },
      )
    })
    afterAll(async () => {
      await trusted.close()
      await untrusted.close()
    })

    it("reads X-Forwarded-For from the trusted proxy only", async () => {
      expect(await statuses(trusted, true)).toEqual(Array.from({ length: failures }, () => 422))
      const fromStranger = await statuses(untrusted, true)
      expect(fromStranger.at(-1)).toBe(429)
    })
  })
})

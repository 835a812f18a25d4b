// HTTP hardening (issue 8, finding 9): HSTS when the public origin is https; source maps built
// "hidden" and never served; a declared Content-Length over the limit refused before the body is
// read; one-time codes and link tokens never logged except in outbox mode; index.html read once
// and answered from memory with its headers.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_BODY_BYTES } from "../../server/platform/http/request-guard.ts"
import { redactPath, STRICT_TRANSPORT_SECURITY } from "../../server/platform/http/response-policy.ts"
import type { ForgotPasswordPayload } from "../../src/domain/account/password-reset.ts"
import type { RegisterPayload } from "../../src/domain/account/registration.ts"
import viteConfig from "../../vite.config.ts"
import { HTTP_LAYER_DATABASES, PASSWORD, startTestServer, type TestServer } from "./support/harness.ts"
import { freePort, smtpSink } from "./support/smtp-sink.ts"

const INDEX = '<!doctype html><html><head><title>Jingluo</title></head><body><div id="root"></div></body></html>'

const fakeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), "jingluo-dist-"))
  mkdirSync(join(dir, "assets"))
  writeFileSync(join(dir, "index.html"), INDEX)
  writeFileSync(join(dir, "assets", "app-1a2b3c.js"), "console.log('app')\n")
  writeFileSync(join(dir, "assets", "app-1a2b3c.js.map"), '{"version":3,"sources":["src/main.tsx"]}')
  return dir
}

const registration = (email: string) =>
  ({
    email,
    firstName: "Mei",
    lastName: "Chen",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsChecked: true,
    promotional: false,
  }) satisfies typeof RegisterPayload.Encoded

describe("Strict-Transport-Security", () => {
  let https: TestServer
  let http: TestServer
  beforeAll(async () => {
    https = await startTestServer("pglite", { appOrigin: "https://jingluo.example", staticDir: fakeBuild() })
    http = await startTestServer("pglite", { staticDir: fakeBuild() })
  })
  afterAll(async () => {
    await https.close()
    await http.close()
  })

  it("is sent on every answer when APP_ORIGIN is https, and never over plain http", async () => {
    for (const path of ["/api/health", "/", "/no-such-page", "/api/nothing"]) {
      const answer = await https.request(path, { headers: { accept: "text/html" } })
      expect(answer.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY)
      expect((await http.request(path)).headers.get("strict-transport-security")).toBeNull()
    }
  })
})

describe("the built app, over a real HTTP connection", () => {
  let server: TestServer
  let dist = ""
  beforeAll(async () => {
    dist = fakeBuild()
    server = await startTestServer("pglite", { staticDir: dist }, { listen: true })
  })
  afterAll(() => server.close())

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${path}`, { headers })

  it("is built with hidden source maps (no sourceMappingURL comment in the scripts)", () => {
    const config = viteConfig({ command: "build", mode: "production", isSsrBuild: false })
    expect("build" in config && config.build?.sourcemap).toBe("hidden")
  })

  it("never serves a source map, while the script beside it is served", async () => {
    const script = await get("/assets/app-1a2b3c.js")
    expect(script.status).toBe(200)
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    for (const path of ["/assets/app-1a2b3c.js.map", "/assets/app-1a2b3c.js.map?x=1", "/assets/%61pp-1a2b3c.js.map"])
      expect((await get(path)).status).toBe(404)
  })

  it("answers index.html from memory: the file read at start, with its type, ETag and security headers", async () => {
    const first = await get("/points/lu-1", { accept: "text/html" })
    expect(first.status).toBe(200)
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(first.headers.get("cache-control")).toBe("no-cache")
    expect(first.headers.get("content-security-policy")).toContain("script-src 'self'")
    const etag = first.headers.get("etag")!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(await first.text()).toBe(INDEX)

    // Changed on disk after the start: the answer is still the one held in memory.
    writeFileSync(join(dist, "index.html"), "<!doctype html><p>changed</p>")
    const second = await get("/", { accept: "text/html" })
    expect(await second.text()).toBe(INDEX)
    const cached = await get("/about", { accept: "text/html", "if-none-match": etag })
    expect(cached.status).toBe(304)
  })

  it("answers a path outside the build with 404, never a file from elsewhere", async () => {
    for (const path of [
      "/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/favicon.ico",
      `/${"a".repeat(256)}`,
    ])
      expect((await get(path, { accept: "text/html" })).status).toBe(404)
  })
})

describe.each(HTTP_LAYER_DATABASES)("a declared Content-Length over the limit on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { listen: true })
  })
  afterAll(() => server.close())

  it("is refused with 413 from the headers alone, before any of the body is sent", async () => {
    const port = Number(new URL(server.origin!).port)
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(port, "127.0.0.1", () => {
        // Headers only: a server that waited for the body would never answer.
        socket.write(
          `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${
            MAX_BODY_BYTES * 100
          }\r\n\r\n`,
        )
      })
      let received = ""
      socket.on("data", (chunk) => {
        received += chunk.toString("utf8")
        if (received.includes("\r\n\r\n")) {
          socket.destroy()
          done(received)
        }
      })
      socket.on("error", fail)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 413/)
  }, 15_000)

  it("is refused through fetch as well, and a body within the limit is read as usual", async () => {
    const big = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(MAX_BODY_BYTES) }),
    })
    expect(big.status).toBe(413)
    const small = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "wrong1pass" }),
    })
    expect(small.status).toBe(422)
  })
})

describe.each(HTTP_LAYER_DATABASES)("one-time codes in the log on %s", (kind) => {
  const sink = smtpSink()
  let smtp: TestServer
  let outbox: TestServer
  let port = 0
  beforeAll(async () => {
    port = await freePort()
    smtp = await startTestServer(
      kind,
      { smtpUrl: `smtp://127.0.0.1:${port}`, logLevel: "info" },
      { mail: "real", logs: true },
    )
    outbox = await startTestServer(
      kind,
      { smtpUrl: undefined, dataDir: mkdtempSync(join(tmpdir(), "jingluo-outbox-")), logLevel: "info" },
      { mail: "real", logs: true },
    )
  })
  afterAll(async () => {
    await smtp.close()
    await outbox.close()
    await sink.close()
  })

  it("are never logged with SMTP, also not when delivery fails or a request fails", async () => {
    const email = `logged-${kind}@example.com`
    const registered = await smtp.request("/api/register", { method: "POST", json: registration(email) })
    const { uuid } = (await registered.json()) as { uuid: string }
    await smtp.request(`/api/verify-email/${uuid}/0000`)
    await smtp.request("/api/forgot-password/email", {
      method: "POST",
      json: { email } satisfies typeof ForgotPasswordPayload.Encoded,
    })
    await smtp.request("/api/password/reset", {
      method: "POST",
      json: { email, code: "0000", password: "bamboo9grove", confirmPassword: "bamboo9grove" },
    })
    // A request that fails on the server is logged, without its path's code.
    await smtp.sql("ALTER TABLE one_time_codes RENAME TO one_time_codes_away")
    expect((await smtp.request(`/api/verify-email/${uuid}/4321`)).status).toBe(500)
    await smtp.sql("ALTER TABLE one_time_codes_away RENAME TO one_time_codes")

    // SMTP comes back: now the codes and links are known, and none of them is in the log.
    await sink.listen(port)
    // A second back: the database's now() has microseconds, the queue's clock milliseconds.
    await smtp.sql("UPDATE mail_queue SET next_attempt_at = now() - interval '1 second', locked_until = NULL")
    expect(await smtp.deliverMail()).toBe(2)
    const secrets = sink.messages.flatMap((m) => [
      ...(m.data.match(/^\d{4}$/gm) ?? []),
      ...(m.data.match(/token=([A-Za-z0-9_-]{22})/g) ?? []).map((t) => t.slice(6)),
    ])
    expect(secrets.length).toBeGreaterThanOrEqual(4)
    expect(smtp.logs.some((line) => line.includes("not delivered"))).toBe(true)
    expect(smtp.logs.some((line) => line.includes("Request failed"))).toBe(true)
    for (const secret of [...secrets, "4321"]) expect(smtp.logs.filter((line) => line.includes(secret))).toEqual([])
  })

  it("are logged in outbox mode, where they are how a developer signs up", async () => {
    const email = `outbox-${kind}@example.com`
    await outbox.request("/api/register", { method: "POST", json: registration(email) })
    expect(outbox.logs.some((line) => /Mail to .*\(code \d{4}\)/.test(line))).toBe(true)
  })

  it("are taken out of paths before a path is logged", () => {
    expect(redactPath("/api/verify-email/0f8e2a1c-1111-4222-8333-944455556666/1234")).toBe(
      "/api/verify-email/:uuid/:code",
    )
    expect(redactPath("/api/resend-verification-email/mei@example.com")).toBe("/api/resend-verification-email/:email")
    expect(redactPath("/api/patient/Zm9vYmFyYmF6cXV4cXV1eA")).toBe("/api/patient/:token")
    expect(redactPath("/patient/Zm9vYmFyYmF6cXV4cXV1eA")).toBe("/patient/:token")
    expect(redactPath("/api/patient/unsubscribe")).toBe("/api/patient/unsubscribe")
  })
})

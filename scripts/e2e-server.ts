// The server the browser tests run against: the built app and a fresh data directory (database
// and outbox) every run — its database copied from the one `npm test` prepared, when there is one
// (the server still migrates and seeds whatever that copy lacks) — and a real OpenID Connect provider on 127.0.0.1 (tests/support) that the
// app offers as "Local ID" for social sign-in. Videos are rendered when a journey first plays them,
// into one folder every test server shares and keeps between runs (their names change with their
// scenes, so a kept file is never stale).
import { cpSync, existsSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { SOCIAL_CALLBACK_ROUTE } from "../src/domain/account/social-sign-in.ts"
import { E2E_DB_TEMPLATE } from "../tests/e2e/support/servers.ts"
import { startTestOidcProvider, TEST_OIDC_CLIENT } from "../tests/support/oidc-test-provider.ts"
import { buildIfStale } from "./build-if-stale.ts"

buildIfStale()
const dataDir = resolve(process.env.DATA_DIR ?? ".tmp/e2e-data-3100")
rmSync(dataDir, { recursive: true, force: true })
if (existsSync(E2E_DB_TEMPLATE)) cpSync(E2E_DB_TEMPLATE, join(dataDir, "db"), { recursive: true })
process.env.VIDEOS_PRERENDER ??= "off"
process.env.VIDEO_DIR ??= resolve(".tmp/e2e-videos")
if (process.env.E2E_SOCIAL !== "off") {
  const origin = process.env.APP_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`
  const provider = await startTestOidcProvider(`${origin}${SOCIAL_CALLBACK_ROUTE}`)
  process.env.OIDC_LOCAL_ISSUER = provider.issuer
  process.env.OIDC_LOCAL_CLIENT_ID = TEST_OIDC_CLIENT.id
  process.env.OIDC_LOCAL_CLIENT_SECRET = TEST_OIDC_CLIENT.secret
  process.env.OIDC_LOCAL_NAME = "Local ID"
}
await import("../server/main.ts")

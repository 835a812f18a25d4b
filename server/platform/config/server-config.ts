// Every setting the server reads, read here once from the environment with working defaults
// (ARCHITECTURE.md "Configuration"). Tests build a ServerConfig directly with `ServerConfig.layer`.
import { isIP } from "node:net"
import { resolve } from "node:path"
import { Context, Layer } from "effect"
import { MINUTE_MS } from "../../../src/domain/self-tests/test-timing.ts"

/**
 * Which reverse proxies stand in front of the server (TRUST_PROXY). Only then is the client address
 * taken from X-Forwarded-For: a number of proxy hops, or the proxies' own addresses (or subnets).
 */
export type TrustProxy =
  | { readonly _tag: "None" }
  | { readonly _tag: "Hops"; readonly hops: number }
  | { readonly _tag: "Addresses"; readonly addresses: ReadonlyArray<string> }

export interface ServerSettings {
  readonly port: number
  readonly host: string
  /** Unset: the embedded PGlite database in `${dataDir}/db`. */
  readonly databaseUrl: string | undefined
  readonly dataDir: string
  readonly appOrigin: string
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  readonly stripeSecretKey: string | undefined
  readonly stripeWebhookSecret: string | undefined
  /** Stripe Price ids of the Pro plan; the local checkout uses its own ids. */
  readonly stripePriceYearly: string | undefined
  readonly stripePriceMonthly: string | undefined
  /** The knowledge base to seed from. */
  readonly contentDir: string
  /** Built app to serve; absent in API-only tests. */
  readonly staticDir: string | undefined
  /** Multiplies every rate limit; 1 in production. */
  readonly rateLimitFactor: number
  readonly logLevel: "info" | "warn" | "error" | "none"
  readonly trustProxy: TrustProxy
  /** NODE_ENV as set; "production" in any case makes a production server (`isProduction`). */
  readonly nodeEnv: string
  /** LOCAL_CHECKOUT=on: the operator accepts the built-in checkout (no money taken) in production. */
  readonly localCheckout: boolean
  /** STRIPE_TEST_MODE=on: the operator accepts Stripe test keys (no money taken) in production. */
  readonly stripeTestMode: boolean
  /** SERVER_SECRET: the key of the keyed hashes the server keeps (security/secrets.ts); required in production. */
  readonly serverSecret: string
  /** OpenID Connect providers for social sign-in (OIDC_<NAME>_…); none: social sign-in is off. */
  readonly socialProviders: ReadonlyArray<SocialProviderSettings>
  /** Where the rendered videos live: VIDEO_DIR, or `${dataDir}/videos`. */
  readonly videoDir: string
  /**
   * VIDEOS_PRERENDER=off: render a video only when it is first asked for. Otherwise every missing
   * video is rendered in the background after the start, one at a time.
   */
  readonly videoPrerender: boolean
  /**
   * SELF_TEST_MINUTE_MS: how long a minute of a self-test's time limit (and of its "more time")
   * lasts; a minute (60000) unless the server of the browser journeys shortens it. A production
   * server refuses to start with any other length (`startupProblems`).
   */
  readonly selfTestMinuteMs: number
}

/** One OpenID Connect provider: where it is, our client there, and the name on its button. */
export interface SocialProviderSettings {
  /** Lower-case `<NAME>` of its variables: the provider's id in our addresses. */
  readonly id: string
  readonly name: string
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
}

/** Issuers and names of the providers that need only a client id and secret. */
const KNOWN_PROVIDERS: Readonly<Record<string, { readonly issuer: string; readonly name: string }>> = {
  google: { issuer: "https://accounts.google.com", name: "Google" },
  apple: { issuer: "https://appleid.apple.com", name: "Apple" },
}

/**
 * Every `OIDC_<NAME>_CLIENT_ID` with its `_CLIENT_SECRET` and `_ISSUER` (Google's and Apple's are
 * known) and an optional `_NAME` for its button. A provider missing a part is left out (and
 * `startupProblems` names it), so a half-configured provider never shows a button.
 */
export const readSocialProviders = (env: NodeJS.ProcessEnv): Array<SocialProviderSettings> => {
  const ids = Object.keys(env).flatMap((key) => {
    const match = /^OIDC_([A-Z0-9]+)_CLIENT_ID$/.exec(key)
    return match?.[1] && env[key] ? [match[1]] : []
  })
  return ids.sort().flatMap((upper) => {
    const id = upper.toLowerCase()
    const known = KNOWN_PROVIDERS[id]
    const issuer = env[`OIDC_${upper}_ISSUER`] || known?.issuer
    const clientId = env[`OIDC_${upper}_CLIENT_ID`]
    const clientSecret = env[`OIDC_${upper}_CLIENT_SECRET`]
    if (!issuer || !clientId || !clientSecret || !URL.canParse(issuer)) return []
    return [{ id, name: env[`OIDC_${upper}_NAME`] || known?.name || upper, issuer, clientId, clientSecret }]
  })
}

/** Parses TRUST_PROXY: unset or empty is none, a whole number is hops, otherwise a comma list. */
export const parseTrustProxy = (value: string | undefined): TrustProxy | { readonly _tag: "Invalid" } => {
  const text = (value ?? "").trim()
  if (text === "" || text === "0" || text === "false") return { _tag: "None" }
  if (/^\d+$/.test(text)) return { _tag: "Hops", hops: Number(text) }
  const addresses = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
  const valid = addresses.every((entry) => {
    const [address = "", bits, ...rest] = entry.split("/")
    const family = isIP(address)
    if (family === 0 || rest.length > 0) return false
    if (bits === undefined) return true
    const n = Number(bits)
    return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128)
  })
  return valid && addresses.length > 0 ? { _tag: "Addresses", addresses } : { _tag: "Invalid" }
}

const ROOT = resolve(import.meta.dirname, "../../..")

/** A self-test's minute, SELF_TEST_MINUTE_MS: unset or not a whole number of milliseconds above 0 is a minute. */
const readSelfTestMinute = (value: string | undefined): number => {
  const ms = Number(value)
  return value !== undefined && /^\d+$/.test(value.trim()) && ms > 0 ? ms : MINUTE_MS
}

/** The key a developer's or a test's server uses without SERVER_SECRET; production refuses to start with it. */
export const DEVELOPMENT_SERVER_SECRET = "jingluo-development-secret-not-for-production"
/** A shorter secret is guessable. */
export const SERVER_SECRET_MIN_LENGTH = 32

export const readSettings = (env: NodeJS.ProcessEnv = process.env): ServerSettings => {
  const port = Number(env.PORT ?? 3000)
  const host = env.HOST ?? "0.0.0.0"
  const dataDir = resolve(env.DATA_DIR ?? resolve(ROOT, ".data"))
  const factor = Number(env.RATE_LIMIT_FACTOR ?? 1)
  const level = env.LOG_LEVEL
  const trustProxy = parseTrustProxy(env.TRUST_PROXY)
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    appOrigin: (env.APP_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Jingluo <no-reply@jingluo.app>",
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePriceYearly: env.STRIPE_PRICE_YEARLY || undefined,
    stripePriceMonthly: env.STRIPE_PRICE_MONTHLY || undefined,
    contentDir: resolve(env.CONTENT_DIR ?? resolve(ROOT, "content")),
    staticDir: env.STATIC_DIR === "" ? undefined : resolve(env.STATIC_DIR ?? resolve(ROOT, "dist")),
    rateLimitFactor: Number.isFinite(factor) && factor > 0 ? factor : 1,
    logLevel: level === "warn" || level === "error" || level === "none" ? level : "info",
    // An unreadable TRUST_PROXY trusts nobody; `startupProblems` refuses to start with it.
    trustProxy: trustProxy._tag === "Invalid" ? { _tag: "None" } : trustProxy,
    nodeEnv: env.NODE_ENV ?? "development",
    localCheckout: env.LOCAL_CHECKOUT === "on",
    stripeTestMode: env.STRIPE_TEST_MODE === "on",
    serverSecret: env.SERVER_SECRET || DEVELOPMENT_SERVER_SECRET,
    socialProviders: readSocialProviders(env),
    videoDir: resolve(env.VIDEO_DIR ?? resolve(dataDir, "videos")),
    videoPrerender: env.VIDEOS_PRERENDER !== "off",
    selfTestMinuteMs: readSelfTestMinute(env.SELF_TEST_MINUTE_MS),
  }
}

/** Host names of this machine: a server reached only under these is a developer's or a test's. */
const isLoopbackHost = (hostname: string) =>
  hostname === "localhost" ||
  hostname.endsWith(".localhost") ||
  hostname === "[::1]" ||
  (isIP(hostname) === 4 && hostname.startsWith("127."))

/**
 * Why this server counts as production, or null for a developer's or a test's: NODE_ENV is
 * "production" in any spelling, or APP_ORIGIN — where users reach it — is https, names any host
 * but this machine, or is no address at all. Production refuses what takes no money unless the
 * operator says so (LOCAL_CHECKOUT=on, STRIPE_TEST_MODE=on).
 */
export const productionReason = (settings: Pick<ServerSettings, "nodeEnv" | "appOrigin">): string | null => {
  if (settings.nodeEnv.trim().toLowerCase() === "production") return `NODE_ENV=${settings.nodeEnv}`
  if (!URL.canParse(settings.appOrigin)) return `APP_ORIGIN=${settings.appOrigin} (not an address)`
  const origin = new URL(settings.appOrigin)
  if (origin.protocol === "https:") return `APP_ORIGIN=${settings.appOrigin} (https)`
  if (!isLoopbackHost(origin.hostname)) return `APP_ORIGIN=${settings.appOrigin} (not this machine)`
  return null
}

export const isProduction = (settings: Pick<ServerSettings, "nodeEnv" | "appOrigin">) =>
  productionReason(settings) !== null

/** Stripe's test keys take no money. */
export const isStripeTestKey = (secretKey: string) => /^(sk|rk)_test_/.test(secretKey)

/** Settings the server must not start with, each as a sentence for the operator. */
export const startupProblems = (settings: ServerSettings, env: NodeJS.ProcessEnv = process.env): Array<string> => {
  const problems: Array<string> = []
  if (parseTrustProxy(env.TRUST_PROXY)._tag === "Invalid")
    problems.push(
      `TRUST_PROXY="${env.TRUST_PROXY}" is neither a number of proxy hops nor a comma list of proxy addresses.`,
    )
  const production = productionReason(settings)
  if (production && !settings.stripeSecretKey && !settings.localCheckout)
    problems.push(
      `STRIPE_SECRET_KEY is not set on a production server (${production}): the built-in checkout grants Pro ` +
        "without taking money. Set the Stripe keys, or LOCAL_CHECKOUT=on to run it anyway.",
    )
  if (production && settings.stripeSecretKey && isStripeTestKey(settings.stripeSecretKey) && !settings.stripeTestMode)
    problems.push(
      `STRIPE_SECRET_KEY is a Stripe test key on a production server (${production}): payments would take no ` +
        "money. Set the live key, or STRIPE_TEST_MODE=on to run with test keys anyway.",
    )
  if (production && (!env.SERVER_SECRET || env.SERVER_SECRET.length < SERVER_SECRET_MIN_LENGTH))
    problems.push(
      `SERVER_SECRET is not set, or shorter than ${SERVER_SECRET_MIN_LENGTH} characters, on a production server ` +
        `(${production}): it keys the hashes by which the server remembers who had a trial. Set it to a long ` +
        "random string (openssl rand -base64 32) and keep it: a new one forgets them.",
    )
  if (production && settings.selfTestMinuteMs !== MINUTE_MS)
    problems.push(
      `SELF_TEST_MINUTE_MS="${env.SELF_TEST_MINUTE_MS}" is set on a production server (${production}): it changes ` +
        "how long every self-test lasts, and is for the test servers only. Remove it.",
    )
  if (production && settings.stripeSecretKey && !settings.stripeWebhookSecret)
    problems.push("STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: no payment would ever be recorded.")
  for (const key of Object.keys(env)) {
    const upper = /^OIDC_([A-Z0-9]+)_CLIENT_ID$/.exec(key)?.[1]
    if (upper && env[key] && !settings.socialProviders.some((provider) => provider.id === upper.toLowerCase()))
      problems.push(
        `${key} is set, but OIDC_${upper}_CLIENT_SECRET or a valid OIDC_${upper}_ISSUER is missing: sign-in with it would fail.`,
      )
  }
  return problems
}

export class ServerConfig extends Context.Service<ServerConfig, ServerSettings>()("jingluo/server/ServerConfig") {
  static readonly layer = (settings: ServerSettings) => Layer.succeed(ServerConfig, settings)
  static readonly layerFromEnv = Layer.sync(ServerConfig, () => readSettings())
}

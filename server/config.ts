// Every setting the server reads, read here once from the environment with working defaults
// (ARCHITECTURE.md "Configuration"). Tests build a ServerConfig directly with `ServerConfig.layer`.
import { resolve } from "node:path"
import { Context, Layer } from "effect"

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
}

const ROOT = resolve(import.meta.dirname, "..")

export const readSettings = (env: NodeJS.ProcessEnv = process.env): ServerSettings => {
  const port = Number(env.PORT ?? 3000)
  const host = env.HOST ?? "0.0.0.0"
  const dataDir = resolve(env.DATA_DIR ?? resolve(ROOT, ".data"))
  const factor = Number(env.RATE_LIMIT_FACTOR ?? 1)
  const level = env.LOG_LEVEL
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
  }
}

export class ServerConfig extends Context.Service<ServerConfig, ServerSettings>()("jingluo/server/ServerConfig") {
  static readonly layer = (settings: ServerSettings) => Layer.succeed(ServerConfig, settings)
  static readonly layerFromEnv = Layer.sync(ServerConfig, () => readSettings())
}

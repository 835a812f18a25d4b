// A server for one test file: the real routes, services and SQL over a fresh copy of the prepared
// database (PGlite, or a new PostgreSQL database cloned from the template), with captured mail.
// Requests go through a web handler, so no port is opened, unless `listen` asks for a real Node
// HTTP server on 127.0.0.1. Queued mail is delivered after each request, as the worker would.
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { resolve } from "node:path"
import { NodeHttpServer } from "@effect/platform-node"
import { PgClient } from "@effect/sql-pg"
import { Cause, Effect, Layer, Logger, ManagedRuntime, Redacted } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import { AppRoutes, makeServices } from "../../../server/app.ts"
import type { PaymentProvider } from "../../../server/billing/payment-provider.ts"
import { readSettings, ServerConfig, type ServerSettings } from "../../../server/platform/config/server-config.ts"
import { pgliteLayer } from "../../../server/platform/db/pglite-client.ts"
import type { OutgoingMail } from "../../../server/platform/mail/mail-layout.ts"
import { MailQueue } from "../../../server/platform/mail/mail-queue.ts"
import { MailTransport } from "../../../server/platform/mail/mail-transport.ts"
import type { RegisterPayload } from "../../../src/domain/account/registration.ts"
import type { LoginPayload } from "../../../src/domain/account/sign-in.ts"
import { PLAN_ID_PRO } from "../../../src/domain/billing/plans.ts"
import { adminUrl, PGLITE_DUMP, POSTGRES_TEMPLATE } from "./paths.ts"

export type DatabaseKind = "pglite" | "postgres"

/** The databases the server suites run on: always PGlite, PostgreSQL when one is available. */
export const DATABASES: ReadonlyArray<DatabaseKind> = adminUrl() ? ["pglite", "postgres"] : ["pglite"]

/**
 * The databases of the suites about the HTTP layer (schemas on hostile input, headers, cookies,
 * client addresses, cross-site requests): PGlite only. What they test is decided before or beside
 * the SQL, and the SQL they reach runs on both databases in the suites about it; a second pass would
 * repeat the same requests for a minute of CI.
 */
export const HTTP_LAYER_DATABASES: ReadonlyArray<DatabaseKind> = ["pglite"]

const testSettings = (overrides: Partial<ServerSettings>): ServerSettings => ({
  ...readSettings({}),
  appOrigin: "http://app.test",
  staticDir: undefined,
  logLevel: "none",
  rateLimitFactor: 1,
  videoPrerender: false,
  // Rendered videos are kept between files and runs, like the e2e servers' (their names carry their scenes).
  videoDir: resolve(".tmp/test-videos"),
  ...overrides,
})

const withDatabase = async (kind: DatabaseKind) => {
  if (kind === "pglite") {
    return { layer: pgliteLayer({ loadDataDir: new Blob([readFileSync(PGLITE_DUMP)]) }), drop: async () => {} }
  }
  const admin = adminUrl()!
  const name = `jingluo_t_${randomBytes(6).toString("hex")}`
  const adminLayer = PgClient.layer({ url: Redacted.make(admin) })
  await Effect.runPromise(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE}`),
    ).pipe(Effect.provide(adminLayer)),
  )
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    layer: PgClient.layer({ url: Redacted.make(url.toString()), maxConnections: 4 }),
    drop: () =>
      Effect.runPromise(
        Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).pipe(
          Effect.provide(adminLayer),
        ),
      ).then(() => undefined),
  }
}

export interface TestServer {
  readonly kind: DatabaseKind
  readonly mails: Array<OutgoingMail>
  readonly request: (
    path: string,
    init?: RequestInit & { json?: unknown; token?: string; locale?: string; bare?: boolean },
  ) => Promise<Response>
  /** Runs SQL against the server's database. */
  readonly sql: <A extends object = Record<string, unknown>>(
    query: string,
    params?: ReadonlyArray<unknown>,
  ) => Promise<ReadonlyArray<A>>
  /** Delivers the queued mail that is due, as the background worker does. */
  readonly deliverMail: () => Promise<number>
  /** Every line the server logged (with `logs: true`). */
  readonly logs: Array<string>
  /** `http://127.0.0.1:<port>` of the real HTTP server (with `listen: true`). */
  readonly origin: string | undefined
  readonly close: () => Promise<void>
}

export interface TestServerOptions {
  /** Mail transport; captured into `mails` by default. */
  readonly mail?: "capture" | "real"
  readonly payments?: Layer.Layer<PaymentProvider, never, ServerConfig>
  readonly logs?: boolean
  readonly listen?: boolean
}

export const startTestServer = async (
  kind: DatabaseKind,
  overrides: Partial<ServerSettings> = {},
  options: TestServerOptions = {},
): Promise<TestServer> => {
  const mails: Array<OutgoingMail> = []
  const logs: Array<string> = []
  const database = await withDatabase(kind)
  const config = ServerConfig.layer(testSettings(overrides))
  const services = makeServices({
    database: database.layer as Layer.Layer<SqlClient.SqlClient>,
    mail: options.mail === "real" ? MailTransport.layer : MailTransport.layerCapture(mails),
    ...(options.payments ? { payments: options.payments } : {}),
  }).pipe(Layer.provide(config))
  const logger = options.logs
    ? Logger.layer([
        Logger.make(({ message, cause }) => {
          const parts = (Array.isArray(message) ? message : [message]).map((part) =>
            typeof part === "string" ? part : JSON.stringify(part),
          )
          logs.push([...parts, cause.reasons.length > 0 ? Cause.pretty(cause) : ""].join(" "))
        }),
      ])
    : Layer.empty
  // One runtime holds the services, so the web handler and `sql` share the same database.
  const runtime = ManagedRuntime.make(Layer.mergeAll(services, config, logger))
  const context = await runtime.context()
  const routes = AppRoutes.pipe(Layer.provide(Layer.succeedContext(context)))
  // The logger is part of the handler's own context: routes outside the contract log through it too.
  const { handler, dispose } = HttpRouter.toWebHandler(
    routes.pipe(Layer.provide(HttpServer.layerServices), Layer.provideMerge(logger)),
    { disableLogger: true },
  )
  const listening = options.listen
    ? ManagedRuntime.make(
        HttpRouter.serve(routes, { disableLogger: true, disableListenLog: true }).pipe(
          Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
          Layer.provideMerge(logger),
        ),
      )
    : undefined
  const address = listening ? (await listening.runPromise(HttpServer.HttpServer)).address : undefined
  const deliverMail = () => runtime.runPromise(Effect.flatMap(MailQueue, (queue) => queue.deliverDue))
  const request: TestServer["request"] = async (path, init = {}) => {
    const headers = new Headers(init.headers)
    // Like the app's client: JSON is said on every call that changes state, with or without a body
    // (unless the request is to go out `bare`, with only the headers given).
    const changesState = ["POST", "PUT", "PATCH", "DELETE"].includes((init.method ?? "GET").toUpperCase())
    if (
      init.json !== undefined ||
      (changesState && !init.bare && init.body === undefined && !headers.has("content-type"))
    )
      headers.set("content-type", "application/json")
    if (init.token) headers.set("authorization", `Bearer ${init.token}`)
    if (init.locale) headers.set("locale", init.locale)
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
    const response = await handler(new Request(`http://app.test${path}`, { ...init, headers, body }))
    await deliverMail()
    return response
  }
  return {
    kind,
    mails,
    request,
    sql: (query, params = []) =>
      runtime.runPromise(
        Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(query, params as Array<unknown>)),
      ) as never,
    deliverMail,
    logs,
    origin: address && "port" in address ? `http://127.0.0.1:${address.port}` : undefined,
    close: async () => {
      await listening?.dispose()
      await dispose()
      await runtime.dispose()
      await database.drop()
    },
  }
}

export const PASSWORD = "lotus7root"

/** Registers and verifies an account; returns its e-mail and uuid. */
export const createVerifiedUser = async (
  server: TestServer,
  email = `u${randomBytes(4).toString("hex")}@example.com`,
) => {
  const registered = await server.request("/api/register", {
    method: "POST",
    json: {
      email,
      firstName: "Lin",
      lastName: "Wei",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      promotional: false,
    } satisfies typeof RegisterPayload.Encoded,
  })
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}: ${await registered.text()}`)
  const { uuid } = (await registered.json()) as { uuid: string }
  const mail = server.mails.filter((m) => m.to === email && m.purpose === "verify-email").at(-1)!
  // In the browser that registered, so the password typed at registration is kept.
  const verified = await server.request(`/api/verify-email/${uuid}/${mail.code}`, {
    headers: { cookie: signUpCookieOf(registered) },
  })
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`)
  if (((await verified.json()) as { passwordNeeded: boolean }).passwordNeeded)
    throw new Error("verify asked for a password")
  return { email, uuid }
}

/** The sign-up cookie a registration's answer sets, as a `Cookie` header for the same browser. */
export const signUpCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("jingluo_sign_up=")) ?? ""

/** Signs in as an API client does: the session token from the answer's body, for `Authorization: Bearer`. */
export const signIn = async (server: TestServer, email: string, password = PASSWORD) => {
  const response = await server.request("/api/login", {
    method: "POST",
    json: { email, password, return_token: true } satisfies typeof LoginPayload.Encoded,
  })
  if (response.status !== 200) throw new Error(`login answered ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

/** A new verified account on Pro, signed in: its session token and address. */
export const signInPro = async (server: TestServer) => {
  const { email } = await createVerifiedUser(server)
  await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, email])
  return { token: await signIn(server, email), email }
}

/** A Standard and a Pro member, each new and signed in: the two sessions paid content is checked between. */
export const signInMembers = async (server: TestServer) => ({
  standard: await signIn(server, (await createVerifiedUser(server)).email),
  pro: (await signInPro(server)).token,
})

/** Deletes the signed-in account, proving it with the account's password. */
export const deleteAccount = (server: TestServer, token: string, password = PASSWORD) =>
  server.request("/api/account/delete", { method: "DELETE", token, json: { current_password: password } })

/** The `token` cookies an answer sets, as sent: `token=<value>; Max-Age=…; …`. */
export const sessionCookiesOf = (response: Response) =>
  response.headers.getSetCookie().filter((cookie) => cookie.startsWith("token="))

/** The session token an answer sets in the browser's cookie, if it sets one. */
export const sessionCookieOf = (response: Response) =>
  sessionCookiesOf(response)
    .map((cookie) => /^token=([^;]*)/.exec(cookie)?.[1] ?? "")
    .find((value) => value !== "")

/** Whether a content call answered the item itself: 200 and not the `Locked` answer with public facts only. */
export const opensItem = async (response: Response) =>
  response.status === 200 && ((await response.json()) as { readonly _tag?: string })._tag !== "Locked"

/**
 * An answer's JSON as the tests read it: any field at any depth. The contracts' Schemas are what
 * check its shape; the tests compare the values they name.
 */
// biome-ignore lint/suspicious/noExplicitAny: a test reads an answer's fields at any depth without declaring its type first
export type Json = Record<string, any>

/** An answer's status and its JSON body ({} when empty), for tests that read both. */
export interface JsonAnswer {
  readonly status: number
  readonly body: Json
}

/** A call with an optional bearer token, JSON body and locale, answered as status and JSON. */
export const callJson = async (
  server: TestServer,
  method: string,
  path: string,
  token?: string,
  json?: unknown,
  locale?: string,
): Promise<JsonAnswer> => {
  const response = await server.request(path, {
    method,
    ...(token ? { token } : {}),
    ...(json !== undefined ? { json } : {}),
    ...(locale ? { locale } : {}),
  })
  const text = await response.text()
  return { status: response.status, body: text.length > 0 ? JSON.parse(text) : {} }
}

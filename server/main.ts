// Starts Jingluo: one process serving the API and the built app on PORT, with the database
// migrated and the knowledge base seeded first, the mail worker, the billing clock and the
// accounts' housekeeping running.
// Settings it must not run with (see `startupProblems`) stop it before anything opens.
import { createServer } from "node:http"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Logger } from "effect"
import { HttpRouter } from "effect/http"
import { AccountsHousekeeping, AppRoutes, BillingClock, Services } from "./app.ts"
import { describePayments, isTestMode } from "./billing/payment-provider.ts"
import { readSettings, ServerConfig, startupProblems } from "./platform/config/server-config.ts"
import { MailWorker } from "./platform/mail/mail-queue.ts"
import { RateLimitSweeper } from "./platform/security/rate-limiter.ts"

const settings = readSettings()

const problems = startupProblems(settings)
if (problems.length > 0) {
  for (const problem of problems) console.error(`Jingluo cannot start: ${problem}`)
  process.exit(1)
}

// Services (and so the migrated, seeded database) are built once, before the port opens: the routes
// and the background work share them. They are given to the routes, not to the server: each request
// runs with the server's own context, and each handler adds the services it was built with, so a
// server that carried every service too would copy them all again on every request.
// The same `Services` layer everywhere, so one launch builds it once (its database opened once).
/** Nothing of its own: done once the services are, so the port opens after them. */
const ServicesReady = Layer.effectDiscard(Effect.void).pipe(Layer.provide(Services))
const HttpLive = Layer.mergeAll(
  HttpRouter.serve(AppRoutes.pipe(Layer.provide(Services)), { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provide(
      NodeHttpServer.layer(createServer, { port: settings.port, host: settings.host }).pipe(
        Layer.provide(ServicesReady),
      ),
    ),
  ),
  Layer.mergeAll(BillingClock, MailWorker, RateLimitSweeper, AccountsHousekeeping).pipe(Layer.provide(Services)),
).pipe(Layer.provide(ServerConfig.layer(settings)))

const announce = Layer.effectDiscard(
  Effect.logInfo(`Jingluo is running at ${settings.appOrigin} (listening on ${settings.host}:${settings.port})`),
)

// Said first, before the database opens: who takes the money, and whether any is taken.
const payments = Layer.effectDiscard(
  isTestMode(settings) ? Effect.logWarning(describePayments(settings)) : Effect.logInfo(describePayments(settings)),
)

Layer.launch(Layer.mergeAll(payments, announce.pipe(Layer.provide(HttpLive)))).pipe(
  Effect.provide(Logger.layer([Logger.consolePretty()])),
  NodeRuntime.runMain,
)

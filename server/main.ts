// Starts Jingluo: one process serving the API and the built app on PORT, with the database
// migrated and the knowledge base seeded first.
import { createServer } from "node:http"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Logger } from "effect"
import { HttpRouter } from "effect/http"
import { AppRoutes, BillingClock, Services } from "./app.ts"
import { readSettings, ServerConfig } from "./config.ts"

const settings = readSettings()

// Services (and so the migrated, seeded database) are built before the port opens.
const HttpLive = HttpRouter.serve(AppRoutes, { disableLogger: true, disableListenLog: true }).pipe(
  Layer.merge(BillingClock),
  Layer.provide(NodeHttpServer.layer(createServer, { port: settings.port, host: settings.host })),
  Layer.provide(Services),
  Layer.provide(ServerConfig.layer(settings)),
)

const announce = Layer.effectDiscard(
  Effect.logInfo(`Jingluo is running at ${settings.appOrigin} (listening on ${settings.host}:${settings.port})`),
)

Layer.launch(announce.pipe(Layer.provide(HttpLive))).pipe(
  Effect.provide(Logger.layer([Logger.consolePretty()])),
  NodeRuntime.runMain,
)

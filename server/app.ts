// Builds the server from its parts: database (migrated and seeded before anything serves),
// repositories, services, the contract's handlers, the built app's static files, and the global
// response policy. `main.ts` serves it on a port; tests build it with their own config.
import { Effect, Layer, Schedule } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { SqlClient } from "effect/sql"
import { Api } from "../src/domain/api/api.ts"
import { ChartsHandlers } from "./charts/handlers.ts"
import { ChartsRepo } from "./charts/repo.ts"
import { Charts } from "./charts/service.ts"
import { ServerConfig } from "./config.ts"
import { Database } from "./db/database.ts"
import { migrateAndSeed } from "./db/prepare.ts"
import { BillingHandlers } from "./handlers/billing-handlers.ts"
import { ContentHandlers } from "./handlers/content-handlers.ts"
import { SystemHandlers } from "./handlers/system-handlers.ts"
import { UsersHandlers } from "./handlers/users-handlers.ts"
import { ApiDocsRoute, OPENAPI_PATH } from "./http/api-docs.ts"
import { AuthenticationLive, OptionalAuthenticationLive } from "./http/authentication.ts"
import { BillingRoutes } from "./http/billing-routes.ts"
import { ContentCache } from "./http/content-cache.ts"
import { requestLanguage } from "./http/request-context.ts"
import { RequestGuardLive } from "./http/request-guard.ts"
import { ResponsePolicy } from "./http/response-policy.ts"
import { StaticApp } from "./http/static-app.ts"
import { message } from "./i18n/messages.ts"
import { CodesRepo } from "./repositories/codes-repo.ts"
import { ContentRepo } from "./repositories/content-repo.ts"
import { MailQueueRepo } from "./repositories/mail-queue-repo.ts"
import { QuotesRepo } from "./repositories/quotes-repo.ts"
import { SessionsRepo } from "./repositories/sessions-repo.ts"
import { SubscriptionsRepo } from "./repositories/subscriptions-repo.ts"
import { UsersRepo } from "./repositories/users-repo.ts"
import { SearchHandlers } from "./search/handlers.ts"
import { SearchRepo } from "./search/repo.ts"
import { Search } from "./search/service.ts"
import { Accounts } from "./services/accounts.ts"
import { Auth } from "./services/auth.ts"
import { Billing } from "./services/billing.ts"
import { Content } from "./services/content.ts"
import { MailTransport } from "./services/mail.ts"
import { MailQueue } from "./services/mail-queue.ts"
import { OneTimeCodes } from "./services/one-time-codes.ts"
import { Passwords } from "./services/passwords.ts"
import { PaymentProvider } from "./services/payment-provider.ts"
import { RateLimiter } from "./services/rate-limiter.ts"
import { Secrets } from "./services/secrets.ts"
import { SettingsHandlers } from "./settings/handlers.ts"
import { SettingsRepo } from "./settings/repo.ts"
import { Settings } from "./settings/service.ts"
import { TestContentSource } from "./tests/content-source.ts"
import { TestsHandlers } from "./tests/handlers.ts"
import { TestsRepo } from "./tests/repo.ts"
import { SelfTests } from "./tests/service.ts"

/** A database after migrations and the content seed have run. */
export const readyDatabase = <E, R>(database: Layer.Layer<SqlClient.SqlClient, E, R>) =>
  Layer.effectDiscard(
    Effect.gen(function* () {
      const { contentDir } = yield* ServerConfig
      yield* migrateAndSeed(contentDir)
    }).pipe(Effect.orDie),
  ).pipe(Layer.provideMerge(database))

const Repositories = Layer.mergeAll(
  UsersRepo.layer,
  SessionsRepo.layer,
  CodesRepo.layer,
  QuotesRepo.layer,
  SubscriptionsRepo.layer,
  ContentRepo.layer,
  MailQueueRepo.layer,
  SettingsRepo.layer,
  TestsRepo.layer,
  SearchRepo.layer,
  ChartsRepo.layer,
)

/** Every service over a given database, mail transport and payment provider; tests pass their own. */
export const makeServices = <E, R>(options: {
  readonly database: Layer.Layer<SqlClient.SqlClient, E, R>
  readonly mail?: Layer.Layer<MailTransport, never, ServerConfig>
  readonly payments?: Layer.Layer<PaymentProvider, never, ServerConfig>
}) =>
  Layer.mergeAll(
    Accounts.layer,
    Auth.layer,
    Billing.layer,
    Content.layer,
    SelfTests.layer,
    Search.layer,
    Charts.layer,
  ).pipe(
    Layer.provideMerge(Layer.mergeAll(OneTimeCodes.layer, MailQueue.layer, Settings.layer, TestContentSource.layer)),
    Layer.provideMerge(
      Layer.mergeAll(
        Passwords.layer,
        options.mail ?? MailTransport.layer,
        RateLimiter.layer,
        Secrets.layer,
        options.payments ?? PaymentProvider.layer,
      ),
    ),
    Layer.provideMerge(Repositories),
    Layer.provideMerge(readyDatabase(options.database)),
  )

export const Services = makeServices({ database: Database })

const ApiRoutes = HttpApiBuilder.layer(Api, { openapiPath: OPENAPI_PATH }).pipe(
  Layer.provide([
    UsersHandlers,
    SystemHandlers,
    BillingHandlers,
    ContentHandlers.pipe(Layer.provide(ContentCache.layer)),
    TestsHandlers,
    SettingsHandlers,
    SearchHandlers,
    ChartsHandlers,
  ]),
  Layer.provide([RequestGuardLive, AuthenticationLive, OptionalAuthenticationLive]),
)

/** An API path the contract does not know answers a JSON 404, never the app's index page. */
const UnknownApiPath = HttpRouter.add(
  "*",
  "/api/*",
  requestLanguage.pipe(
    Effect.flatMap((language) => HttpServerResponse.json({ message: message("notFound", language) }, { status: 404 })),
    Effect.orDie,
  ),
)

/** The routes; they need `Services`, which are built (database ready) before the port opens. */
export const AppRoutes = Layer.mergeAll(
  ApiRoutes,
  ApiDocsRoute,
  BillingRoutes,
  StaticApp,
  UnknownApiPath,
  ResponsePolicy,
)

/** Ends due trials and paid periods every minute (local subscriptions; Stripe reports its own). */
export const BillingClock = Layer.effectDiscard(
  Effect.flatMap(Billing, (billing) =>
    Effect.forkScoped(billing.processDue.pipe(Effect.repeat(Schedule.spaced("1 minute")))),
  ),
)

// Builds the server from its parts: database (migrated and seeded before anything serves),
// repositories, services, the contract's handlers, the built app's static files, and the global
// response policy. `main.ts` serves it on a port; tests build it with their own config.
import { Effect, Layer, Schedule } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { SqlClient } from "effect/sql"
import { Api } from "../src/domain/api/api.ts"
import { AccountMails } from "./accounts/account-mails.ts"
import { AccountSettings } from "./accounts/account-settings-service.ts"
import { Accounts } from "./accounts/accounts-service.ts"
import { Auth } from "./accounts/auth-service.ts"
import { AuthenticationLive, OptionalAuthenticationLive } from "./accounts/authentication.ts"
import { CodesRepo } from "./accounts/codes-repo.ts"
import { OneTimeCodes } from "./accounts/codes-service.ts"
import { EmailChange } from "./accounts/email-change-service.ts"
import { EmailUndoRepo } from "./accounts/email-undo-repo.ts"
import { UsersHandlers } from "./accounts/handlers.ts"
import { Passwords } from "./accounts/passwords-service.ts"
import { ProfileRepo } from "./accounts/profile-repo.ts"
import { Reauthentication } from "./accounts/reauthentication-service.ts"
import { SessionsRepo } from "./accounts/sessions-repo.ts"
import { AccountHandlers } from "./accounts/settings-handlers.ts"
import { SettingsMails } from "./accounts/settings-mails.ts"
import { SignInBudget } from "./accounts/sign-in-budget.ts"
import { SignUpsRepo } from "./accounts/sign-ups-repo.ts"
import { OidcClients } from "./accounts/social/oidc-clients.ts"
import { SocialHandlers } from "./accounts/social/social-handlers.ts"
import { SocialRepo } from "./accounts/social/social-repo.ts"
import { SocialRoutes } from "./accounts/social/social-routes.ts"
import { SocialSignIn } from "./accounts/social/social-service.ts"
import { UsersRepo } from "./accounts/users-repo.ts"
import { BillingHandlers } from "./billing/handlers.ts"
import { PaymentProvider } from "./billing/payment-provider.ts"
import { BillingRoutes } from "./billing/routes.ts"
import { Billing } from "./billing/service.ts"
import { SubscriptionsRepo } from "./billing/subscriptions-repo.ts"
import { ChartsHandlers } from "./charts/handlers.ts"
import { ChartsRepo } from "./charts/repo.ts"
import { Charts } from "./charts/service.ts"
import { ContentCache } from "./content/content-cache.ts"
import { ContentHandlers } from "./content/handlers.ts"
import { ContentRepo } from "./content/repo.ts"
import { Content } from "./content/service.ts"
import { FeedbackHandlers } from "./feedback/handlers.ts"
import { FeedbackRepo } from "./feedback/repo.ts"
import { Feedback } from "./feedback/service.ts"
import { GroupsHandlers } from "./groups/handlers.ts"
import { GroupsRepo } from "./groups/repo.ts"
import { Groups } from "./groups/service.ts"
import { NotesHandlers } from "./notes/handlers.ts"
import { NotesRepo } from "./notes/repo.ts"
import { Notes } from "./notes/service.ts"
import { FirstPagesLive } from "./pages/first-pages.ts"
import { ServerConfig } from "./platform/config/server-config.ts"
import { Database } from "./platform/db/database.ts"
import { migrateAndSeed } from "./platform/db/prepare.ts"
import { notFoundAnswer } from "./platform/http/answers.ts"
import { ApiDocsRoute, OPENAPI_PATH } from "./platform/http/api-docs.ts"
import { RequestGuardLive } from "./platform/http/request-guard.ts"
import { ResponsePolicy } from "./platform/http/response-policy.ts"
import { StaticApp } from "./platform/http/static-app.ts"
import { Translations } from "./platform/i18n/translations.ts"
import { MailQueue } from "./platform/mail/mail-queue.ts"
import { MailQueueRepo } from "./platform/mail/mail-queue-repo.ts"
import { MailTransport } from "./platform/mail/mail-transport.ts"
import { RateLimiter } from "./platform/security/rate-limiter.ts"
import { Secrets } from "./platform/security/secrets.ts"
import { SearchHandlers } from "./search/handlers.ts"
import { SearchRepo } from "./search/repo.ts"
import { Search } from "./search/service.ts"
import { TestContentSource } from "./self-tests/content-source.ts"
import { TestsHandlers } from "./self-tests/handlers.ts"
import { TestsRepo } from "./self-tests/repo.ts"
import { SelfTests } from "./self-tests/service.ts"
import { SettingsHandlers } from "./settings/handlers.ts"
import { SettingsRepo } from "./settings/repo.ts"
import { Settings } from "./settings/service.ts"
import { PatientsHandlers, SharingHandlers } from "./sharing/handlers.ts"
import { SharingRepo } from "./sharing/repo.ts"
import { Sharing } from "./sharing/service.ts"
import { SiteRoutes } from "./site/routes.ts"
import { SystemHandlers } from "./system/handlers.ts"
import { HealthRepo } from "./system/health-repo.ts"
import { QuotesRepo } from "./system/quotes-repo.ts"
import { System } from "./system/service.ts"
import { VideosHandlers } from "./videos/handlers.ts"
import { MediaRoutes } from "./videos/media-routes.ts"
import { Videos } from "./videos/service.ts"
import { VideoFiles } from "./videos/video-files.ts"

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
  SignUpsRepo.layer,
  SessionsRepo.layer,
  CodesRepo.layer,
  QuotesRepo.layer,
  HealthRepo.layer,
  SubscriptionsRepo.layer,
  ContentRepo.layer,
  MailQueueRepo.layer,
  SettingsRepo.layer,
  TestsRepo.layer,
  SearchRepo.layer,
  ChartsRepo.layer,
  SocialRepo.layer,
  NotesRepo.layer,
  FeedbackRepo.layer,
  ProfileRepo.layer,
  EmailUndoRepo.layer,
  GroupsRepo.layer,
  SharingRepo.layer,
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
    System.layer,
    SelfTests.layer,
    Search.layer,
    Notes.layer,
    Feedback.layer,
    Videos.layer,
  ).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        OneTimeCodes.layer,
        MailQueue.layer,
        AccountMails.layer,
        SettingsMails.layer,
        SignInBudget.layer,
        Settings.layer,
        TestContentSource.layer,
        Groups.layer,
        VideoFiles.layer,
      ),
    ),
    // Self-tests place points on the charts through the Charts service; both build on the content
    // through its service, never its repository.
    Layer.provideMerge(Charts.layer),
    Layer.provideMerge(Content.layer),
    Layer.provideMerge(
      Layer.mergeAll(
        Passwords.layer,
        options.mail ?? MailTransport.layer,
        RateLimiter.layer,
        Secrets.layer,
        options.payments ?? PaymentProvider.layer,
        Translations.layer,
      ),
    ),
    Layer.provideMerge(Repositories),
    Layer.provideMerge(readyDatabase(options.database)),
    // Social sign-in signs in through Auth, so it sits on top of the other services.
    (services) => SocialSignIn.layer.pipe(Layer.provide(OidcClients.layer), Layer.provideMerge(services)),
    // Account settings change and delete what the other services keep, so they sit on top as well.
    // Their proofs and e-mail change build on the codes, mail and sign-in budget below.
    (services) =>
      AccountSettings.layer.pipe(
        Layer.provideMerge(EmailChange.layer),
        Layer.provideMerge(Reauthentication.layer),
        Layer.provideMerge(services),
      ),
    // Sharing lists the acupressure videos through Videos and mails through the queue.
    (services) => Sharing.layer.pipe(Layer.provideMerge(services)),
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
    SocialHandlers,
    NotesHandlers,
    FeedbackHandlers,
    AccountHandlers,
    GroupsHandlers,
    VideosHandlers,
    SharingHandlers,
    PatientsHandlers,
  ]),
  Layer.provide([RequestGuardLive, AuthenticationLive, OptionalAuthenticationLive]),
)

/** An API path the contract does not know answers a JSON 404, never the app's index page. */
const UnknownApiPath = HttpRouter.use((router) =>
  Effect.flatMap(Translations, (translations) => router.add("*", "/api/*", notFoundAnswer(translations))),
)

/** The routes; they need `Services`, which are built (database ready) before the port opens. */
export const AppRoutes = Layer.mergeAll(
  ApiRoutes,
  ApiDocsRoute,
  BillingRoutes,
  SocialRoutes,
  MediaRoutes,
  // sitemap.xml and robots.txt, ahead of the built app's catch-all.
  SiteRoutes,
  // The pages the server draws embed the content answers the API sends, from the same cache.
  StaticApp.pipe(Layer.provide(FirstPagesLive.pipe(Layer.provide(ContentCache.layer)))),
  UnknownApiPath,
  ResponsePolicy,
)

/**
 * Removes expired sign-ups (with their unverified accounts) and spent codes every hour, and forgets
 * the patient addresses' keys of shares whose links have ended.
 */
export const AccountsHousekeeping = Layer.effectDiscard(
  Effect.gen(function* () {
    const accounts = yield* Accounts
    const sharing = yield* Sharing
    yield* Effect.forkScoped(
      Effect.andThen(accounts.purgeExpired, sharing.forgetEnded).pipe(Effect.repeat(Schedule.spaced("1 hour"))),
    )
  }),
)

/** Ends due trials and paid periods every minute (local subscriptions; Stripe reports its own). */
export const BillingClock = Layer.effectDiscard(
  Effect.flatMap(Billing, (billing) =>
    Effect.forkScoped(billing.processDue.pipe(Effect.repeat(Schedule.spaced("1 minute")))),
  ),
)

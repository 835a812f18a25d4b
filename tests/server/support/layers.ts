// Effect layers over a fresh copy of the prepared PGlite database, for service-level tests that
// control time with TestClock.

import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AccountMails } from "../../../server/accounts/account-mails.ts"
import { Accounts } from "../../../server/accounts/accounts-service.ts"
import { CodesRepo } from "../../../server/accounts/codes-repo.ts"
import { OneTimeCodes } from "../../../server/accounts/codes-service.ts"
import { Passwords } from "../../../server/accounts/passwords-service.ts"
import { SessionsRepo } from "../../../server/accounts/sessions-repo.ts"
import { SignUpsRepo } from "../../../server/accounts/sign-ups-repo.ts"
import { UsersRepo } from "../../../server/accounts/users-repo.ts"
import { readSettings, ServerConfig } from "../../../server/platform/config/server-config.ts"
import { pgliteLayer } from "../../../server/platform/db/pglite-client.ts"
import { Translations } from "../../../server/platform/i18n/translations.ts"
import type { OutgoingMail } from "../../../server/platform/mail/mail-layout.ts"
import { MailQueue } from "../../../server/platform/mail/mail-queue.ts"
import { MailQueueRepo } from "../../../server/platform/mail/mail-queue-repo.ts"
import { MailTransport } from "../../../server/platform/mail/mail-transport.ts"
import { RateLimiter } from "../../../server/platform/security/rate-limiter.ts"
import { Secrets } from "../../../server/platform/security/secrets.ts"
import { PGLITE_DUMP } from "./paths.ts"

export const TestDatabase = Layer.suspend(() =>
  pgliteLayer({ loadDataDir: new Blob([readFileSync(PGLITE_DUMP)]) }),
).pipe(Layer.orDie)

/** Inserts a bare user row and returns its id. */
export const insertUser = (email: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ id: number }>`
      INSERT INTO users (uuid, email, first_name, last_name, password_hash)
      VALUES (gen_random_uuid(), ${email}, 'Test', 'User', NULL) RETURNING id`
    return rows[0]!.id
  }).pipe(Effect.orDie)

/**
 * The accounts service and everything under it over PGlite, its mail captured into `sent`. A test
 * may pass its own codes repository (one that counts what it is asked, say).
 */
export const accountsStack = <R>(
  sent: Array<OutgoingMail>,
  codesRepo: Layer.Layer<R, never, SqlClient.SqlClient> = CodesRepo.layer as never,
) =>
  Accounts.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(OneTimeCodes.layer, MailQueue.layer, AccountMails.layer)),
    Layer.provideMerge(
      Layer.mergeAll(
        codesRepo,
        UsersRepo.layer,
        SignUpsRepo.layer,
        SessionsRepo.layer,
        MailQueueRepo.layer,
        RateLimiter.layer,
        Secrets.layer,
        Passwords.layer,
        MailTransport.layerCapture(sent),
        Translations.layer,
      ),
    ),
    Layer.provideMerge(TestDatabase),
    Layer.provideMerge(
      ServerConfig.layer({
        ...readSettings({}),
        appOrigin: "http://app.test",
        rateLimitFactor: 1,
        videoPrerender: false,
        videoDir: resolve(".tmp/test-videos"),
      }),
    ),
  )

// The profile's tables: the options of the country, currency and language selects, the user's
// choices among them, the names and the e-mail address; and erasing an account with everything
// that names it. SQL and decoding failures are defects.
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, SqlSchema } from "effect/sql"
import { CountryOption, CurrencyOption, LanguageOption, type ProfileOptions } from "../../src/domain/account/profile.ts"
import { Country, Currency, ProfileLanguage } from "../../src/domain/account/user.ts"
import { orDie } from "../platform/db/queries.ts"

export const ProfileChoices = Schema.Struct({
  country: Schema.NullOr(Country),
  currency: Schema.NullOr(Currency),
  language: Schema.NullOr(ProfileLanguage),
})
export type ProfileChoices = typeof ProfileChoices.Type

export interface ProfileChange {
  readonly firstName: string
  readonly lastName: string
  /** null: none chosen. */
  readonly countryId: number | null
  readonly currencyId: number | null
  readonly language: string
  readonly promotional: boolean
}

const ChoicesRow = Schema.Struct({
  country_id: Schema.NullOr(Schema.Number),
  country_name: Schema.NullOr(Schema.String),
  currency_id: Schema.NullOr(Schema.Number),
  currency_title: Schema.NullOr(Schema.String),
  language_id: Schema.NullOr(Schema.Number),
  language_name: Schema.NullOr(Schema.String),
  lang_code: Schema.NullOr(Schema.String),
})

export class ProfileRepo extends Context.Service<
  ProfileRepo,
  {
    readonly options: Effect.Effect<ProfileOptions>
    readonly choices: (userId: number) => Effect.Effect<ProfileChoices>
    readonly countryExists: (id: number) => Effect.Effect<boolean>
    readonly currencyExists: (id: number) => Effect.Effect<boolean>
    /** The language code of a language option, none for an unknown id. */
    readonly languageCode: (id: number) => Effect.Effect<Option.Option<string>>
    readonly update: (userId: number, change: ProfileChange) => Effect.Effect<void>
    /** Whether another account uses the address. */
    readonly emailTaken: (email: string, exceptUserId: number) => Effect.Effect<boolean>
    /** Gives the account the address; false when another account took it meanwhile. */
    readonly changeEmail: (userId: number, email: string) => Effect.Effect<boolean>
    /**
     * Deletes the user (sessions, codes, settings, subscriptions, tests and whatever else refers to
     * the user cascade with it) and the rows that name the user only by address or id in a key:
     * unsent mail and rate-limit counters.
     */
    readonly erase: (userId: number, email: string) => Effect.Effect<void>
  }
>()("jingluo/server/ProfileRepo") {
  static readonly layer = Layer.effect(
    ProfileRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const countries = SqlSchema.findAll({
        Request: Schema.Void,
        Result: CountryOption,
        execute: () => sql`SELECT id, name, iso_code AS code FROM countries ORDER BY name`,
      })
      const currencies = SqlSchema.findAll({
        Request: Schema.Void,
        Result: CurrencyOption,
        execute: () => sql`SELECT id, title, code FROM currencies ORDER BY id`,
      })
      const languages = SqlSchema.findAll({
        Request: Schema.Void,
        Result: LanguageOption,
        execute: () => sql`SELECT id, name, lang_code FROM profile_languages ORDER BY id`,
      })
      const choices = SqlSchema.findOneOption({
        Request: Schema.Number,
        Result: ChoicesRow,
        execute: (userId) => sql`
          SELECT c.id AS country_id, c.name AS country_name, cu.id AS currency_id, cu.title AS currency_title,
                 l.id AS language_id, l.name AS language_name, l.lang_code
          FROM users u
          LEFT JOIN countries c ON c.id = u.country_id
          LEFT JOIN currencies cu ON cu.id = u.currency_id
          LEFT JOIN profile_languages l ON l.lang_code = u.language
          WHERE u.id = ${userId}`,
      })
      const exists = (table: "countries" | "currencies") =>
        orDie(
          SqlSchema.findAll({
            Request: Schema.Number,
            Result: Schema.Struct({ id: Schema.Number }),
            execute: (id) => sql`SELECT id FROM ${sql(table)} WHERE id = ${id}`,
          }),
        )
      const countryRows = exists("countries")
      const currencyRows = exists("currencies")
      const languageCode = SqlSchema.findOneOption({
        Request: Schema.Number,
        Result: Schema.Struct({ lang_code: Schema.String }),
        execute: (id) => sql`SELECT lang_code FROM profile_languages WHERE id = ${id}`,
      })
      const emailTaken = SqlSchema.findAll({
        Request: Schema.Struct({ email: Schema.String, userId: Schema.Number }),
        Result: Schema.Struct({ id: Schema.Number }),
        execute: ({ email, userId }) => sql`SELECT id FROM users WHERE email = ${email} AND id <> ${userId}`,
      })
      const changeEmail = SqlSchema.findAll({
        Request: Schema.Struct({ email: Schema.String, userId: Schema.Number }),
        Result: Schema.Struct({ id: Schema.Number }),
        execute: ({ email, userId }) => sql`
          UPDATE users SET email = ${email}, updated_at = now()
          WHERE id = ${userId} AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email = ${email} AND o.id <> ${userId})
          RETURNING id`,
      })
      // Ids are whole numbers within int4 before they reach SQL, so a huge number is "unknown", not a 500.
      const inRange = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
      return ProfileRepo.of({
        options: orDie(() =>
          Effect.all({ countries: countries(), currencies: currencies(), languages: languages() }),
        )(),
        choices: orDie((userId: number) =>
          Effect.map(
            choices(userId),
            Option.match({
              onNone: () => ({ country: null, currency: null, language: null }),
              onSome: (r): ProfileChoices => ({
                country: r.country_id !== null ? { id: r.country_id, name: r.country_name ?? "" } : null,
                currency: r.currency_id !== null ? { id: r.currency_id, title: r.currency_title ?? "" } : null,
                language:
                  r.language_id !== null
                    ? { id: r.language_id, name: r.language_name ?? "", lang_code: r.lang_code ?? "" }
                    : null,
              }),
            }),
          ),
        ),
        countryExists: (id) => (inRange(id) ? Effect.map(countryRows(id), (r) => r.length > 0) : Effect.succeed(false)),
        currencyExists: (id) =>
          inRange(id) ? Effect.map(currencyRows(id), (r) => r.length > 0) : Effect.succeed(false),
        languageCode: (id) =>
          inRange(id)
            ? orDie(languageCode)(id).pipe(Effect.map(Option.map((r) => r.lang_code)))
            : Effect.succeed(Option.none()),
        update: (userId, c) =>
          sql`
            UPDATE users SET first_name = ${c.firstName}, last_name = ${c.lastName}, country_id = ${c.countryId},
                   currency_id = ${c.currencyId}, language = ${c.language}, promotional_emails = ${c.promotional},
                   updated_at = now()
            WHERE id = ${userId}`.pipe(Effect.asVoid, Effect.orDie),
        emailTaken: (email, userId) => orDie(emailTaken)({ email, userId }).pipe(Effect.map((rows) => rows.length > 0)),
        changeEmail: (userId, email) =>
          orDie(changeEmail)({ email, userId }).pipe(Effect.map((rows) => rows.length > 0)),
        erase: (userId, email) =>
          sql
            .withTransaction(
              Effect.gen(function* () {
                yield* sql`DELETE FROM mail_queue WHERE recipient = ${email}`
                // Counters keyed by the account (…:user:<id>) or by its address (…:<email>).
                const byUser = `:user:${userId}`
                const byEmail = `:${email}`
                yield* sql`
                  DELETE FROM rate_limits
                  WHERE right(key, ${byUser.length}) = ${byUser} OR right(key, ${byEmail.length}) = ${byEmail}`
                yield* sql`DELETE FROM users WHERE id = ${userId}`
              }),
            )
            .pipe(Effect.orDie),
      })
    }),
  )
}

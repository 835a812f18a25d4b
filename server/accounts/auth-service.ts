// Sign-in, sessions and sign-out. A sign-in creates an opaque 32-byte token stored only as its
// SHA-256 with a device name; attempts are counted per account and per client address before the
// password is checked, and a right password resets its account's count. The password of the
// address's waiting sign-up is checked too, always, so a known address that someone registered
// with their own password answers "not verified" exactly like a new address would.
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { SignInDevice } from "../../src/domain/account/devices.ts"
import { normalizeEmail } from "../../src/domain/account/email-rules.ts"
import type { SignedInUser, UserData } from "../../src/domain/account/user.ts"
import type { SubscriptionView } from "../../src/domain/billing/subscription.ts"
import { SESSION_MAX_AGE_DAYS } from "../../src/domain/shared/cookies.ts"
import {
  EmailNotVerified,
  InvalidCredentials,
  type TooManyRequests,
  Unauthorized,
} from "../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { DAY_MS } from "../../src/domain/shared/timing.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { Secrets, sha256 } from "../platform/security/secrets.ts"
import type { Caller } from "./accounts-service.ts"
import { addressHashOf } from "./codes-service.ts"
import { Passwords } from "./passwords-service.ts"
import { ProfileRepo } from "./profile-repo.ts"
import { SessionsRepo } from "./sessions-repo.ts"
import { SignInBudget } from "./sign-in-budget.ts"
import { SignUpsRepo } from "./sign-ups-repo.ts"
import { toSignedInUser, toUserData } from "./user-view.ts"
import { type UserRow, UsersRepo } from "./users-repo.ts"

export interface SessionInfo {
  readonly sessionId: string
  readonly userId: number
  readonly uuid: string
  /** The user's plan as the session was read. */
  readonly planId: number
  /** When the session ends (its cookie may not outlive it). */
  readonly expiresAt: Date
}

export class Auth extends Context.Service<
  Auth,
  {
    readonly login: (
      credentials: { readonly email: string; readonly password: string; readonly device: SignInDevice },
      caller: Caller,
    ) => Effect.Effect<SignedInUser, InvalidCredentials | EmailNotVerified | TooManyRequests>
    /** A new session for a user who has proven who they are (password or a social identity). */
    readonly openSession: (user: UserRow, device: SignInDevice) => Effect.Effect<SignedInUser>
    readonly authenticate: (token: string, language: SelectableLanguage) => Effect.Effect<SessionInfo, Unauthorized>
    /** The caller when the token is valid, otherwise nobody (expired tokens make a visitor). */
    readonly identify: (token: string | undefined) => Effect.Effect<Option.Option<SessionInfo>>
    readonly logout: (sessionId: string) => Effect.Effect<void>
    readonly logoutAll: (userId: number) => Effect.Effect<number>
    readonly dashboard: (userId: number, subscription: SubscriptionView | null) => Effect.Effect<UserData>
  }
>()("jingluo/server/Auth") {
  static readonly layer = Layer.effect(
    Auth,
    Effect.gen(function* () {
      const users = yield* UsersRepo
      const signUps = yield* SignUpsRepo
      const sessions = yield* SessionsRepo
      const profiles = yield* ProfileRepo
      const passwords = yield* Passwords
      const budget = yield* SignInBudget
      const secrets = yield* Secrets
      const { message } = yield* Translations

      const openSession = Effect.fn("Auth.openSession")(function* (user: UserRow, device: SignInDevice) {
        const token = yield* secrets.sessionToken
        const now = yield* Clock.currentTimeMillis
        yield* sessions.create({
          id: yield* secrets.uuid,
          userId: user.id,
          tokenHash: sha256(token),
          deviceName: device.name,
          place: device.place,
          now: new Date(now),
          expiresAt: new Date(now + SESSION_MAX_AGE_DAYS * DAY_MS),
        })
        return toSignedInUser(user, token)
      })

      const login = Effect.fn("Auth.login")(function* (
        credentials: { readonly email: string; readonly password: string; readonly device: SignInDevice },
        caller: Caller,
      ) {
        const email = normalizeEmail(credentials.email)
        // Every attempt is counted before argon2 runs, so parallel guesses cannot slip past the
        // limit; a right password takes its attempt back.
        yield* budget.spend(email, caller)
        const found = yield* users.findByEmail(email)
        const signUp = yield* signUps.byAddress(addressHashOf(email))
        // Both checks run whatever the first one says: an address with a sign-up costs the same
        // two verifications whether or not it also has an account.
        const [accountOk, signUpOk] = yield* Effect.all([
          passwords.verify(Option.isSome(found) ? found.value.password_hash : null, credentials.password),
          Option.isSome(signUp)
            ? passwords.verify(signUp.value.password_hash, credentials.password)
            : Effect.succeed(false),
        ])
        const verifiedAccount = accountOk && Option.isSome(found) && found.value.email_verified_at !== null
        if (!accountOk && !signUpOk) {
          return yield* new InvalidCredentials({ message: message("invalidCredentials", caller.language) })
        }
        yield* budget.refund(email, caller)
        // A sign-up's password never opens anything: it only reads like an unverified account.
        if (!verifiedAccount || Option.isNone(found)) {
          return yield* new EmailNotVerified({ message: message("emailNotVerified", caller.language), email })
        }
        const user = found.value
        return yield* openSession(user, credentials.device)
      })

      const identify = (token: string | undefined) =>
        token === undefined || token.length === 0 || token.length > 200
          ? Effect.succeed(Option.none<SessionInfo>())
          : Effect.gen(function* () {
              const now = yield* Clock.currentTimeMillis
              const found = yield* sessions.findLive(sha256(token), new Date(now))
              return Option.map(
                found,
                (s): SessionInfo => ({
                  sessionId: s.id,
                  userId: s.user_id,
                  uuid: s.uuid,
                  planId: s.plan_id,
                  expiresAt: s.expires_at,
                }),
              )
            })

      const authenticate = (token: string, language: SelectableLanguage) =>
        identify(token).pipe(
          Effect.flatMap(
            Option.match({
              onNone: () => Effect.fail(new Unauthorized({ message: message("unauthorized", language) })),
              onSome: Effect.succeed,
            }),
          ),
        )

      const dashboard = Effect.fn("Auth.dashboard")(function* (userId: number, subscription: SubscriptionView | null) {
        const user = yield* users.findById(userId)
        if (Option.isNone(user)) return yield* Effect.die(new Error(`session user ${userId} is missing`))
        return { ...toUserData(user.value, subscription), ...(yield* profiles.choices(userId)) }
      })

      return Auth.of({
        login,
        openSession,
        authenticate,
        identify,
        logout: sessions.delete,
        logoutAll: sessions.deleteAllForUser,
        dashboard,
      })
    }),
  )
}

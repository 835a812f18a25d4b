// Social sign-in (OpenID Connect, authorization code with PKCE, state and nonce). A start keeps the
// verifier and nonce server-side, bound to the browser by an HttpOnly cookie; the provider's answer
// is accepted once, from that browser, within SOCIAL_ATTEMPT_MINUTES, and only after the ID token's
// checks. A linked identity (issuer + subject) signs in. Otherwise only a provider-verified e-mail
// is trusted: a new address registers (no password, the address verified), and the address of an
// existing account links only once its owner has proven it with the account's password. An account
// whose address nobody has proven yet is the provider's to prove: its unproven password goes.
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { SignInDevice } from "../../../src/domain/account/devices.ts"
import { normalizeEmail } from "../../../src/domain/account/email-rules.ts"
import { type SocialRefusalReason, SocialSignInRefused } from "../../../src/domain/account/social-errors.ts"
import {
  SOCIAL_ATTEMPT_MINUTES,
  SOCIAL_CALLBACK_ROUTE,
  type SocialLinkPayload,
  type SocialLoginPayload,
  type SocialLoginResult,
  type SocialProvider,
  type SocialRegisterPayload,
} from "../../../src/domain/account/social-sign-in.ts"
import type { SignedInUser } from "../../../src/domain/account/user.ts"
import { InvalidCredentials, NotFound, TooManyRequests, ValidationFailed } from "../../../src/domain/shared/errors.ts"
import type { SelectableLanguage } from "../../../src/domain/shared/locales.ts"
import { MessageKey } from "../../../src/domain/shared/validation.ts"
import { ServerConfig, type SocialProviderSettings } from "../../platform/config/server-config.ts"
import { Translations } from "../../platform/i18n/translations.ts"
import { LIMITS, RateLimiter } from "../../platform/security/rate-limiter.ts"
import { Secrets, safeEqual, sha256 } from "../../platform/security/secrets.ts"
import { Accounts, type Caller } from "../accounts-service.ts"
import { Auth } from "../auth-service.ts"
import { Passwords } from "../passwords-service.ts"
import { SignInBudget } from "../sign-in-budget.ts"
import { UsersRepo } from "../users-repo.ts"
import { OidcClients } from "./oidc-clients.ts"
import { postedName } from "./posted-name.ts"
import { type Identity, SocialRepo } from "./social-repo.ts"

const ATTEMPT_MS = SOCIAL_ATTEMPT_MINUTES * 60_000

/** A started sign-in: where to send the browser, and the value of its binding cookie. */
export interface SocialStart {
  readonly url: string
  readonly browserToken: string
}

export class SocialSignIn extends Context.Service<
  SocialSignIn,
  {
    readonly providers: ReadonlyArray<SocialProvider>
    /** Counts the start against the client's bucket first: a start writes an attempt and may ask the provider. */
    readonly start: (
      providerId: string,
      returnTo: string | null,
      caller: Caller,
    ) => Effect.Effect<SocialStart, "UnknownProvider" | "Unavailable" | TooManyRequests>
    /** Our redirect URI at the providers. */
    readonly callbackUrl: string
    /** Keeps the name a provider posted with its answer (Apple's `user` field) for the code exchange. */
    readonly keepPostedName: (state: string, postedUser: string | undefined) => Effect.Effect<void>
    /** The return path a started sign-in was given (read, not spent), for the callback's redirect. */
    readonly returnPathOf: (state: string) => Effect.Effect<string | null>
    readonly complete: (
      payload: SocialLoginPayload,
      browserToken: string | undefined,
      caller: Caller,
      device: SignInDevice,
    ) => Effect.Effect<SocialLoginResult, SocialSignInRefused | NotFound>
    readonly register: (
      payload: SocialRegisterPayload,
      caller: Caller,
      device: SignInDevice,
    ) => Effect.Effect<SignedInUser, SocialSignInRefused | ValidationFailed | NotFound | TooManyRequests>
    readonly link: (
      payload: SocialLinkPayload,
      caller: Caller,
      device: SignInDevice,
    ) => Effect.Effect<SignedInUser, SocialSignInRefused | InvalidCredentials | NotFound | TooManyRequests>
  }
>()("jingluo/server/SocialSignIn") {
  static readonly layer = Layer.effect(
    SocialSignIn,
    Effect.gen(function* () {
      const clients = yield* OidcClients
      const repo = yield* SocialRepo
      const users = yield* UsersRepo
      const auth = yield* Auth
      const accounts = yield* Accounts
      const passwords = yield* Passwords
      const limiter = yield* RateLimiter
      const budget = yield* SignInBudget
      const secrets = yield* Secrets
      const { appOrigin } = yield* ServerConfig
      const { message } = yield* Translations
      const callbackUrl = `${appOrigin}${SOCIAL_CALLBACK_ROUTE}`
      const byId = new Map(clients.providers.map((provider) => [provider.id, provider]))

      const refused = (reason: SocialRefusalReason, language: SelectableLanguage) =>
        new SocialSignInRefused({ message: message("socialRefused", language), reason })
      const off = (language: SelectableLanguage) => new NotFound({ message: message("notFound", language) })
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const start = Effect.fn("SocialSignIn.start")(function* (
        providerId: string,
        returnTo: string | null,
        caller: Caller,
      ) {
        const provider = byId.get(providerId)
        if (!provider) return yield* Effect.fail("UnknownProvider" as const)
        const verdict = yield* limiter.take(`social-start:ip:${caller.address}`, LIMITS.socialStartsPerClient)
        if (!verdict.allowed)
          return yield* new TooManyRequests({
            message: message("tooManyRequests", caller.language),
            retryAfterSeconds: verdict.retryAfterSeconds,
          })
        const request = yield* clients
          .authorizationRequest(provider, callbackUrl)
          .pipe(Effect.mapError(() => "Unavailable" as const))
        const browserToken = yield* secrets.sessionToken
        const at = yield* now
        yield* repo.purge(new Date(at.getTime() - ATTEMPT_MS))
        yield* repo.createAttempt({
          id: yield* secrets.uuid,
          provider: provider.id,
          stateHash: sha256(request.state),
          browserHash: sha256(browserToken),
          codeVerifier: request.codeVerifier,
          nonce: request.nonce,
          returnTo,
          now: at,
          expiresAt: new Date(at.getTime() + ATTEMPT_MS),
        })
        return { url: request.url, browserToken }
      })

      /** Keeps the proven identity for its next step and hands out the ticket for it. */
      const ticketFor = (attemptId: string, identity: Identity) =>
        Effect.gen(function* () {
          const ticket = yield* secrets.sessionToken
          const at = yield* now
          yield* repo.saveIdentity(attemptId, identity, sha256(ticket), new Date(at.getTime() + ATTEMPT_MS))
          return ticket
        })

      const complete = Effect.fn("SocialSignIn.complete")(function* (
        payload: SocialLoginPayload,
        browserToken: string | undefined,
        caller: Caller,
        device: SignInDevice,
      ) {
        if (byId.size === 0) return yield* off(caller.language)
        const at = yield* now
        // Spent at once: a replayed or parallel answer finds no state.
        const attempt = yield* repo.spendState(sha256(payload.state), at)
        if (Option.isNone(attempt)) return yield* refused("state", caller.language)
        const { value } = attempt
        if (browserToken === undefined || !safeEqual(sha256(browserToken), value.browser_hash))
          return yield* refused("state", caller.language)
        if (value.expires_at.getTime() <= at.getTime()) return yield* refused("expired", caller.language)
        const provider = byId.get(value.provider)
        if (!provider) return yield* refused("state", caller.language)
        const answer = new URL(callbackUrl)
        answer.searchParams.set("code", payload.code)
        answer.searchParams.set("state", payload.state)
        if (payload.iss !== undefined) answer.searchParams.set("iss", payload.iss)
        const claims = yield* clients
          .exchange(provider, answer, { state: payload.state, nonce: value.nonce, codeVerifier: value.code_verifier })
          .pipe(
            Effect.tapError((failure) =>
              Effect.logWarning(
                `Social sign-in with ${provider.id} refused: ${failure._tag === "Rejected" ? failure.detail : "provider unreachable"}`,
              ),
            ),
            Effect.mapError((failure) =>
              refused(failure._tag === "Rejected" ? "provider" : "unavailable", caller.language),
            ),
          )
        const linked = yield* repo.linkedUser(claims.issuer, claims.subject, at)
        if (Option.isSome(linked)) return yield* auth.openSession(linked.value, device)
        if (claims.email === undefined) return yield* refused("noEmail", caller.language)
        if (!claims.emailVerified) return yield* refused("unverifiedEmail", caller.language)
        const email = normalizeEmail(claims.email)
        const identity: Identity = {
          issuer: claims.issuer,
          subject: claims.subject,
          email,
          // The ID token's name first; else the name the provider posted with its answer (Apple).
          firstName: claims.givenName || (value.posted_first_name ?? ""),
          lastName: claims.familyName || (value.posted_last_name ?? ""),
        }
        const existing = yield* users.findByEmail(email)
        if (Option.isSome(existing) && existing.value.email_verified_at === null) {
          // Nobody has proven this address, and the provider just has: its proof wins. The password
          // typed when the address was registered was never proven to be the owner's, so it goes,
          // and every session with it (the owner can set a password in the account's settings).
          yield* repo.link(existing.value.id, provider.id, identity, at)
          yield* accounts.confirmMailboxOwner(existing.value.id, null)
          const user = yield* users.findById(existing.value.id)
          return yield* auth.openSession(
            Option.getOrElse(user, () => existing.value),
            device,
          )
        }
        if (Option.isSome(existing)) {
          // An account without a password cannot be proven here (it belongs to another provider).
          if (existing.value.password_hash === null) return yield* refused("linkUnavailable", caller.language)
          const ticket = yield* ticketFor(value.id, identity)
          return { step: "link" as const, ticket, provider: provider.name, email }
        }
        const ticket = yield* ticketFor(value.id, identity)
        return {
          step: "register" as const,
          ticket,
          provider: provider.name,
          email,
          firstName: identity.firstName,
          lastName: identity.lastName,
        }
      })

      /** The identity behind a ticket, spent; a used, expired or unknown ticket is refused. */
      const spendTicket = (ticket: string, language: SelectableLanguage) =>
        Effect.flatMap(now, (at) => repo.spendTicketRow(sha256(ticket), at)).pipe(
          Effect.flatMap(
            Option.match({
              onNone: () => Effect.fail(refused("expired", language)),
              onSome: Effect.succeed,
            }),
          ),
        )

      const register = Effect.fn("SocialSignIn.register")(function* (
        payload: SocialRegisterPayload,
        caller: Caller,
        device: SignInDevice,
      ) {
        if (byId.size === 0) return yield* off(caller.language)
        const verdict = yield* limiter.hit(`register:ip:${caller.address}`, LIMITS.registrationsPerIp)
        if (!verdict.allowed)
          return yield* new TooManyRequests({
            message: message("tooManyRequests", caller.language),
            retryAfterSeconds: verdict.retryAfterSeconds,
          })
        const at = yield* now
        const pending = yield* repo.peekTicket(sha256(payload.ticket), at)
        if (Option.isNone(pending)) return yield* refused("expired", caller.language)
        // The address is the one the provider verified; another would need its own verification.
        if (normalizeEmail(payload.email) !== pending.value.email)
          return yield* new ValidationFailed({
            message: message("validationFailed", caller.language),
            errors: { email: MessageKey.socialEmailMismatch },
          })
        const identity = yield* spendTicket(payload.ticket, caller.language)
        const created = yield* repo.insertUser({
          uuid: yield* secrets.uuid,
          email: identity.email,
          firstName: payload.firstName,
          lastName: payload.lastName,
          promotional: payload.promotional,
          language: caller.language,
          now: at,
        })
        if (Option.isNone(created))
          return yield* new ValidationFailed({
            message: message("validationFailed", caller.language),
            errors: { email: MessageKey.emailTaken },
          })
        yield* repo.link(created.value.id, identity.provider, toIdentity(identity), at)
        return yield* auth.openSession(created.value, device)
      })

      const link = Effect.fn("SocialSignIn.link")(function* (
        payload: SocialLinkPayload,
        caller: Caller,
        device: SignInDevice,
      ) {
        if (byId.size === 0) return yield* off(caller.language)
        const at = yield* now
        const pending = yield* repo.peekTicket(sha256(payload.ticket), at)
        if (Option.isNone(pending)) return yield* refused("expired", caller.language)
        const email = pending.value.email
        // The same budget as the password sign-in: proving an account is guessing its password.
        yield* budget.spend(email, caller)
        const account = yield* users.findByEmail(email)
        const ok = yield* passwords.verify(
          Option.isSome(account) ? account.value.password_hash : null,
          payload.password,
        )
        if (!ok || Option.isNone(account))
          return yield* new InvalidCredentials({ message: message("invalidCredentials", caller.language) })
        yield* budget.refund(email, caller)
        const identity = yield* spendTicket(payload.ticket, caller.language)
        yield* repo.link(account.value.id, identity.provider, toIdentity(identity), at)
        // The provider verified the address and the owner proved the account.
        yield* users.markVerified(account.value.id, at)
        const user = yield* users.findById(account.value.id)
        return yield* auth.openSession(
          Option.getOrElse(user, () => account.value),
          device,
        )
      })

      return SocialSignIn.of({
        providers: clients.providers.map(({ id, name }: SocialProviderSettings) => ({ id, name })),
        start,
        callbackUrl,
        keepPostedName: (state, postedUser) =>
          Option.match(postedName(postedUser), {
            onNone: () => Effect.void,
            onSome: (name) => repo.keepPostedName(sha256(state), name),
          }),
        returnPathOf: (state) => Effect.map(repo.returnToOf(sha256(state)), (found) => Option.getOrNull(found) ?? null),
        complete,
        register,
        link,
      })
    }),
  )
}

const toIdentity = (row: {
  readonly issuer: string
  readonly subject: string
  readonly email: string
  readonly first_name: string
  readonly last_name: string
}): Identity => ({
  issuer: row.issuer,
  subject: row.subject,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
})

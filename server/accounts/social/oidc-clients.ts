// Our client at each configured OpenID Connect provider, through `openid-client`: the provider's
// metadata is discovered once (again after a failure), authorization URLs carry PKCE (S256), state
// and nonce, and the code exchange checks the ID token (signature, issuer, audience, expiry, nonce)
// before any claim is read. openid-client checks the signature only when asked
// (`enableNonRepudiationChecks`): against the provider's published keys (its `jwks_uri`, fetched and
// cached by openid-client), so a token altered on its way, or signed by anyone else, is refused.
// Plain http is allowed only for an issuer on this machine (tests).
import { Context, Effect, Layer } from "effect"
import * as oidc from "openid-client"
import { ServerConfig, type SocialProviderSettings } from "../../platform/config/server-config.ts"

export interface AuthorizationRequest {
  readonly url: string
  readonly state: string
  readonly nonce: string
  readonly codeVerifier: string
}

/** The claims of a checked ID token that we use. */
export interface IdTokenClaims {
  readonly issuer: string
  readonly subject: string
  readonly email: string | undefined
  readonly emailVerified: boolean
  readonly givenName: string
  readonly familyName: string
}

/** Why a code exchange failed: the provider could not be reached, or its answer failed a check. */
export type ExchangeFailure = { readonly _tag: "Unreachable" } | { readonly _tag: "Rejected"; readonly detail: string }

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"])

const claimText = (value: unknown) => (typeof value === "string" ? value.trim() : "")

export class OidcClients extends Context.Service<
  OidcClients,
  {
    readonly providers: ReadonlyArray<SocialProviderSettings>
    readonly authorizationRequest: (
      provider: SocialProviderSettings,
      redirectUri: string,
    ) => Effect.Effect<AuthorizationRequest, ExchangeFailure>
    readonly exchange: (
      provider: SocialProviderSettings,
      callbackUrl: URL,
      checks: { readonly state: string; readonly nonce: string; readonly codeVerifier: string },
    ) => Effect.Effect<IdTokenClaims, ExchangeFailure>
  }
>()("jingluo/server/OidcClients") {
  static readonly layer = Layer.effect(
    OidcClients,
    Effect.gen(function* () {
      const { socialProviders } = yield* ServerConfig
      const discovered = new Map<string, Promise<oidc.Configuration>>()

      const configuration = (provider: SocialProviderSettings) =>
        Effect.tryPromise({
          try: () => {
            let found = discovered.get(provider.id)
            if (!found) {
              const issuer = new URL(provider.issuer)
              const local = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname)
              found = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
                timeout: 10,
                execute: local
                  ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
                  : [oidc.enableNonRepudiationChecks],
              })
              discovered.set(provider.id, found)
              // A failed discovery is tried again next time, not remembered.
              found.catch(() => discovered.delete(provider.id))
            }
            return found
          },
          catch: (): ExchangeFailure => ({ _tag: "Unreachable" }),
        })

      const authorizationRequest = (provider: SocialProviderSettings, redirectUri: string) =>
        Effect.gen(function* () {
          const config = yield* configuration(provider)
          const codeVerifier = oidc.randomPKCECodeVerifier()
          const state = oidc.randomState()
          const nonce = oidc.randomNonce()
          const codeChallenge = yield* Effect.promise(() => oidc.calculatePKCECodeChallenge(codeVerifier))
          const url = oidc.buildAuthorizationUrl(config, {
            redirect_uri: redirectUri,
            // Apple names its scope "name" and answers those scopes only by form_post (our callback takes POST).
            ...(new URL(provider.issuer).hostname === "appleid.apple.com"
              ? { scope: "openid email name", response_mode: "form_post" }
              : { scope: "openid email profile" }),
            response_type: "code",
            code_challenge: codeChallenge,
            code_challenge_method: "S256",
            state,
            nonce,
          })
          return { url: url.href, state, nonce, codeVerifier }
        })

      const exchange = (
        provider: SocialProviderSettings,
        callbackUrl: URL,
        checks: { readonly state: string; readonly nonce: string; readonly codeVerifier: string },
      ) =>
        Effect.gen(function* () {
          const config = yield* configuration(provider)
          const tokens = yield* Effect.tryPromise({
            try: () =>
              oidc.authorizationCodeGrant(config, callbackUrl, {
                pkceCodeVerifier: checks.codeVerifier,
                expectedState: checks.state,
                expectedNonce: checks.nonce,
                idTokenExpected: true,
              }),
            catch: (error): ExchangeFailure =>
              error instanceof oidc.ResponseBodyError ||
              error instanceof oidc.AuthorizationResponseError ||
              error instanceof oidc.ClientError
                ? { _tag: "Rejected", detail: error instanceof Error ? error.message : String(error) }
                : { _tag: "Unreachable" },
          })
          const claims = tokens.claims()
          if (!claims) return yield* Effect.fail<ExchangeFailure>({ _tag: "Rejected", detail: "no ID token" })
          return {
            issuer: claims.iss,
            subject: claims.sub,
            email: typeof claims.email === "string" ? claims.email : undefined,
            // Apple sends "true" as a string.
            emailVerified: claims.email_verified === true || claims.email_verified === "true",
            givenName: claimText(claims.given_name),
            familyName: claimText(claims.family_name),
          } satisfies IdTokenClaims
        })

      return OidcClients.of({ providers: socialProviders, authorizationRequest, exchange })
    }),
  )
}

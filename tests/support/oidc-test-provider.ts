// A real OpenID Connect provider for tests (the `oidc-provider` package) on 127.0.0.1: discovery,
// signed ID tokens (its development keys), PKCE, nonce and single-use codes exactly as a provider
// does them. Its development sign-in page takes any login; the login is the account: the e-mail
// `ada.lovelace@example.test` signs in Ada Lovelace with that verified address, and a login that
// starts with "unverified" gives an e-mail the provider has not verified, and one that starts with
// "noname." carries no name in the ID token (as Apple's, which posts the name beside the answer).
import { createServer, type Server } from "node:http"
import Provider from "oidc-provider"

export const TEST_OIDC_CLIENT = { id: "jingluo-test", secret: "jingluo-test-secret-0123456789abcdef" } as const

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** The claims of a test account, from its login. */
export const testAccountClaims = (login: string) => {
  const local = login.split("@")[0] ?? login
  const [first = "", ...rest] = local.replace(/^unverified[.-]?/, "").split(/[.\-_]/)
  const account = { sub: `sub-${login}`, email: login, email_verified: !login.startsWith("unverified") }
  // Like Apple: no name in the ID token.
  if (login.startsWith("noname.")) return account
  return { ...account, given_name: capitalised(first), family_name: capitalised(rest.join(" ")) }
}

export interface TestOidcProvider {
  readonly issuer: string
  /**
   * While on, the token endpoint's answers carry ID tokens whose signature no longer verifies (one
   * character of it changed): what a forged or altered token looks like to the client.
   */
  readonly forgeSignatures: (on: boolean) => void
  readonly close: () => Promise<void>
}

/** Changes the first character of the ID token's signature in a token endpoint answer; same length. */
const alterSignature = (body: string) =>
  body.replace(
    /("id_token"\s*:\s*"[\w-]+\.[\w-]+\.)([\w-])/,
    (_, head: string, first: string) => `${head}${first === "A" ? "B" : "A"}`,
  )

/** Starts the provider for an app whose redirect URI is `redirectUri`. */
export const startTestOidcProvider = async (redirectUri: string, port = 0): Promise<TestOidcProvider> => {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  const address = server.address()
  const issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.id,
        client_secret: TEST_OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    findAccount: (_context: unknown, id: string) => ({
      accountId: id,
      claims: () => testAccountClaims(id),
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    // The ID token carries the claims of the scopes, as Google's and Apple's do.
    conformIdTokenClaims: false,
    cookies: { keys: ["jingluo-test-provider-cookie-key"] },
    features: { devInteractions: { enabled: true } },
  })
  const handle = provider.callback()
  let forging = false
  server.on("request", (request, response) => {
    if (forging && request.url?.startsWith("/token")) {
      const end = response.end.bind(response) as (...args: Array<unknown>) => typeof response
      response.end = ((chunk?: unknown, ...rest: Array<unknown>) =>
        typeof chunk === "string" || Buffer.isBuffer(chunk)
          ? end(Buffer.from(alterSignature(chunk.toString())), ...rest)
          : end(chunk, ...rest)) as typeof response.end
    }
    handle(request, response)
  })
  return {
    issuer,
    forgeSignatures: (on) => {
      forging = on
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

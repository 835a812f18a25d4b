// Social sign-in: the providers for the buttons, the callback page, the social registration and
// the prove-to-link step, with their API calls. Every one of them signs in exactly as the password
// sign-in does: the session takes the user (the server has set the session cookie), refreshes, and
// the page goes to the return path.
// These flows tell every failure on the page itself, so the catalogue's toasts and 404 page stay away.
import { Effect } from "effect"
import { storedUserOf } from "../domain/account/stored-user.ts"
import type { SignedInUser } from "../domain/account/user.ts"
import { Navigation } from "../infra/navigation.ts"
import { socialCallbackMachine } from "../machines/account/social-callback-machine.ts"
import { socialLinkMachine } from "../machines/account/social-link-machine.ts"
import { socialProvidersMachine } from "../machines/account/social-providers-machine.ts"
import { socialRegistrationMachine } from "../machines/account/social-registration-machine.ts"
import type { AccountWiring } from "./account.ts"
import type { Wiring } from "./shared/wiring.ts"

const quiet = { catalogue: false } as const

export const wireSocial = (w: Wiring, account: Pick<AccountWiring, "session">) => {
  const signedIn = (
    _: unknown,
    { user, returnTo }: { readonly user: SignedInUser; readonly returnTo: string | null },
  ) => {
    account.session.send({ type: "session.signIn", user: storedUserOf(user) })
    account.session.send({ type: "session.refresh" })
    w.act(Effect.flatMap(Navigation, (navigation) => navigation.go(returnTo ?? "/")))
  }
  return {
    machines: {
      social: {
        providers: socialProvidersMachine.provide({
          actors: { loadProviders: w.apiActor((client) => client.social.providers(), quiet) },
        }),
        callback: socialCallbackMachine.provide({
          actors: { completeSignIn: w.apiActor((client, payload) => client.social.login({ payload }), quiet) },
          actions: { signedIn },
        }),
        registration: socialRegistrationMachine.provide({
          actors: { register: w.apiActor((client, payload) => client.social.register({ payload }), quiet) },
          actions: { signedIn },
        }),
        link: socialLinkMachine.provide({
          actors: { link: w.apiActor((client, payload) => client.social.link({ payload }), quiet) },
          actions: { signedIn },
        }),
      },
    },
  }
}

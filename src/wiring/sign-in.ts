// The flow of signing in, loaded with its page (main.tsx): the sign-in and resending the verification
// mail, with their API calls and where they lead; it signs in through the app's one session
// (account.ts). Signing up and the pages a mail leads back to are sign-up.ts's.
import { storedUserOf } from "../domain/account/stored-user.ts"
import { loginMachine } from "../machines/account/login-machine.ts"
import { go, type SessionActor } from "./account.ts"
import type { Wiring } from "./shared/wiring.ts"

export const wireSignInPages = (w: Wiring, session: SessionActor) => ({
  login: loginMachine.provide({
    actors: {
      login: w.apiActor((client, payload) => client.users.login({ payload })),
      resendVerification: w.apiActor((client, { email }) => client.users.resendVerification({ params: { email } })),
    },
    actions: {
      signedIn: (_, { user, returnTo }) => {
        session.send({ type: "session.signIn", user: storedUserOf(user) })
        session.send({ type: "session.refresh" })
        w.act(go(returnTo ?? "/"))
      },
    },
  }),
})

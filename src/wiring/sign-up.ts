// The flows of signing up and of the pages a mail leads back to, loaded with their pages (main.tsx):
// registration, password reset, e-mail verification and e-mail restore, with their API calls and
// where they lead. Each signs in, or out, through the app's one session (account.ts).
import { Effect } from "effect"
import { RETURN_PARAM, withReturnPath } from "../domain/account/return-path.ts"
import { storedUserOf } from "../domain/account/stored-user.ts"
import { Navigation } from "../infra/navigation.ts"
import { emailRestoreMachine } from "../machines/account/email-restore-machine.ts"
import { emailVerificationMachine } from "../machines/account/email-verification-machine.ts"
import { passwordResetMachine } from "../machines/account/password-reset-machine.ts"
import { registrationMachine } from "../machines/account/registration-machine.ts"
import type { SessionActor } from "./account.ts"
import type { Wiring } from "./shared/wiring.ts"

/** Goes to `path`, carrying on the page's `?next=` (where signing in is to lead). */
const goKeepingReturn = (path: string) =>
  Effect.flatMap(Navigation, (navigation) =>
    Effect.flatMap(navigation.param(RETURN_PARAM), (next) => navigation.go(withReturnPath(path, next))),
  )

export const wireSignUpPages = (w: Wiring, session: SessionActor) => ({
  registration: registrationMachine.provide({
    actors: { register: w.apiActor((client, payload) => client.users.register({ payload })) },
    actions: {
      // The page's `?next=` travels on to verification, and from there to sign-in.
      registered: (_, { uuid, email }) =>
        w.act(goKeepingReturn(`/verify-email?user=${encodeURIComponent(uuid)}&email=${encodeURIComponent(email)}`)),
    },
  }),
  passwordReset: passwordResetMachine.provide({
    actors: {
      requestCode: w.apiActor((client, payload) => client.users.forgotPassword({ payload })),
      resetPassword: w.apiActor((client, payload) => client.users.resetPassword({ payload })),
      resetPasswordWithLink: w.apiActor((client, payload) => client.users.resetPasswordLink({ payload })),
    },
    // After a reset, signing in still leads where the sign-in page was to lead.
    actions: { goToLogin: () => w.act(goKeepingReturn("/login")) },
  }),
  emailRestore: emailRestoreMachine.provide({
    actors: {
      restore: w.apiActor((client, payload) => client.account.restoreEmail({ payload }), { catalogue: false }),
    },
    actions: {
      signedOut: () => {
        if (session.getSnapshot().context.user) session.send({ type: "session.signOut" })
      },
    },
  }),
  emailVerification: emailVerificationMachine.provide({
    actors: {
      verify: w.apiActor((client, params) => client.users.verifyEmail({ params })),
      verifyLink: w.apiActor((client, payload) => client.users.verifyEmailLink({ payload })),
      resend: w.apiActor((client, { email }) => client.users.resendVerification({ params: { email } })),
      choosePassword: w.apiActor((client, payload) =>
        "token" in payload
          ? client.users.verifyEmailLinkChoosePassword({ payload })
          : client.users.verifyEmailChoosePassword({ payload }),
      ),
    },
    actions: {
      signedIn: (_, user) => {
        session.send({ type: "session.signIn", user: storedUserOf(user) })
        session.send({ type: "session.refresh" })
      },
    },
  }),
})

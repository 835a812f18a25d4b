// Billing: the payment modal and its prompt after a sign-in (§2), choosing a plan and paying at the
// provider, the wait for the provider's confirmation, and the membership with its cancellation.
import { Effect } from "effect"
import { createActor } from "xstate"
import { withReturnPath } from "../domain/account/return-path.ts"
import type { UserData } from "../domain/account/user.ts"
import { PAYMENT_PROMPT_STORAGE_KEY, readPromptMemory } from "../domain/billing/payment-prompt.ts"
import { LITE_OFFER_SESSION_KEY } from "../domain/billing/upgrade-pages.ts"
import { Navigation } from "../infra/navigation.ts"
import { SessionStorage, Storage } from "../infra/storage.ts"
import { checkoutMachine } from "../machines/billing/checkout-machine.ts"
import { membershipMachine } from "../machines/billing/membership-machine.ts"
import { paymentOutcomeMachine } from "../machines/billing/payment-outcome-machine.ts"
import { paymentPromptMachine } from "../machines/billing/payment-prompt-machine.ts"
import { upgradeModalMachine } from "../machines/billing/upgrade-modal-machine.ts"
import { type AccountWiring, followSession } from "./account.ts"
import type { Wiring } from "./shared/wiring.ts"

export const wireBilling = (w: Wiring, account: Pick<AccountWiring, "session" | "logout">) => {
  const { session, logout } = account

  // A locked page offers the lite modal by itself once a session: a learner browsing Pro items meets
  // it on the first, then the locked pages say it themselves.
  const upgrade = createActor(
    upgradeModalMachine.provide({
      actions: {
        rememberLiteOffer: () =>
          w.act(Effect.flatMap(SessionStorage, (storage) => storage.set(LITE_OFFER_SESSION_KEY, "yes"))),
      },
    }),
    {
      input: {
        liteOffered:
          w.read(Effect.flatMap(SessionStorage, (storage) => storage.get(LITE_OFFER_SESSION_KEY))) !== undefined,
      },
    },
  )
  upgrade.start()

  const paymentPrompt = createActor(
    paymentPromptMachine.provide({
      actions: {
        openModal: () => upgrade.send({ type: "upgrade.offer" }),
        storeMemory: (_, { memory }) =>
          w.act(Effect.flatMap(Storage, (storage) => storage.set(PAYMENT_PROMPT_STORAGE_KEY, JSON.stringify(memory)))),
      },
    }),
    {
      input: {
        memory: readPromptMemory(w.read(Effect.flatMap(Storage, (storage) => storage.get(PAYMENT_PROMPT_STORAGE_KEY)))),
      },
    },
  )
  paymentPrompt.start()
  // The modal offers itself once after a fresh sign-in; the views report the pages visited.
  followSession(session, { signedIn: (user) => paymentPrompt.send({ type: "session.signedIn", uuid: user.uuid }) })

  const openUpgradeLite = () => upgrade.send({ type: "upgrade.open", lite: true })
  const offerUpgradeLite = () => upgrade.send({ type: "upgrade.offerLite" })

  /** The dashboard, handed to the session so every view sees the new plan without a reload. */
  const refreshUser = w.apiActor<void, UserData>((client) =>
    client.users
      .dashboard()
      .pipe(Effect.tap((data) => Effect.sync(() => session.send({ type: "session.dashboard", data })))),
  )

  return {
    upgrade,
    paymentPrompt,
    openUpgradeLite,
    offerUpgradeLite,
    machines: {
      checkout: checkoutMachine.provide({
        actors: {
          loadPlans: w.apiActor((client) => client.billing.planList()),
          createCheckout: w.apiActor((client, payload) => client.billing.checkout({ payload })),
        },
        actions: {
          redirect: (_, { url }) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.reload(url))),
          // "Log in to continue": back to this very page once signed in.
          goToLogin: () => {
            upgrade.send({ type: "upgrade.close" })
            w.act(
              Effect.flatMap(Navigation, (navigation) =>
                Effect.flatMap(navigation.here, (here) => navigation.go(withReturnPath("/login", here))),
              ),
            )
          },
          // The sign-out the modal asked about is the app's one sign-out; the modal steps aside for it.
          signOut: () => {
            upgrade.send({ type: "upgrade.close" })
            logout.send({ type: "logout.start" })
          },
        },
      }),
      paymentOutcome: paymentOutcomeMachine.provide({ actors: { refreshUser } }),
      membership: membershipMachine.provide({
        actors: {
          loadSubscription: w.apiActor((client) => client.billing.subscription()),
          cancelSubscription: w.apiActor((client) => client.billing.cancel()),
        },
        actions: {
          openStore: (_, { url }) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.openTab(url))),
          refreshUser: () => session.send({ type: "session.refresh" }),
        },
      }),
    },
  }
}

export type BillingWiring = ReturnType<typeof wireBilling>

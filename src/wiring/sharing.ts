// Sharing acupressure videos with patients: the member's form and list (signed in, through the
// shared api actor, so the error catalogue of §8 acts on an ended session or a server fault), and
// the patient's pages, which never touch the member's session: their failures are said on the page
// only, so a visitor without an account is never sent to sign in.
import { Effect } from "effect"
import type { ApiFailure } from "../domain/shared/failures.ts"
import { Toasts } from "../infra/toasts.ts"
import { patientPageMachine } from "../machines/sharing/patient-page-machine.ts"
import { shareFormMachine } from "../machines/sharing/share-form-machine.ts"
import { sharedListMachine } from "../machines/sharing/shared-list-machine.ts"
import { unsubscribeMachine } from "../machines/sharing/unsubscribe-machine.ts"
import type { BillingWiring } from "./billing.ts"
import type { Wiring } from "./shared/wiring.ts"

/**
 * The member's calls: the catalogue acts on an ended session and on faults (a toast), but a 404 is
 * said on the page — the form, the list and everything typed stay — never by leaving for /not-found.
 */
const inPlace = { catalogue: (failure: ApiFailure) => failure._tag !== "NotFound" }

export const wireSharing = (
  w: Wiring,
  billing: Pick<BillingWiring, "openUpgradeLite" | "offerUpgradeLite">,
  /** The sharing texts are English only (§6), whatever the interface's language. */
  english: (key: string, values?: Record<string, string>) => string,
) => {
  const { apiActor } = w
  return {
    machines: {
      sharing: {
        form: shareFormMachine.provide({
          actors: {
            loadVideos: apiActor((client) => client.sharing.videos(), inPlace),
            share: apiActor((client, payload) => client.sharing.share({ payload }), inPlace),
          },
          actions: {
            announceSent: (_, { share }) =>
              w.act(
                Effect.flatMap(Toasts, (toasts) =>
                  toasts.show("success", english("sharing:form.sentToast", { patient: share.patient })),
                ),
              ),
            offerUpgrade: billing.offerUpgradeLite,
            openUpgrade: billing.openUpgradeLite,
          },
        }),
        list: sharedListMachine.provide({
          actors: {
            loadShares: apiActor((client) => client.sharing.shares(), inPlace),
            // A share gone meanwhile (404) is said in the list, which loads again.
            revokeShare: apiActor((client, { id }) => client.sharing.revoke({ params: { id } }), inPlace),
          },
        }),
        patientPage: patientPageMachine.provide({
          actors: {
            loadPage: apiActor((client, { token }) => client.patients.page({ params: { token } }), {
              catalogue: false,
            }),
          },
        }),
        unsubscribe: unsubscribeMachine.provide({
          actors: {
            unsubscribe: apiActor((client, payload) => client.patients.unsubscribe({ payload }), { catalogue: false }),
          },
        }),
      },
    },
  }
}

// Point groups: the drill-down column's machine and "add to group" with their API calls (through
// the shared api actor, so the error catalogue of §8 applies), the upgrade modal for a Pro point,
// navigation to a point's page, and toasts that say what happened in the interface's language.
import { Effect } from "effect"
import type { GroupListView } from "../domain/groups/group-views.ts"
import { Navigation } from "../infra/navigation.ts"
import { Toasts } from "../infra/toasts.ts"
import { addToGroupMachine } from "../machines/groups/add-to-group-machine.ts"
import { groupsMachine } from "../machines/groups/groups-machine.ts"
import type { BillingWiring } from "./billing.ts"
import type { Wiring } from "./shared/wiring.ts"

/** The interface language's text for a key of the groups namespace, its placeholders filled in. */
export type GroupsTranslate = (key: string, values: Readonly<Record<string, string | number>>) => string

export const wireGroups = (w: Wiring, billing: Pick<BillingWiring, "openUpgradeLite">, translate: GroupsTranslate) => {
  const { apiActor } = w
  const listGroups = apiActor<void, GroupListView>((client) => client.groups.list())
  const createGroup = apiActor((client, payload: { readonly name: string }) => client.groups.create({ payload }))
  const notify = (
    _: unknown,
    { key, values }: { readonly key: string; readonly values: Readonly<Record<string, string | number>> },
  ) => w.act(Effect.flatMap(Toasts, (toasts) => toasts.show("success", translate(`groups:${key}`, values))))
  return {
    machines: {
      groups: {
        column: groupsMachine.provide({
          actors: {
            listGroups,
            createGroup,
            renameGroup: apiActor((client, payload: { readonly pointGroupId: number; readonly name: string }) =>
              client.groups.rename({ payload }),
            ),
            deleteGroup: apiActor((client, { id }: { readonly id: number }) =>
              client.groups.remove({ params: { id: String(id) } }),
            ),
            removePoint: apiActor((client, { mappingId }: { readonly mappingId: number }) =>
              client.groups.removePoint({ params: { id: String(mappingId) } }),
            ),
          },
          actions: {
            openUpgrade: billing.openUpgradeLite,
            openPage: (_, { href }) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.go(href))),
            notify,
          },
        }),
        add: addToGroupMachine.provide({
          actors: {
            listGroups,
            createGroup,
            addToGroup: apiActor((client, payload) => client.groups.add({ payload })),
          },
          actions: { openUpgrade: billing.openUpgradeLite, notify },
        }),
      },
    },
  }
}

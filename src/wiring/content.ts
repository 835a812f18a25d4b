// Content: the drill-down menu and one machine per kind of content page, each provided with the
// call that loads it; a locked item chosen in the menu opens the upgrade modal in its lite version,
// and a locked page offers it by itself, once a session.
import { Effect } from "effect"
import type { LockedPage } from "../domain/content/locked-page-schema.ts"
import type { Client } from "../infra/api-client.ts"
import { Navigation } from "../infra/navigation.ts"
import { contentPageMachine } from "../machines/content/content-page-machine.ts"
import { menuMachine } from "../machines/content/menu-machine.ts"
import type { BillingWiring } from "./billing.ts"
import type { Wiring } from "./shared/wiring.ts"

export const wireContent = (w: Wiring, billing: Pick<BillingWiring, "openUpgradeLite" | "offerUpgradeLite">) => {
  const { openUpgradeLite, offerUpgradeLite } = billing
  /** The machine of a page whose answer is its data or, for an item that may be locked, what is locked. */
  const page = <Answer>(load: (client: Client, slug: string) => Effect.Effect<Answer, unknown>) => {
    type Data = Exclude<Answer, LockedPage>
    return contentPageMachine<Data>().provide({
      actors: {
        fetchPage: w.apiActor<{ readonly slug: string }, Data | LockedPage>(
          // An answer is the page's data or a locked page, which is all `Data | LockedPage` says.
          (client, { slug }) => load(client, slug) as Effect.Effect<Data | LockedPage, unknown>,
        ),
      },
      actions: { offerUpgrade: offerUpgradeLite },
    })
  }
  return {
    machines: {
      menu: menuMachine.provide({
        actors: { loadMenus: w.apiActor((client) => client.content.channelMenus()) },
        actions: {
          openUpgrade: openUpgradeLite,
          openPage: (_, { href }) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.go(href))),
        },
      }),
      pages: {
        point: page((client, slug) => client.content.point({ params: { slug } })),
        channel: page((client, slug) => client.content.channel({ params: { slug } })),
        channelIndex: page((client) => client.content.channelIndex()),
        bodyArea: page((client, slug) => client.content.bodyArea({ params: { slug } })),
        bodyAreaIndex: page((client) => client.content.bodyAreaList()),
        category: page((client, slug) => client.content.category({ params: { slug } })),
        categoryIndex: page((client) => client.content.categoryList()),
        vessel: page((client, slug) => client.content.vessel({ params: { slug } })),
        extraPoints: page((client) => client.content.extraPoints()),
        bookIndex: page((client) => client.content.staticMenus()),
        bookPage: page((client, slug) => client.content.page({ params: { slug } })),
      },
    },
  }
}

// The answer of each content page (src/domain/content/content-routes.ts names them): the cache key
// of its endpoint, the Schema it is encoded with, how the Content service makes it, and whether an
// item the caller may not open answers with its public facts. The API's handlers answer with these
// (handlers.ts), and the server embeds the same answers in a page it draws (server/pages/), so the
// two never differ.
import { Effect, Schema } from "effect"
import type { ContentPageName } from "../../src/domain/content/content-routes.ts"
import {
  BodyAreaListItem,
  BodyAreaPage,
  BookPage,
  CategoryListItem,
  CategoryPage,
  ChannelIndex,
  ChannelPage,
  ExtraPointsPage,
  PointPage,
  StaticMenuItem,
  VesselPage,
} from "../../src/domain/content/content-views.ts"
import type { NotFound, ProRequired } from "../../src/domain/shared/errors.ts"
import type { Caller, Content } from "./service.ts"

export interface ContentAnswer<E = NotFound | ProRequired> {
  /** Endpoint and parameters, e.g. `point/lu-9-taiyuan`: the content cache's key. */
  readonly key: string
  readonly schema: Schema.Encoder<unknown>
  readonly make: (caller: Caller) => Effect.Effect<unknown, E>
  /** An item the caller may not open answers with its public facts (`_tag: "Locked"`), not 403. */
  readonly lockable: boolean
}

/** The answer for an item the caller may not open: the message and the public facts the service named. */
export const lockedAnswer = (failure: ProRequired) =>
  failure.item === undefined
    ? Effect.die(new Error("A locked content item must name its public facts"))
    : Effect.succeed({ _tag: "Locked" as const, message: failure.message, item: failure.item })

export const contentAnswers = (content: Content["Service"]) =>
  ({
    point: (slug) => ({
      key: `point/${slug}`,
      schema: PointPage,
      make: (c) => content.point(c, slug),
      lockable: true as const,
    }),
    channel: (slug) => ({
      key: `channels/${slug}`,
      schema: ChannelPage,
      make: (c) => content.channel(c, slug),
      lockable: true as const,
    }),
    channelIndex: () => ({
      key: "channels",
      schema: ChannelIndex,
      make: content.channelIndex,
      lockable: false as const,
    }),
    bodyArea: (slug) => ({
      key: `body-area/${slug}`,
      schema: BodyAreaPage,
      make: (c) => content.bodyArea(c, slug),
      lockable: true as const,
    }),
    bodyAreaIndex: () => ({
      key: "body-area/list",
      schema: Schema.Array(BodyAreaListItem),
      make: content.bodyAreaList,
      lockable: false as const,
    }),
    category: (slug) => ({
      key: `categories/${slug}`,
      schema: CategoryPage,
      make: (c) => content.category(c, slug),
      lockable: true as const,
    }),
    categoryIndex: () => ({
      key: "categories",
      schema: Schema.Array(CategoryListItem),
      make: content.categoryList,
      lockable: false as const,
    }),
    vessel: (slug) => ({
      key: `vessels/${slug}`,
      schema: VesselPage,
      make: (c) => content.vessel(c, slug),
      lockable: true as const,
    }),
    extraPoints: () => ({
      key: "extra-points",
      schema: ExtraPointsPage,
      make: content.extraPoints,
      lockable: true as const,
    }),
    bookIndex: () => ({
      key: "static-menus",
      schema: Schema.Array(StaticMenuItem),
      make: content.staticMenus,
      lockable: false as const,
    }),
    bookPage: (slug) => ({
      key: `pages/${slug}`,
      schema: BookPage,
      make: (c) => content.page(c, slug),
      lockable: true as const,
    }),
  }) satisfies Record<ContentPageName, (slug: string) => ContentAnswer>

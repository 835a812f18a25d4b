// Handlers of the "content" group: who is asking (visitor or member with a plan) and in which
// language, handed to the Content service. Successful answers are sent from the content cache
// (server/content/content-cache.ts), made by the Content service only when not kept yet. An item the
// caller may not open answers with its public facts (`_tag: "Locked"`), made afresh each time.
import { Effect, Schema } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import {
  BodyAreaListItem,
  BodyAreaPage,
  BookPage,
  CategoryListItem,
  CategoryPage,
  ChannelIndex,
  ChannelPage,
  ExtraPointsPage,
  FieldOption,
  MenuSection,
  PointPage,
  StaticMenuItem,
  VesselPage,
} from "../../src/domain/content/content-views.ts"
import type { NotFound, ProRequired } from "../../src/domain/shared/errors.ts"
import { contentCaller } from "../platform/http/request-context.ts"
import { ContentCache, planLevel } from "./content-cache.ts"
import { type Caller, Content } from "./service.ts"

const caller = contentCaller

export const ContentHandlers = HttpApiBuilder.group(
  Api,
  "content",
  Effect.fn(function* (handlers) {
    const content = yield* Content
    const cache = yield* ContentCache
    /** The answer for `key` (endpoint and slug) in the caller's language and plan level. */
    const answer =
      <A, E>(key: string, schema: Schema.Encoder<unknown>, make: (caller: Caller) => Effect.Effect<A, E>) =>
      () =>
        Effect.flatMap(caller, (c) =>
          cache.answer({
            language: c.language,
            level: planLevel(c.viewer),
            key,
            schema,
            // Made only when the answer is not kept yet: building the service's call costs a traced
            // stack frame, which a cached answer has no use for.
            make: Effect.suspend(() => make(c)),
          }),
        )
    const list = <S extends Schema.Top>(item: S) => Schema.Array(item)
    /** The answer for an item the caller may not open: the message and the public facts the service named. */
    const lockedAnswer = (failure: ProRequired) =>
      failure.item === undefined
        ? Effect.die(new Error("A locked content item must name its public facts"))
        : Effect.succeed({ _tag: "Locked" as const, message: failure.message, item: failure.item })
    /** `answer` for an item that may be locked (the extra points, with no slug, catch it alike). */
    const page =
      <A>(
        key: string,
        schema: Schema.Encoder<unknown>,
        make: (caller: Caller) => Effect.Effect<A, NotFound | ProRequired>,
      ) =>
      () =>
        answer(key, schema, make)().pipe(Effect.catchTag("ProRequired", lockedAnswer))
    return handlers
      .handle("channelMenus", answer("channel-menus", list(MenuSection), content.menus))
      .handle("channelIndex", answer("channels", ChannelIndex, content.channelIndex))
      .handle("channel", ({ params }) =>
        page(`channels/${params.slug}`, ChannelPage, (c) => content.channel(c, params.slug))(),
      )
      .handle("point", ({ params }) => page(`point/${params.slug}`, PointPage, (c) => content.point(c, params.slug))())
      .handle("bodyAreaList", answer("body-area/list", list(BodyAreaListItem), content.bodyAreaList))
      .handle("bodyArea", ({ params }) =>
        page(`body-area/${params.slug}`, BodyAreaPage, (c) => content.bodyArea(c, params.slug))(),
      )
      .handle("categoryList", answer("categories", list(CategoryListItem), content.categoryList))
      .handle("category", ({ params }) =>
        page(`categories/${params.slug}`, CategoryPage, (c) => content.category(c, params.slug))(),
      )
      .handle("vessel", ({ params }) =>
        page(`vessels/${params.slug}`, VesselPage, (c) => content.vessel(c, params.slug))(),
      )
      .handle("extraPoints", () =>
        answer("extra-points", ExtraPointsPage, content.extraPoints)().pipe(
          Effect.catchTag("ProRequired", lockedAnswer),
        ),
      )
      .handle("staticMenus", answer("static-menus", list(StaticMenuItem), content.staticMenus))
      .handle("page", ({ params }) => page(`pages/${params.slug}`, BookPage, (c) => content.page(c, params.slug))())
      .handle("channelFields", answer("channel-fields", list(FieldOption), content.channelFields))
      .handle("pointFields", answer("point-fields", list(FieldOption), content.pointFields))
      .handle("pointNameFields", ({ params }) =>
        answer(`point-name-fields/${params.channel}`, list(FieldOption), (c) =>
          content.pointNameFields(c, params.channel),
        )(),
      )
  }),
)

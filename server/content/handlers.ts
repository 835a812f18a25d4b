// Handlers of the "content" group: who is asking (visitor or member with a plan) and in which
// language, handed to the Content service. Successful answers are sent from the content cache
// (server/content/content-cache.ts), made by the Content service only when not kept yet. An item the
// caller may not open answers with its public facts (`_tag: "Locked"`), made afresh each time.
import { Effect, Schema } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { FieldOption, MenuSection, PointIndexEntry } from "../../src/domain/content/content-views.ts"
import type { NotFound, ProRequired } from "../../src/domain/shared/errors.ts"
import { contentCaller } from "../platform/http/request-context.ts"
import { type ContentAnswer, contentAnswers, lockedAnswer } from "./content-answers.ts"
import { ContentCache, planLevel } from "./content-cache.ts"
import { pointIndexAnswer } from "./point-index-answer.ts"
import { type Caller, Content } from "./service.ts"

const caller = contentCaller

export const ContentHandlers = HttpApiBuilder.group(
  Api,
  "content",
  Effect.fn(function* (handlers) {
    const content = yield* Content
    const cache = yield* ContentCache
    const pages = contentAnswers(content)
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
    /** A content page's answer (content-answers.ts). */
    const page = <E>({ key, schema, make }: ContentAnswer<E>) => answer(key, schema, make)()
    /** A page of an item that may be locked: a locked item answers with its public facts. */
    const lockable = (spec: ContentAnswer<NotFound | ProRequired>) =>
      page(spec).pipe(Effect.catchTag("ProRequired", lockedAnswer))
    return handlers
      .handle("channelMenus", answer("channel-menus", list(MenuSection), content.menus))
      .handle("channelIndex", () => page(pages.channelIndex()))
      .handle("channel", ({ params }) => lockable(pages.channel(params.slug)))
      .handle("point", ({ params }) => lockable(pages.point(params.slug)))
      .handle("bodyAreaList", () => page(pages.bodyAreaIndex()))
      .handle("bodyArea", ({ params }) => lockable(pages.bodyArea(params.slug)))
      .handle("categoryList", () => page(pages.categoryIndex()))
      .handle("category", ({ params }) => lockable(pages.category(params.slug)))
      .handle("vessel", ({ params }) => lockable(pages.vessel(params.slug)))
      .handle("extraPoints", () => page(pages.extraPoints()).pipe(Effect.catchTag("ProRequired", lockedAnswer)))
      .handle("staticMenus", () => page(pages.bookIndex()))
      .handle("page", ({ params }) => lockable(pages.bookPage(params.slug)))
      .handle("channelFields", answer("channel-fields", list(FieldOption), content.channelFields))
      .handle("pointFields", answer("point-fields", list(FieldOption), content.pointFields))
      .handle(
        "pointIndex",
        answer("point-index", list(PointIndexEntry), (c) =>
          Effect.map(content.snapshot, (snapshot) => pointIndexAnswer(snapshot, c.viewer)),
        ),
      )
      .handle("pointNameFields", ({ params }) =>
        answer(`point-name-fields/${params.channel}`, list(FieldOption), (c) =>
          content.pointNameFields(c, params.channel),
        )(),
      )
  }),
)

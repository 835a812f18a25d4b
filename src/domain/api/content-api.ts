// §7 channels, points, body areas and static pages. Every call works for visitors and members
// alike; `permission` marks what the caller may open, and a locked item answers with its public
// facts only (`_tag: "Locked"`, src/domain/content/locked-page.ts).
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
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
  PointIndexEntry,
  PointPage,
  StaticMenuItem,
  VesselPage,
} from "../content/content-views.ts"
import { PageOrLocked } from "../content/locked-page-schema.ts"
import { NotFound } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { OptionalAuthentication } from "./middleware.ts"

const Slug = boundedText(120)

export class ContentApi extends HttpApiGroup.make("content")
  .add(
    HttpApiEndpoint.get("channelMenus", "/channel-menus", { success: Schema.Array(MenuSection) }),
    HttpApiEndpoint.get("channelIndex", "/channels", { success: ChannelIndex }),
    HttpApiEndpoint.get("channel", "/channels/:slug", {
      params: { slug: Slug },
      success: PageOrLocked(ChannelPage),
      error: NotFound,
    }),
    HttpApiEndpoint.get("point", "/point/:slug", {
      params: { slug: Slug },
      success: PageOrLocked(PointPage),
      error: NotFound,
    }),
    HttpApiEndpoint.get("bodyAreaList", "/body-area/list", { success: Schema.Array(BodyAreaListItem) }),
    HttpApiEndpoint.get("bodyArea", "/body-area/:slug", {
      params: { slug: Slug },
      success: PageOrLocked(BodyAreaPage),
      error: NotFound,
    }),
    HttpApiEndpoint.get("categoryList", "/categories", { success: Schema.Array(CategoryListItem) }),
    HttpApiEndpoint.get("category", "/categories/:slug", {
      params: { slug: Slug },
      success: PageOrLocked(CategoryPage),
      error: NotFound,
    }),
    HttpApiEndpoint.get("vessel", "/vessels/:slug", {
      params: { slug: Slug },
      success: PageOrLocked(VesselPage),
      error: NotFound,
    }),
    HttpApiEndpoint.get("extraPoints", "/extra-points", { success: PageOrLocked(ExtraPointsPage) }),
    HttpApiEndpoint.get("staticMenus", "/static-menus", { success: Schema.Array(StaticMenuItem) }),
    HttpApiEndpoint.get("page", "/pages/:slug", {
      params: { slug: Slug },
      success: PageOrLocked(BookPage),
      error: NotFound,
    }),
    HttpApiEndpoint.get("channelFields", "/channel-fields", { success: Schema.Array(FieldOption) }),
    HttpApiEndpoint.get("pointFields", "/point-fields", { success: Schema.Array(FieldOption) }),
    /** Every point's public facts, for the all-points search kept on the device (offline). */
    HttpApiEndpoint.get("pointIndex", "/point-index", { success: Schema.Array(PointIndexEntry) }),
    HttpApiEndpoint.get("pointNameFields", "/point-name-fields/:channel", {
      params: { channel: Slug },
      success: Schema.Array(FieldOption),
      error: NotFound,
    }),
  )
  .middleware(OptionalAuthentication)
  .prefix("/api") {}

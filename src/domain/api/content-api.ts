// §7 channels, points, body areas and static pages. Every call works for visitors and members
// alike; `permission` marks what the caller may open and a locked item answers 403 ProRequired.
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
  PointPage,
  StaticMenuItem,
  VesselPage,
} from "../content/content-views.ts"
import { NotFound, ProRequired } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { OptionalAuthentication } from "./middleware.ts"

const Slug = boundedText(120)
const locked = [NotFound, ProRequired] as const

export class ContentApi extends HttpApiGroup.make("content")
  .add(
    HttpApiEndpoint.get("channelMenus", "/channel-menus", { success: Schema.Array(MenuSection) }),
    HttpApiEndpoint.get("channelIndex", "/channels", { success: ChannelIndex }),
    HttpApiEndpoint.get("channel", "/channels/:slug", { params: { slug: Slug }, success: ChannelPage, error: locked }),
    HttpApiEndpoint.get("point", "/point/:slug", { params: { slug: Slug }, success: PointPage, error: locked }),
    HttpApiEndpoint.get("bodyAreaList", "/body-area/list", { success: Schema.Array(BodyAreaListItem) }),
    HttpApiEndpoint.get("bodyArea", "/body-area/:slug", {
      params: { slug: Slug },
      success: BodyAreaPage,
      error: locked,
    }),
    HttpApiEndpoint.get("categoryList", "/categories", { success: Schema.Array(CategoryListItem) }),
    HttpApiEndpoint.get("category", "/categories/:slug", {
      params: { slug: Slug },
      success: CategoryPage,
      error: locked,
    }),
    HttpApiEndpoint.get("vessel", "/vessels/:slug", { params: { slug: Slug }, success: VesselPage, error: locked }),
    HttpApiEndpoint.get("extraPoints", "/extra-points", { success: ExtraPointsPage, error: ProRequired }),
    HttpApiEndpoint.get("staticMenus", "/static-menus", { success: Schema.Array(StaticMenuItem) }),
    HttpApiEndpoint.get("page", "/pages/:slug", { params: { slug: Slug }, success: BookPage, error: locked }),
    HttpApiEndpoint.get("channelFields", "/channel-fields", { success: Schema.Array(FieldOption) }),
    HttpApiEndpoint.get("pointFields", "/point-fields", { success: Schema.Array(FieldOption) }),
    HttpApiEndpoint.get("pointNameFields", "/point-name-fields/:channel", {
      params: { channel: Slug },
      success: Schema.Array(FieldOption),
      error: NotFound,
    }),
  )
  .middleware(OptionalAuthentication)
  .prefix("/api") {}

// §7 "Channels, points, groups": the channel and vessel videos, one of them by its channel's or
// vessel's page address, and the point videos of one channel in its order. Visitors and members
// alike may list them; a video the caller may not watch is listed with `permission: false` and no
// media, so the page can show what is there and offer Pro.
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NotFound } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { ChannelVideos, PointVideos, VideoListing } from "../videos/video-listing.ts"
import { OptionalAuthentication } from "./middleware.ts"

/** A channel's or vessel's page address ("lung-channel"); an unknown one is not found (404). */
const Slug = boundedText(64)

export class VideosApi extends HttpApiGroup.make("videos")
  .add(
    HttpApiEndpoint.get("channelVideos", "/channel-videos", { success: ChannelVideos }).annotate(
      OpenApi.Description,
      "Every channel and vessel video with its title, length and permission; with permission, signed addresses of the MP4, its poster and its WebVTT captions in en, de and es, valid for a few hours.",
    ),
    HttpApiEndpoint.get("channelVideo", "/channel-videos/:id", {
      params: { id: Slug },
      success: VideoListing,
      error: NotFound,
    }).annotate(OpenApi.Description, "One channel's or vessel's video, by the address of its page."),
    HttpApiEndpoint.get("pointVideos", "/point-videos/:id", {
      params: { id: Slug },
      success: PointVideos,
      error: NotFound,
    }).annotate(
      OpenApi.Description,
      "The point videos of one channel, by the address of its page, in the channel's order, each with its permission.",
    ),
  )
  .middleware(OptionalAuthentication)
  .prefix("/api") {}

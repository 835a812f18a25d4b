// Handlers of the "videos" group: the caller (visitor, Standard or Pro) and language, handed to the
// Videos service. Listings hold addresses signed for this caller, so caches keep them private.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/domain/api/api.ts"
import { contentCaller } from "../platform/http/request-context.ts"
import { Videos } from "./service.ts"

export const VideosHandlers = HttpApiBuilder.group(
  Api,
  "videos",
  Effect.fn(function* (handlers) {
    const videos = yield* Videos
    return handlers
      .handle("channelVideos", () => Effect.flatMap(contentCaller, videos.channelVideos))
      .handle("channelVideo", ({ params }) => Effect.flatMap(contentCaller, (c) => videos.channelVideo(c, params.id)))
      .handle("pointVideos", ({ params }) => Effect.flatMap(contentCaller, (c) => videos.pointVideos(c, params.id)))
  }),
)

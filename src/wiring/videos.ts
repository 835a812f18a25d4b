// Videos: the player's flow with its API calls (through the shared api actor, so the error catalogue
// of §8 applies): the channel's or vessel's video, or a channel's point videos, with the learner's
// video settings (a visitor plays with the defaults), and the upgrade modal for a locked video.
import { Effect } from "effect"
import type { SelectableLanguage } from "../domain/shared/locales.ts"
import { defaultPreferences, preferencesOf } from "../domain/videos/video-playback.ts"
import type { Client } from "../infra/api-client.ts"
import { type LoadedVideos, type VideoQueueMode, videoQueueMachine } from "../machines/videos/video-queue-machine.ts"
import type { BillingWiring } from "./billing.ts"
import type { Wiring } from "./shared/wiring.ts"

export const wireVideos = (
  w: Wiring,
  billing: Pick<BillingWiring, "openUpgradeLite" | "offerUpgradeLite">,
  options: {
    readonly language: SelectableLanguage
    readonly signedIn: () => boolean
    /** The device asks for reduced motion (`prefers-reduced-motion`). */
    readonly prefersReducedMotion: () => boolean
  },
) => {
  const videos = (client: Client, slug: string, mode: VideoQueueMode) =>
    mode === "channel"
      ? Effect.map(client.videos.channelVideo({ params: { id: slug } }), (channel) => ({ channel, items: [channel] }))
      : Effect.map(client.videos.pointVideos({ params: { id: slug } }), ({ channel, points }) => ({
          channel,
          items: points,
        }))
  const preferences = (client: Client) =>
    options.signedIn()
      ? Effect.map(client.settings.get(), (settings) =>
          preferencesOf(settings, options.language, options.prefersReducedMotion()),
        )
      : Effect.succeed({ ...defaultPreferences(options.language), reducedMotion: options.prefersReducedMotion() })
  const loadVideos = w.apiActor<{ readonly slug: string; readonly mode: VideoQueueMode }, LoadedVideos>(
    (client, { slug, mode }) =>
      Effect.map(
        Effect.all([videos(client, slug, mode), preferences(client)], { concurrency: 2 }),
        ([listed, preferences]) => ({ ...listed, preferences }),
      ),
  )
  return {
    machines: {
      videos: {
        queue: videoQueueMachine.provide({
          actors: { loadVideos },
          actions: { offerUpgrade: billing.offerUpgradeLite, openUpgrade: billing.openUpgradeLite },
        }),
      },
    },
  }
}

// Search: each search flow with its calls of the contract (through the app's API actor, so every
// failure meets the error catalogue of §8) and its navigation. The searches write what they show
// into the address with the Navigation service's `replace`, so Back leaves the search page instead
// of stepping through every keystroke.
import { Effect } from "effect"
import type { KeywordSearchPayload, PointSearchPayload } from "../domain/api/search-api.ts"
import { pointHref } from "../domain/content/content-links.ts"
import { localPointSearch, searchableOnDevice } from "../domain/search/local-point-search.ts"
import type { NameLanguage } from "../domain/search/point-index.ts"
import { safetyPayload } from "../domain/search/safety-filters.ts"
import { FULL_TEXT_HREF, SEARCH_HREF, type SearchRequest, searchHref } from "../domain/search/search-links.ts"
import type { Client } from "../infra/api-client.ts"
import { isNoNetwork } from "../infra/api-http-client.ts"
import { Navigation } from "../infra/navigation.ts"
import { pointReferenceMachine } from "../machines/search/point-reference-machine.ts"
import { type SearchAnswer, searchMachine } from "../machines/search/search-machine.ts"
import { searchOptionsMachine } from "../machines/search/search-options-machine.ts"
import { type PointsAnswer, typeAheadMachine } from "../machines/search/type-ahead-machine.ts"
import type { Wiring } from "./shared/wiring.ts"

/** The main search's payload: only the filters that are set. */
export const keywordPayload = (request: SearchRequest): KeywordSearchPayload => ({
  keyword: request.keyword,
  ...(request.channel === "" ? {} : { channel: request.channel }),
  ...(request.point === "" ? {} : { point: request.point }),
  ...(request.field === "" ? {} : { field: request.field }),
  ...(request.page > 1 ? { page: request.page } : {}),
  ...safetyPayload(request),
})

/** The one point a reference names exactly: by number first, then by name. */
const resolveReference = (client: Client, reference: string) =>
  Effect.gen(function* () {
    for (const mode of ["number", "name"] as const) {
      const { results } = yield* client.search.pointSearch({ payload: { keyword: reference, mode } })
      const exact = results.find((r) => r.exact)
      if (exact) return exact.slug
    }
    return null
  })

/**
 * The all-points search: the server's, and without a network the index the device keeps with the
 * learner's part (the service worker answers its address from the copy), searched by the same rules.
 * A search with a safety filter on, or on a device without the index, fails as offline as before.
 */
const searchPoints = (client: Client, payload: PointSearchPayload, language: NameLanguage) =>
  client.search
    .pointSearch({ payload })
    .pipe(
      Effect.catch((error: unknown) =>
        isNoNetwork(error) && searchableOnDevice(payload)
          ? Effect.map(client.content.pointIndex(), (entries) => localPointSearch(entries, payload, language))
          : Effect.fail(error),
      ),
    )

export const wireSearch = (w: Wiring, language: NameLanguage) => {
  const { apiActor } = w
  /** Replaces the current address (no new history entry). */
  const replace = (path: string) => w.act(Effect.flatMap(Navigation, (navigation) => navigation.replace(path)))
  const keywordSearch = apiActor<SearchRequest, SearchAnswer>((client, request) =>
    client.search.keywordSearch({ payload: keywordPayload(request) }),
  )
  const showAt =
    (base: string) =>
    (_: unknown, { request }: { readonly request: SearchRequest | null }) =>
      replace(request === null ? base : searchHref(base, request))
  return {
    machines: {
      search: {
        main: searchMachine.provide({
          actors: { search: keywordSearch },
          actions: { showRequest: showAt(SEARCH_HREF) },
        }),
        fullText: searchMachine.provide({
          actors: { search: keywordSearch },
          actions: { showRequest: showAt(FULL_TEXT_HREF) },
        }),
        header: searchMachine.provide({
          actors: {
            search: apiActor<SearchRequest, SearchAnswer>((client, request) =>
              client.search.keywordSuggestion({ query: { keyword: request.keyword } }),
            ),
          },
        }),
        points: typeAheadMachine.provide({
          actors: {
            searchPoints: apiActor<PointSearchPayload, PointsAnswer>((client, payload) =>
              searchPoints(client, payload, language),
            ),
          },
        }),
        options: searchOptionsMachine.provide({
          actors: {
            loadOptions: apiActor((client) =>
              Effect.all({ channels: client.content.channelFields(), fields: client.content.pointFields() }),
            ),
            loadPoints: apiActor((client, { channel }: { readonly channel: string }) =>
              client.content.pointNameFields({ params: { channel } }),
            ),
          },
        }),
        pointReference: pointReferenceMachine.provide({
          actors: {
            resolve: apiActor((client, { reference }: { readonly reference: string }) =>
              resolveReference(client, reference),
            ),
          },
          actions: {
            redirect: (_, { slug }) => replace(pointHref(slug)),
            notFound: () => replace("/not-found"),
          },
        }),
      },
    },
  }
}

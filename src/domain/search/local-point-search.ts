// The all-points search without a network (issue 33): the index the device keeps with the learner's
// part (GET /api/point-index, every point's public facts) searched here by the same rules and
// listing as the server's (point-hits.ts), so "Hegu" or "LI 4" finds LI-4 on a train. The index is
// built once per answer the app holds. The safety filters need the points' flags, which the index
// does not carry: a search with one on waits for the network.
import type { PointIndexEntry } from "../content/content-views.ts"
import { type PointHitView, pointHits } from "./point-hits.ts"
import { buildPointIndex, type NameLanguage, type PointIndex, type PointSearchMode } from "./point-index.ts"

export interface LocalPointSearch {
  readonly keyword: string
  readonly mode: PointSearchMode
  readonly notInPregnancy?: boolean
  readonly noOrgansBeneath?: boolean
}

/** Whether the search can be answered on the device: no safety filter is on. */
export const searchableOnDevice = (request: LocalPointSearch) =>
  request.notInPregnancy !== true && request.noOrgansBeneath !== true

const indexes = new WeakMap<ReadonlyArray<PointIndexEntry>, { index: PointIndex; open: ReadonlySet<string> }>()

const indexOf = (entries: ReadonlyArray<PointIndexEntry>) => {
  const known = indexes.get(entries)
  if (known) return known
  const made = {
    index: buildPointIndex(entries),
    open: new Set(entries.filter((entry) => entry.permission).map((entry) => entry.code)),
  }
  indexes.set(entries, made)
  return made
}

export const localPointSearch = (
  entries: ReadonlyArray<PointIndexEntry>,
  request: LocalPointSearch,
  language: NameLanguage,
): {
  readonly keyword: string
  readonly mode: PointSearchMode
  readonly total: number
  readonly results: ReadonlyArray<PointHitView>
} => {
  const { index, open } = indexOf(entries)
  const { total, results } = pointHits(index, request, language, { permission: (entry) => open.has(entry.code) })
  return { keyword: request.keyword, mode: request.mode, total, results }
}

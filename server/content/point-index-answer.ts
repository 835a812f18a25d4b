// The all-points search's index for the device (GET /api/point-index): every point's public facts —
// codes, pinyin, characters and the names in every language — in the order the server's search lists
// them (channel by channel, then the extra points), and whether the caller may open each. The app
// keeps it with the learner's part and searches it when there is no network
// (src/domain/search/local-point-search.ts). No text of a point is in it.
import type { PointIndexEntry } from "../../src/domain/content/content-views.ts"
import { canOpen, type Viewer } from "../../src/domain/content/permissions.ts"
import type { ContentSnapshot } from "./repo.ts"

export const pointIndexAnswer = (snapshot: ContentSnapshot, viewer: Viewer): ReadonlyArray<PointIndexEntry> =>
  snapshot.briefs.flatMap((brief) => {
    const point = snapshot.pointBySlug.get(brief.slug)
    if (point === undefined) return []
    const { altCodes, pinyin, hanzi, name } = point.data
    return [
      {
        code: point.code,
        altCodes,
        slug: point.slug,
        pinyin,
        hanzi: { traditional: hanzi.traditional, simplified: hanzi.simplified },
        names: { en: name.en, de: name.de, es: name.es },
        permission: canOpen(viewer, point),
      },
    ]
  })

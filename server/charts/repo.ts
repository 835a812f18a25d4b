// The body-chart files of the knowledge base (`content/charts/`), read and resolved by the domain's
// resolver once per process, on first use: the files change only with a deploy, like the content
// seed. A file that does not decode or resolve is a defect (500), never a caller's error.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Context, Effect, Layer } from "effect"
import { decodeChartView, decodePathways } from "../../src/domain/charts/chart-content.ts"
import { CHART_VIEW_IDS, type ChartViewId } from "../../src/domain/charts/chart-ids.ts"
import { type ChartPath, chartPaths, type ResolvedView, resolveView } from "../../src/domain/charts/chart-resolve.ts"
import { chartFileName, PATHWAYS_FILE, type Pathway } from "../../src/domain/charts/chart-schema.ts"
import { ServerConfig } from "../platform/config/server-config.ts"

/** A view as resolved from its file: points placed, regions and line art ready to draw. */
export interface ChartSource {
  readonly resolved: ResolvedView
  readonly art: ReadonlyArray<ChartPath>
}

export interface ChartLibrary {
  readonly views: ReadonlyMap<ChartViewId, ChartSource>
  readonly pathways: ReadonlyArray<Pathway>
}

export class ChartsRepo extends Context.Service<
  ChartsRepo,
  {
    /** Every view of content/charts, resolved, with the pathways file. */
    readonly library: Effect.Effect<ChartLibrary>
  }
>()("jingluo/server/ChartsRepo") {
  static readonly layer = Layer.effect(
    ChartsRepo,
    Effect.gen(function* () {
      const { contentDir } = yield* ServerConfig
      const read = (file: string): unknown => JSON.parse(readFileSync(join(contentDir, file), "utf8"))
      let loaded: ChartLibrary | undefined
      const library = Effect.sync(() => {
        loaded ??= {
          pathways: decodePathways(read(PATHWAYS_FILE)),
          views: new Map(
            CHART_VIEW_IDS.map((id) => {
              const view = decodeChartView(read(chartFileName(id)), chartFileName(id))
              return [id, { resolved: resolveView(view), art: chartPaths(view) }] as const
            }),
          ),
        }
        return loaded
      })
      return ChartsRepo.of({ library })
    }),
  )
}

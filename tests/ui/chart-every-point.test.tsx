// Every one of the knowledge base's points as its own page's chart opens on it (the chart machine
// given the real views and index, the drawing rendered): the point's own dot is drawn after every
// other point, label and leader line (nothing can cover it), it carries its label, and it lies
// inside what the drawing shows — on a whole-body view the chart opens on the trunk around it.
import { render } from "@testing-library/react"
import { I18nextProvider } from "react-i18next"
import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { BODY_VIEW_IDS, type ChartViewId } from "../../src/domain/charts/chart-ids.ts"
import type { ChartIndex, ServedChart } from "../../src/domain/charts/chart-views.ts"
import { isZoomedIn } from "../../src/domain/charts/chart-zoom.ts"
import { chartMachine } from "../../src/machines/charts/chart-machine.ts"
import { ChartFigure } from "../../src/ui/charts/ChartFigure.tsx"
import { createI18n } from "../../src/ui/i18n.ts"
import { contentCharts } from "../support/content-charts.ts"

const { charts, index, points } = contentCharts()

/** The chart machine for a point's page, answered from the content: where it opens. */
const opened = async (code: string) => {
  const actor = createActor(
    chartMachine.provide({
      actors: {
        fetchIndex: fromPromise<ChartIndex, void>(async () => index),
        fetchChart: fromPromise<ServedChart, { readonly view: ChartViewId }>(
          async ({ input }) => charts.get(input.view)!,
        ),
      },
    }),
    { input: { subject: { kind: "point", code } } },
  ).start()
  const ready = await waitFor(actor, (s) => !s.hasTag("busy") && s.context.view !== null)
  actor.stop()
  return ready.context
}

const noop = () => {}

describe("every point's page chart", () => {
  it(`draws each of the ${points.length} points on top of its neighbours, labelled and in view`, async () => {
    const i18n = await createI18n("en")
    await i18n.loadNamespaces("charts")
    const view = render(<div />)
    const failures: Array<string> = []
    let trunkPoints = 0
    for (const point of points) {
      const { view: id, zoom, focus, highlight } = await opened(point.code)
      const chart = charts.get(id!)!
      const best = index.points[point.code]![0]!
      view.rerender(
        <I18nextProvider i18n={i18n}>
          <ChartFigure
            chart={chart}
            zoom={zoom}
            focus={focus}
            highlight={highlight}
            emphasis={{}}
            labelId="chart-heading"
            describedBy="chart-instructions"
            wheel="modifier"
            onFocusPoint={noop}
            onStep={noop}
            onEnd={noop}
            onGroupStep={noop}
            onOpen={noop}
            onZoom={noop}
            onZoomReset={noop}
            onPan={noop}
          />
        </I18nextProvider>,
      )
      const svg = view.container.querySelector("svg.chart-svg")!
      const links = [...svg.querySelectorAll("a[data-key]")]
      const own = links.find((a) => a.getAttribute("data-key") === best.key)
      const labels = svg.querySelector(".chart-labels")!
      const label = svg.querySelector(".chart-label.is-main text")?.textContent ?? ""
      const [x, y, w, h] = svg.getAttribute("viewBox")!.split(" ").map(Number) as [number, number, number, number]
      const site = chart.points.find((p) => p.code === point.code)!.sites.find((s) => s.key === best.key)!
      const problems = [
        id === best.view ? "" : `opens on ${id}, not ${best.view}`,
        own?.getAttribute("aria-current") === "true" ? "" : "not highlighted",
        links.at(-1) === own ? "" : `drawn before ${links.at(-1)?.getAttribute("data-key")}`,
        own && labels.compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING ? "" : "drawn before the labels",
        label.startsWith(`${point.code} `) ? "" : `labelled "${label}"`,
        site.x > x && site.x < x + w && site.y > y && site.y < y + h ? "" : `outside ${[x, y, w, h]}`,
        BODY_VIEW_IDS.includes(best.view) && !isZoomedIn(zoom) ? "whole-body view not opened on the trunk" : "",
      ].filter(Boolean)
      if (BODY_VIEW_IDS.includes(best.view)) trunkPoints++
      if (problems.length > 0) failures.push(`${point.code}: ${problems.join(", ")}`)
    }
    expect(failures).toEqual([])
    expect(trunkPoints).toBeGreaterThan(100)
  }, 300_000)
})

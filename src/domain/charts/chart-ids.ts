// The body-chart views by id, apart from their file Schemas, so the app can name and pick views
// without loading the chart-file shapes (and the content Schemas behind them).

export const CHART_VIEW_IDS = [
  "body-front",
  "body-back",
  "body-side",
  "head-front",
  "head-side",
  "neck",
  "mouth",
  "hand-palm",
  "hand-back",
  "foot-top",
  "foot-inner",
  "foot-outer",
  "foot-sole",
] as const
export type ChartViewId = (typeof CHART_VIEW_IDS)[number]

export const isChartViewId = (value: string): value is ChartViewId =>
  (CHART_VIEW_IDS as ReadonlyArray<string>).includes(value)

/** Whole-body views show a channel's whole course; the others are the detailed views. */
export const BODY_VIEW_IDS: ReadonlyArray<ChartViewId> = ["body-front", "body-back", "body-side"]

/** Largest gzip size of one view (its file, and the answer the server sends), so a view loads fast. */
export const MAX_VIEW_GZIP_BYTES = 60 * 1024

/** The chart explorer, reached from the book; one view of it; a practice question on a view; a safety highlight. */
export const CHARTS_HREF = "/book/charts"
export const chartViewHref = (
  view: ChartViewId,
  query: { readonly point?: string; readonly find?: string; readonly safety?: string } = {},
) => {
  const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))
  return `${CHARTS_HREF}/${view}${search.size > 0 ? `?${search}` : ""}`
}

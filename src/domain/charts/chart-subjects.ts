// What a chart is shown for, and which views show it: a point (its best view and, where it helps,
// a second), a channel's or vessel's course, a body area's region, or a view picked by the user.
// The index of views the server sends decides; the first view is shown first.
import { CHART_VIEW_IDS, type ChartViewId } from "./chart-ids.ts"
import type { ChartIndex } from "./chart-views.ts"

export type ChartSubject =
  | { readonly kind: "point"; readonly code: string }
  | { readonly kind: "pathway"; readonly id: string }
  | { readonly kind: "area"; readonly id: string }
  | { readonly kind: "views"; readonly views: ReadonlyArray<ChartViewId> }

export interface ChartPlan {
  readonly views: ReadonlyArray<ChartViewId>
  /** The site to focus first on each view, for a point. */
  readonly keys: Readonly<Partial<Record<ChartViewId, string>>>
}

/** The views for a subject; none when the index has nothing for it (nothing is drawn then). */
export const planFor = (index: ChartIndex | null, subject: ChartSubject): ChartPlan => {
  switch (subject.kind) {
    case "views":
      return { views: subject.views.length > 0 ? subject.views : CHART_VIEW_IDS, keys: {} }
    case "point": {
      const places = index?.points[subject.code] ?? []
      const keys: Partial<Record<ChartViewId, string>> = {}
      for (const p of places) if (p.key !== null) keys[p.view] = p.key
      return { views: places.map((p) => p.view), keys }
    }
    case "pathway":
      return { views: index?.pathways[subject.id] ?? [], keys: {} }
    case "area":
      return { views: index?.areas[subject.id] ?? [], keys: {} }
  }
}

/** Whether the subject needs the index to find its views. */
export const needsIndex = (subject: ChartSubject) => subject.kind !== "views"

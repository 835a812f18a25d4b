// How a video comes to one point: the view that shows the point in most detail and, when that is
// not a whole-body view, the whole-body view the camera closes in from before it cross-fades to the
// detail, and the point lit there. The point video and the acupressure video both open this way.
import { groupColor } from "../charts/chart-colors.ts"
import { ChartDataError } from "../charts/chart-frames.ts"
import type { Point2 } from "../charts/chart-geometry.ts"
import { BODY_VIEW_IDS } from "../charts/chart-ids.ts"
import { bestViews, pointGroup } from "../charts/chart-navigation.ts"
import type { PointInstance, ResolvedView } from "../charts/chart-resolve.ts"
import type { ViewBox } from "../charts/chart-zoom.ts"
import { artOf, nearInstance, wholeView } from "./video-parts.ts"
import { cameraFor, type Keyframe, type SceneElement, type SceneLayer } from "./video-scene.ts"

/** The whole view holds this long before the camera moves. */
export const HOLD_WHOLE = 0.8
/** When the zoom on the whole-body view ends and its cross-fade to the detail begins. */
export const ZOOM_END = 2.2
/** The cross-fade from the whole-body view to the detail. */
export const FADE = 0.7

/** Where a point is drawn: its most detailed view and site there, and the whole-body view to start from. */
export interface PointPlace {
  readonly detail: ResolvedView
  readonly instance: PointInstance
  /** The whole-body view the camera closes in from; none when the detail is one. */
  readonly body: { readonly view: ResolvedView; readonly at: Point2 } | undefined
  /** The colour of the point's channel or group. */
  readonly color: string
}

const isBody = (r: ResolvedView) => BODY_VIEW_IDS.includes(r.view.id)

/** Where `code` is drawn on `views`; throws when it is on none. */
export const placeOfPoint = (views: ReadonlyArray<ResolvedView>, code: string): PointPlace => {
  const ranked = bestViews(views, code)
  const best = ranked[0]
  const detail = views.find((v) => v.view.id === best?.view)
  const instance = detail?.points.find((p) => p.key === best?.key)
  if (!best || !detail || !instance) throw new ChartDataError(`${code} is on no chart view`)
  const bodyPlace = isBody(detail) ? undefined : ranked.find((r) => BODY_VIEW_IDS.includes(r.view))
  const body = bodyPlace ? views.find((v) => v.view.id === bodyPlace.view) : undefined
  const bodyInstance = body?.points.find((p) => p.key === bodyPlace?.key)
  return {
    detail,
    instance,
    body: body ? { view: body, at: bodyInstance?.position ?? nearInstance(body, code)?.position ?? [0, 0] } : undefined,
    color: groupColor(pointGroup(code).group),
  }
}

/** The opening: the layers before the detail's, and the detail layer's camera and opacity. */
export interface Approach {
  readonly layers: ReadonlyArray<SceneLayer>
  readonly camera: ReadonlyArray<Keyframe<ViewBox>>
  readonly opacity: ReadonlyArray<Keyframe<number>>
  /** When the camera has arrived at `box` on the detail. */
  readonly closeUp: number
}

/**
 * The whole body, held, then the camera closing in on the point (a soft ring where it is) and
 * cross-fading to the detail seen through `box`; or, when the detail is a whole-body view, the camera
 * closing in on it straight to `box`.
 */
export const approachPoint = (place: PointPlace, box: ViewBox): Approach => {
  const { body, detail, color } = place
  if (!body) {
    const start = wholeView(detail.view)
    return {
      layers: [],
      camera: [
        { at: 0, value: start },
        { at: HOLD_WHOLE, value: start },
        { at: ZOOM_END + 0.4, value: box, ease: "in-out" },
      ],
      opacity: [{ at: 0, value: 1 }],
      closeUp: ZOOM_END + 0.4,
    }
  }
  const start = wholeView(body.view.view)
  const { at } = body
  const r = 0.1 * body.view.view.viewBox[3]
  const near = cameraFor([at[0] - r, at[1] - r, 2 * r, 2 * r], 0)
  return {
    layers: [
      {
        camera: [
          { at: 0, value: start },
          { at: HOLD_WHOLE, value: start },
          { at: ZOOM_END + FADE, value: near, ease: "in-out" },
        ],
        opacity: [
          { at: ZOOM_END, value: 1 },
          { at: ZOOM_END + FADE, value: 0 },
        ],
        // Where the point is, softly, while the camera closes in.
        elements: [artOf(body.view.view), { type: "ring", at, radius: 16, color, width: 2.5, from: 0.4, fade: 0.4 }],
      },
    ],
    camera: [{ at: 0, value: box }],
    opacity: [
      { at: ZOOM_END, value: 0 },
      { at: ZOOM_END + FADE, value: 1 },
    ],
    closeUp: ZOOM_END + FADE,
  }
}

/** The sites of a point drawn on a view's near side (or its midline). */
export const nearSites = (view: ResolvedView, code: string): ReadonlyArray<PointInstance> =>
  view.points.filter((p) => p.code === code && !p.mirrored)

/** The point lit at each of its sites from `from`: a dot, and a ring pulsing every `period` seconds until `until`. */
export const litPoint = (
  sites: ReadonlyArray<PointInstance>,
  color: string,
  from: number,
  period: number,
  until?: number,
): ReadonlyArray<SceneElement> =>
  sites.flatMap(
    (site): ReadonlyArray<SceneElement> => [
      { type: "dot", at: site.position, radius: 7, color, rim: 2, from, fade: 0.25 },
      {
        type: "ring",
        at: site.position,
        radius: 9,
        color,
        width: 3,
        from,
        ...(until === undefined ? {} : { until }),
        pulse: { period, grow: 2.4 },
      },
    ],
  )

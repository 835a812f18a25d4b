// The reduced-motion version of a video (video settings, "reduced motion"): the same pictures, words
// and timing as a sequence of stills. Every movement becomes a cut: the camera jumps from the whole
// body to the point's view where the zoom would end, views replace each other where they would
// cross-fade, elements appear instead of fading in, rings stay instead of pulsing, landmarks appear
// at their size, a pressing fingertip stays pressed in, a course is drawn point to point — the
// whole stretch to a point appears when the moving line would reach it and the point lights — and a
// ruler appears whole when the moving one would be complete. Captions fit both versions unchanged.
import type { Keyframe, SceneElement, SceneLayer, VideoScene } from "./video-scene.ts"

const cuts = <A>(keys: ReadonlyArray<Keyframe<A>>): ReadonlyArray<Keyframe<A>> =>
  keys.map((key, index) => (index === 0 ? key : { ...key, ease: "cut" }))

/**
 * A course's times moved forward to the moments a point lights (`lit`, sorted) — the line's last
 * stretch to its end — so it grows a stretch from point to point, not a bend at a time.
 */
const pointToPoint = (times: ReadonlyArray<number>, lit: ReadonlyArray<number>): ReadonlyArray<number> => {
  const end = times[times.length - 1] ?? 0
  return times.map((time) => lit.find((at) => at >= time && at <= end) ?? end)
}

const stillElement = (element: SceneElement, lit: ReadonlyArray<number>): SceneElement => {
  switch (element.type) {
    case "art":
      return element
    case "trace": {
      const { fade: _fade, ...rest } = element
      return { ...rest, times: pointToPoint(element.times, lit), stepwise: true }
    }
    case "ring": {
      const { fade: _fade, pulse: _pulse, ...rest } = element
      return rest
    }
    case "landmark":
    case "press": {
      const { fade: _fade, ...rest } = element
      return { ...rest, still: true }
    }
    case "ruler": {
      const whole = (draw: { readonly from: number; readonly until: number }) => ({
        from: draw.until,
        until: draw.until,
      })
      return {
        ...element,
        draw: whole(element.draw),
        ...(element.mark ? { mark: { ...element.mark, draw: whole(element.mark.draw) } } : {}),
      }
    }
    case "dot":
    case "label": {
      const { fade: _fade, ...rest } = element
      return rest
    }
  }
}

const stillLayer = (layer: SceneLayer): SceneLayer => {
  const lit = [...new Set(layer.elements.flatMap((e) => (e.type === "dot" ? [e.from] : [])))].sort((a, b) => a - b)
  return {
    camera: layer.camera ? cuts(layer.camera) : null,
    opacity: cuts(layer.opacity),
    elements: layer.elements.map((element) => stillElement(element, lit)),
  }
}

/** `scene` with every movement replaced by a cut (see above). */
export const stillScene = (scene: VideoScene): VideoScene => ({ ...scene, layers: scene.layers.map(stillLayer) })

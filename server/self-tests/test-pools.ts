// Who takes a test and which points it may ask about (§7 "tests"): the learner as the session read
// them, the pool their plan opens less what their settings leave out, and a point group's focus.
import { hasPro, type Viewer } from "../../src/domain/content/permissions.ts"
import { makeTestPool, type TestPool } from "../../src/domain/self-tests/test-content.ts"
import { poolForSettings } from "../../src/domain/self-tests/test-safety.ts"
import type { TestSettings } from "../../src/domain/self-tests/test-settings.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import type { TestContentBundle } from "./content-source.ts"

/** Who is asking, in which language. */
export interface Learner {
  readonly userId: number
  /** The plan as the session read it on this request, so an upgrade or a lapse counts at once. */
  readonly planId: number
  readonly language: SelectableLanguage
}

/** A test's pool, given as point codes (a point group's), or the whole pool of the learner's plan. */
export interface TestFocus {
  readonly points: ReadonlyArray<string>
  /** The learner's point group the points are from. */
  readonly group?: { readonly id: number; readonly name: string }
}

export const viewerOf = (learner: Learner): Viewer => ({ _tag: "Member", planId: learner.planId })

/** What the learner's plan opens, less what the learner's settings leave out. */
export const poolOf = (
  bundle: TestContentBundle,
  viewer: Viewer,
  settings: TestSettings,
  focus?: Iterable<string>,
): TestPool => poolForSettings(bundle.content, planPoolOf(bundle, viewer, focus), settings)

/** What the learner's plan opens. */
export const planPoolOf = (bundle: TestContentBundle, viewer: Viewer, focus?: Iterable<string>): TestPool => {
  const pro = hasPro(viewer)
  return makeTestPool(bundle.content, {
    points: pro ? bundle.allPoints : bundle.freePoints,
    focus,
    vessels: pro ? bundle.content.vessels.map((v) => v.id) : bundle.freeVessels,
  })
}

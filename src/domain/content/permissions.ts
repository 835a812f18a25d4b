// Free and Pro (§6): a visitor and a Standard user open what the content declares free; a Pro user
// opens everything. The server computes `permission` with this rule for every item it lists and
// refuses the body of any item it would mark false.
import { isProPlan } from "../billing/plans.ts"

/** Who is asking: nobody (a visitor) or a signed-in user with a plan. */
export type Viewer = { readonly _tag: "Visitor" } | { readonly _tag: "Member"; readonly planId: number }

export const VISITOR: Viewer = { _tag: "Visitor" }

export const viewerPlan = (viewer: Viewer): number | null => (viewer._tag === "Member" ? viewer.planId : null)

export const hasPro = (viewer: Viewer) => isProPlan(viewerPlan(viewer))

/** The one rule: free items are open to everyone, the rest to Pro. */
export const canOpen = (viewer: Viewer, item: { readonly free: boolean }) => item.free || hasPro(viewer)

import { describe, expect, it } from "vitest"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../../src/domain/billing/plans.ts"
import { canOpen, hasPro, VISITOR, type Viewer, viewerPlan } from "../../../src/domain/content/permissions.ts"

const standardMember: Viewer = { _tag: "Member", planId: PLAN_ID_STANDARD }
const proMember: Viewer = { _tag: "Member", planId: PLAN_ID_PRO }

/** The kinds of content the server marks with `permission`; each declares whether it is free. */
const KINDS = ["channel", "point", "body area", "category", "vessel", "page"] as const

/** §6: visitors and Standard users open free items only; Pro users open everything. */
const VIEWERS = [
  { who: "a visitor", viewer: VISITOR, opensLocked: false },
  { who: "a Standard member", viewer: standardMember, opensLocked: false },
  { who: "a Pro member", viewer: proMember, opensLocked: true },
] as const

const cases = VIEWERS.flatMap(({ who, viewer, opensLocked }) =>
  KINDS.flatMap((kind) => [
    { who, viewer, kind, free: true, opens: true },
    { who, viewer, kind, free: false, opens: opensLocked },
  ]),
)

describe("who may open an item (§6)", () => {
  it("covers three viewers, six kinds of item, free and locked", () => {
    expect(cases).toHaveLength(VIEWERS.length * KINDS.length * 2)
  })

  it.each(cases)("$who opening a $kind with free $free: $opens", ({ viewer, kind, free, opens }) => {
    const item = { kind, slug: `some-${kind}`, free }
    expect(canOpen(viewer, item)).toBe(opens)
  })

  it("does not let a member on an unknown plan open locked items", () => {
    expect(canOpen({ _tag: "Member", planId: 0 }, { free: false })).toBe(false)
    expect(canOpen({ _tag: "Member", planId: 0 }, { free: true })).toBe(true)
  })
})

describe("the viewer's plan", () => {
  it("is none for a visitor", () => {
    expect(viewerPlan(VISITOR)).toBeNull()
    expect(hasPro(VISITOR)).toBe(false)
  })

  it("is the member's plan id", () => {
    expect(viewerPlan(standardMember)).toBe(PLAN_ID_STANDARD)
    expect(viewerPlan(proMember)).toBe(PLAN_ID_PRO)
  })

  it("is Pro only for the Pro plan", () => {
    expect(hasPro(proMember)).toBe(true)
    expect(hasPro(standardMember)).toBe(false)
    expect(hasPro({ _tag: "Member", planId: PLAN_ID_PRO + 1 })).toBe(false)
  })
})

// Plans and their ids (§4, §9): Pro is plan 3, Standard plan 2. Price display and plan ordering
// for the upgrade screens live here too, so every screen shows prices the same way.
export const PLAN_ID_PRO = 3
export const PLAN_ID_STANDARD = 2
export const PLAN_NAME_PRO = "Pro"
export const PLAN_NAME_STANDARD = "Standard"
export const TRIAL_DAYS = 7

export const isProPlan = (planId: number | null | undefined) => planId === PLAN_ID_PRO

// A page group's flows load with its script: the composition point (main.tsx) says, once, how the
// browser's app wires the flows of a group, and App's page groups load them beside their script, so
// a page opened in the app renders at once instead of waiting for its flows after its script. Where
// nothing was said (the server's drawing, view tests), a page's flows load when it first reads them.
import type { PageGroup } from "../../domain/shared/page-groups.ts"

let loadFlowsOf: (group: PageGroup) => Promise<unknown> = () => Promise.resolve()

export const setPageFlows = (load: (group: PageGroup) => Promise<unknown>) => {
  loadFlowsOf = load
}

/** The group's script, once it and the group's flows are in (a flow that failed is left to its page). */
export const withFlows =
  <M>(group: PageGroup, script: () => Promise<M>) =>
  () =>
    Promise.all([script(), loadFlowsOf(group).catch(() => undefined)]).then(([module]) => module)

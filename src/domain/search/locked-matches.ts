// Locked matches in a text search's results (§6): a visitor or a Standard learner gets the points
// they may open one by one (and the exact point, whatever its plan), and the points they may not
// open summed up in one line that opens the upgrade modal. The server lists those last, so the
// pages of results are the pages of what is listed.

/** Whether a result is listed one by one rather than counted in the locked line. */
export const isListed = (hit: { readonly permission: boolean; readonly exact: boolean }) => hit.permission || hit.exact

/** Pages of listed results: `locked` of the `total` matches fill no page of their own. */
export const listedPageCount = (total: number, locked: number, pageSize: number) =>
  Math.max(1, Math.ceil(Math.max(0, total - locked) / pageSize))

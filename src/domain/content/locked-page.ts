// What a content call answers for an item the caller may not open (§6): its public facts — kind,
// code, names — and never its content. It is an answer (200), not an error: the page names what is
// locked and offers Pro, and the browser has no failed request to report in its console. Calls that
// do something only Pro may do (a Pro test, a note on a locked point) still answer 403 ProRequired.
// The answer's Schema, for the contract, is in locked-page-schema.ts.
import type { LockedItem } from "../shared/errors.ts"
import type { LockedPage } from "./locked-page-schema.ts"

export const isLockedPage = (answer: unknown): answer is LockedPage =>
  typeof answer === "object" && answer !== null && "_tag" in answer && answer._tag === "Locked"

/**
 * How a locked item is named, on its page and in the page's title: a point by its code and pinyin
 * with its name below, the rest by name.
 */
export const lockedHeading = (item: LockedItem): { readonly title: string; readonly subtitle: string | null } =>
  item.kind === "point" && item.code !== null
    ? { title: `${item.code} ${item.pinyin ?? ""}`.trim(), subtitle: item.name }
    : { title: item.name, subtitle: item.pinyin }

// The parts of a content page that no first interaction needs: adding the page's point or channel
// to a group, and the point's note. Each loads with its flow after the page: on a page the server
// drew, the drawn part stays in place and starts working when its script arrives, a moment after
// the rest of the page; on a page opened in the app it shows when loaded, at once once loaded before.
// Offline, a part that cannot load says so in its place, with a retry.
import { lazyModule, PAGE_PART } from "../shared/components/lazy-part.tsx"

const groups = lazyModule(() => import("../groups/AddToGroup.tsx"), PAGE_PART)
const notes = lazyModule(() => import("../notes/PointNotes.tsx"), PAGE_PART)

export const AddToGroup = groups.part((m) => m.AddToGroup)
export const PointNotes = notes.part((m) => m.PointNotes)

// The part of a point page that no first interaction needs: the point's note, further down the page.
// It loads with its flow after the page: on a page the server drew, the drawn note stays in place
// and starts working when its script arrives, a moment after the rest of the page; on a page opened
// in the app it shows when loaded, at once once loaded before. Offline, it says in its place that it
// could not load, with a retry. "Add to group" keeps its button with the page, in the page's header
// where a reader's first press may well go; only its dialog loads on that press (groups/AddToGroup.tsx).
import { lazyModule, PAGE_PART } from "../shared/components/lazy-part.tsx"

const notes = lazyModule(() => import("../notes/PointNotes.tsx"), PAGE_PART)

export const PointNotes = notes.part((m) => m.PointNotes)

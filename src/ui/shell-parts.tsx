// The parts of the app's shell that no first interaction needs, each loaded when it is first shown:
// the channel menu's panel, the header's search and the payment modal's plans. App preloads them
// once the browser is idle after the first render, so by the time a user opens one it shows at once;
// opened sooner, it shows a spinner until its script arrives, and offline it says so with a retry.
import { lazyModule } from "./shared/components/lazy-part.tsx"
import { PageLoader } from "./shared/components/PageLoader.tsx"

const part = { placeholder: <PageLoader />, failure: "partFailed", renderFailure: "partError" }

const drillDown = lazyModule(() => import("./content/DrillDownMenu.tsx"), part)
const headerSearch = lazyModule(() => import("./search/HeaderSearch.tsx"), part)
const upgradeContent = lazyModule(() => import("./billing/UpgradeContent.tsx"), part)

export const DrillDownMenu = drillDown.part((m) => m.DrillDownMenu)
export const HeaderSearch = headerSearch.part((m) => m.HeaderSearch)
export const UpgradeContent = upgradeContent.part((m) => m.UpgradeContent)

/** Starts loading every part; a failure is left to the part's own retry when it is shown. */
export const preloadShellParts = () => {
  for (const module of [drillDown, headerSearch, upgradeContent]) module.preload().catch(() => undefined)
}

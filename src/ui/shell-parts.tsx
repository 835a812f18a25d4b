// The parts of the app's shell that no first interaction needs, each loaded when it is first shown:
// the channel menu's panel, the header's search, the payment modal's plans and the header's menus'
// popovers (shared/components/LazyMenu.tsx) and the modals' dialog (shared/components/Modal.tsx). App preloads them
// once the browser is idle after the first render, so by the time a user opens one it shows at once;
// opened sooner, it shows a spinner until its script arrives, and offline it says so with a retry.

import { HeaderSearchPlaceholder } from "./search/HeaderSearchPlaceholder.tsx"
import { preloadMenus } from "./shared/components/LazyMenu.tsx"
import { lazyModule, PAGE_PART } from "./shared/components/lazy-part.tsx"
import { preloadModal } from "./shared/components/Modal.tsx"
import { PageLoader } from "./shared/components/PageLoader.tsx"

const part = { ...PAGE_PART, placeholder: <PageLoader /> }

const drillDown = lazyModule(() => import("./content/DrillDownMenu.tsx"), part)
// Typing into the search before its script is in is kept (HeaderSearchPlaceholder.tsx).
const headerSearch = lazyModule(() => import("./search/HeaderSearch.tsx"), {
  ...part,
  placeholder: <HeaderSearchPlaceholder />,
})
const upgradeContent = lazyModule(() => import("./billing/UpgradeContent.tsx"), part)

export const DrillDownMenu = drillDown.part((m) => m.DrillDownMenu)
export const HeaderSearch = headerSearch.part((m) => m.HeaderSearch)
export const UpgradeContent = upgradeContent.part((m) => m.UpgradeContent)

/** Starts loading every part; a failure is left to the part's own retry when it is shown. */
export const preloadShellParts = () => {
  for (const module of [drillDown, headerSearch, upgradeContent]) module.preload().catch(() => undefined)
  void preloadMenus()
  void preloadModal()
}

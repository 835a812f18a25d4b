// The toasts' region (sonner) is not needed before a first toast: it loads once the browser is idle
// after the first render (a second at most). A toast shown before then (infra/toasts.ts loads sonner
// by itself) waits in sonner's store and appears when the region does.
import { lazy, Suspense, useEffect, useState } from "react"
import { TOAST_DURATION_MS, TOAST_LIMIT } from "../../../domain/shared/timing.ts"
import { whenIdle } from "../when-idle.ts"

const Toaster = lazy(() => import("sonner").then(({ Toaster }) => ({ default: Toaster })))

export const Toasts = () => {
  const [wanted, setWanted] = useState(false)
  useEffect(() => whenIdle(() => setWanted(true), 1000), [])
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-center"
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_LIMIT}
        richColors
        closeButton
      />
    </Suspense>
  ) : null
}

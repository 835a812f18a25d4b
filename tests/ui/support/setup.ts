// jsdom setup for view and model tests: jest-dom matchers, a clean DOM, cookies and storage per test.
import "@testing-library/jest-dom/vitest"
import { cleanup, configure } from "@testing-library/react"
import { toast } from "sonner"
import { afterEach } from "vitest"

// Pages load lazily: a `findBy…` waits up to 5 s for what a page shows once its chunk and data
// are in, so a busy machine is not mistaken for a missing element (one that never comes still fails).
configure({ asyncUtilTimeout: 5_000 })

// React Aria and sonner read these browser APIs that jsdom lacks.
globalThis.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof globalThis.matchMedia
globalThis.scrollTo = () => {}
Element.prototype.scrollIntoView ??= () => {}

afterEach(() => {
  toast.dismiss()
  cleanup()
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, "", "/")
})

// jsdom setup for view and model tests: jest-dom matchers, a clean DOM, cookies and storage per test.
import "@testing-library/jest-dom/vitest"
import { cleanup } from "@testing-library/react"
import { toast } from "sonner"
import { afterEach } from "vitest"

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
  window.history.replaceState(null, "", "/")
})

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

// jsdom plays no media: its play() is not implemented and `paused` never changes. A stand-in keeps
// `paused` and fires what a browser fires — play(): play, playing, timeupdate; pause(): pause; an
// `ended` (dispatched by a test, as the end of the video) leaves it paused.
const playingMedia = new WeakSet<HTMLMediaElement>()
Object.defineProperty(HTMLMediaElement.prototype, "paused", {
  configurable: true,
  get(this: HTMLMediaElement) {
    return !playingMedia.has(this)
  },
})
HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
  if (!playingMedia.has(this)) {
    playingMedia.add(this)
    for (const type of ["play", "playing", "timeupdate"]) this.dispatchEvent(new Event(type))
  }
  return Promise.resolve()
}
HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
  if (playingMedia.delete(this)) this.dispatchEvent(new Event("pause"))
}
HTMLMediaElement.prototype.load = () => {}
document.addEventListener("ended", (event) => playingMedia.delete(event.target as HTMLMediaElement), true)

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

// Whether the device asks for reduced motion: the players then show still frames (the video queue's
// "as the device asks", and the sharing pages, which have no settings).
export const prefersReducedMotion = () =>
  typeof globalThis.matchMedia === "function" && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches

// Whether the device asks for reduced motion: the sharing pages' players then show still frames.
export const prefersReducedMotion = () =>
  typeof globalThis.matchMedia === "function" && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches

// What the composition point (main.tsx) makes only when a view first needs it: the flows of pages
// not shown yet, wired once their script has arrived. A view that reads one before then suspends (its
// page's or part's placeholder shows) until it is made; when its script cannot be loaded (offline),
// the part's boundary says so with a retry, which tries again.
import { PartLoadError } from "./components/lazy-part.tsx"

export interface Later<T> {
  /** Starts making it, once; what a preload calls. */
  readonly load: () => Promise<T>
  /** It, made: called while a view renders, which waits for it if need be. */
  readonly read: () => T
}

export const later = <T>(make: () => Promise<T>): Later<T> => {
  let made: { readonly value: T } | undefined
  let failed: PartLoadError | undefined
  let making: Promise<T> | undefined
  const load = () => {
    making ??= make().then(
      (value) => {
        made = { value }
        return value
      },
      (cause: unknown) => {
        failed = new PartLoadError(cause)
        making = undefined
        throw failed
      },
    )
    return making
  }
  return {
    load,
    read: () => {
      if (made) return made.value
      if (failed) {
        // Told once to the part's boundary; its retry loads it again.
        const error = failed
        failed = undefined
        throw error
      }
      // The view waits (suspends) until it is made, and React renders it again then. (Not use():
      // a view that read one with use() left its children's own suspensions waiting for ever.)
      throw load()
    },
  }
}

/** `values` with more properties read through getters: each made when first read. */
export const withGetters = <A extends object, B extends Record<string, () => unknown>>(
  values: A,
  getters: B,
): A & { readonly [K in keyof B]: ReturnType<B[K]> } => {
  const object = { ...values }
  for (const [key, get] of Object.entries(getters)) Object.defineProperty(object, key, { get, enumerable: true })
  return object as A & { readonly [K in keyof B]: ReturnType<B[K]> }
}

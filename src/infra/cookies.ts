// The browser's cookies that scripts may read, as a service, so flows and tests control them:
// userdata, language and cookieAccepted (§3). The session cookie (`token`) is HttpOnly: the server
// sets and clears it, and no script sees it. `layerTest` keeps them in memory.
import { Context, Effect, Layer } from "effect"

export interface CookieOptions {
  readonly maxAgeSeconds: number
}

export interface CookiesService {
  readonly get: (name: string) => Effect.Effect<string | undefined>
  readonly set: (name: string, value: string, options: CookieOptions) => Effect.Effect<void>
  readonly remove: (name: string) => Effect.Effect<void>
}

/** Reads one cookie from a `document.cookie` string. */
export const parseCookie = (header: string, name: string): string | undefined => {
  for (const part of header.split(";")) {
    const index = part.indexOf("=")
    if (index < 0) continue
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export class Cookies extends Context.Service<Cookies, CookiesService>()("jingluo/infra/Cookies") {
  static readonly layer = Layer.sync(Cookies, () => {
    const secure = globalThis.location?.protocol === "https:" ? "; Secure" : ""
    return Cookies.of({
      get: Effect.fn("Cookies.get")((name: string) => Effect.sync(() => parseCookie(document.cookie, name))),
      set: Effect.fn("Cookies.set")((name: string, value: string, options: CookieOptions) =>
        Effect.sync(() => {
          // biome-ignore lint/suspicious/noDocumentCookie: this service is the one place that writes cookies
          document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${options.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`
        }),
      ),
      remove: Effect.fn("Cookies.remove")((name: string) =>
        Effect.sync(() => {
          // biome-ignore lint/suspicious/noDocumentCookie: this service is the one place that writes cookies
          document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
        }),
      ),
    })
  })

  /**
   * Cookies in memory: the server's render of a page reads the request's cookies here (what it
   * would write is dropped with the render), and tests.
   */
  static readonly layerMemory = (initial: Readonly<Record<string, string>> = {}) =>
    Layer.sync(Cookies, () => {
      const jar = new Map(Object.entries(initial))
      return Cookies.of({
        get: (name) => Effect.sync(() => jar.get(name)),
        set: (name, value) => Effect.sync(() => void jar.set(name, value)),
        remove: (name) => Effect.sync(() => void jar.delete(name)),
      })
    })

  static readonly layerTest = Cookies.layerMemory
}

// Where a visitor goes back to after signing in: the page they were on when they were asked to
// log in ("Log in to continue"), carried as `?next=` through login, registration and verification.
// Only a path of this app is accepted — one leading "/", no "//" in the path, no scheme, no
// backslash, never another origin — and never a sign-in page itself.
export const RETURN_PARAM = "next"
export const RETURN_PATH_MAX_LENGTH = 500

/** Pages that make no sense to return to after signing in. */
export const NO_RETURN_PATHS = [
  "/login",
  "/register",
  "/resetpassword",
  "/verify-email",
  "/restore-email",
  "/not-found",
] as const

const ORIGIN = "https://jingluo.invalid"

/** The path to return to, or null when `raw` is missing, foreign or unsafe. */
export const safeReturnPath = (raw: string | null | undefined): string | null => {
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH) return null
  if (!raw.startsWith("/") || raw.includes("\\")) return null
  // No empty segment in the path ("//evil.example", "/point//evil.example"); a query may hold one.
  if (/^[^?#]*\/\//.test(raw)) return null
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== ORIGIN) return null
  if ((NO_RETURN_PATHS as ReadonlyArray<string>).includes(url.pathname)) return null
  return url.pathname + url.search + url.hash
}

/** A link to `path` that carries the page to come back to, when there is a safe one other than home. */
export const withReturnPath = (path: string, returnTo: string | null | undefined): string => {
  const safe = safeReturnPath(returnTo)
  // Home is where signing in leads anyway.
  if (safe === null || safe === "/") return path
  const separator = path.includes("?") ? "&" : "?"
  return `${path}${separator}${RETURN_PARAM}=${encodeURIComponent(safe)}`
}

// A browser's part at the test OpenID Connect provider, over HTTP: follows its redirects with its
// cookies, signs in on its development sign-in page with a login, agrees on its consent page, and
// stops at our redirect URI with the provider's answer.
const cookieJar = () => {
  const cookies = new Map<string, string>()
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    keep: (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";")
        const at = pair.indexOf("=")
        if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
      }
    },
  }
}

/** Signs `login` in at the provider from `authorizationUrl`; the URL the provider sent back to us. */
export const signInAtProvider = async (
  authorizationUrl: string,
  login: string,
  redirectUri: string,
  choice: "agree" | "abort" = "agree",
): Promise<URL> => {
  const jar = cookieJar()
  let url = authorizationUrl
  let method = "GET"
  let body: string | undefined
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(redirectUri)) return new URL(url)
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        cookie: jar.header(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(body ? { body } : {}),
    })
    jar.keep(response)
    method = "GET"
    body = undefined
    const location = response.headers.get("location")
    if (location) {
      url = new URL(location, url).href
      continue
    }
    const page = await response.text()
    const uid = /\/interaction\/([^/"]+)/.exec(page)?.[1]
    if (!uid) throw new Error(`the provider answered ${response.status} without a next step: ${page.slice(0, 300)}`)
    const base = new URL(url).origin
    if (choice === "abort") {
      url = `${base}/interaction/${uid}/abort`
      continue
    }
    url = `${base}/interaction/${uid}`
    method = "POST"
    body = page.includes('value="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "any" }).toString()
      : new URLSearchParams({ prompt: "consent" }).toString()
  }
  throw new Error("the provider never sent the browser back")
}

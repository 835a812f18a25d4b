// Social sign-in's pages against every answer of the error catalogue (§8) on each of its calls:
// the providers' buttons, completing on the callback page, the social registration and the
// prove-to-link step. These flows tell every failure in place (no toast, no /not-found, no reload),
// and never lose what was typed.
import { act, screen, waitFor, within } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { API_TIMEOUT_MS } from "../../src/domain/shared/failures.ts"
import { API, renderApp, server, signedInUser } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  hanging = 0
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

const GENERIC = "Something went wrong. Please try again."
const TIMEOUT = "The server took too long to answer. Please try again."
const OFFLINE = "You seem to be offline. Check your connection and try again."

/** Calls that are hanging until the API timeout. */
let hanging = 0

type Failure = "401" | "403" | "404" | "422" | "500" | "timeout" | "offline"

/** An answer of the catalogue; 422 is the call's own (given). */
const failing = (kind: Failure, unprocessable: object) => async () => {
  switch (kind) {
    case "401":
      return HttpResponse.json({ _tag: "Unauthorized", message: "expired" }, { status: 401 })
    case "403":
      return HttpResponse.json({ _tag: "Forbidden", message: "no" }, { status: 403 })
    case "404":
      return HttpResponse.json({ _tag: "NotFound", message: "Not found" }, { status: 404 })
    case "422":
      return HttpResponse.json(unprocessable, { status: 422 })
    case "500":
      return HttpResponse.json({ _tag: "ServerError", message: "boom", correlationId: "c-1" }, { status: 500 })
    case "timeout":
      hanging += 1
      await delay("infinite")
      return HttpResponse.json({})
    case "offline":
      return HttpResponse.error()
  }
}

/** Lets a call that never answers run into the API timeout. */
const passTimeout = async (kind: Failure) => {
  if (kind !== "timeout") return
  // The call starts once the page's translations have loaded.
  await waitFor(() => expect(hanging).toBeGreaterThan(0))
  await act(async () => {
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 10)
  })
}
const useClock = (kind: Failure) => {
  if (kind === "timeout") vi.useFakeTimers({ shouldAdvanceTime: true })
}

/** No toast in sonner's notifications region. */
const noToast = () => {
  const region = screen.queryByRole("region", { name: /Notifications/ })
  expect(region ? within(region).queryAllByRole("listitem") : []).toEqual([])
}

const ALL: ReadonlyArray<Failure> = ["401", "403", "404", "422", "500", "timeout", "offline"]

describe("the providers' buttons", () => {
  it("show one button per provider, each a link to its start carrying the return path", async () => {
    server.use(
      http.get(`${API}/api/social-providers`, () =>
        HttpResponse.json({
          providers: [
            { id: "google", name: "Google" },
            { id: "apple", name: "Apple" },
          ],
        }),
      ),
    )
    await renderApp("/login?next=/book/pages")
    expect(await screen.findByRole("link", { name: "Continue with Google" })).toHaveAttribute(
      "href",
      "/api/social/google/start?next=%2Fbook%2Fpages",
    )
    expect(screen.getByRole("link", { name: "Continue with Apple" })).toBeInTheDocument()
  })

  it("show nothing when no provider is configured", async () => {
    await renderApp("/register")
    await screen.findByRole("heading", { level: 1, name: "Create your account" })
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Sign in with another service" })).toBeNull())
    expect(screen.queryByText(/not available right now/)).toBeNull()
  })

  it.each(ALL)("%s: a quiet note instead, and the password sign-in still works", async (kind) => {
    useClock(kind)
    server.use(
      http.get(`${API}/api/social-providers`, failing(kind, { _tag: "ValidationFailed", message: "x", errors: {} })),
    )
    const { reloads } = await renderApp("/login")
    await passTimeout(kind)
    expect(await screen.findByText("Signing in with other services is not available right now.")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Log in" })).toBeEnabled()
    expect(window.location.pathname).toBe("/login")
    expect(reloads).toEqual([])
    noToast()
  })
})

describe("the callback page", () => {
  it("announces its work, then signs in and goes to the return path", async () => {
    server.use(
      http.post(`${API}/api/social-login`, async ({ request }) => {
        expect(await request.json()).toEqual({ code: "c1", state: "s1", iss: "https://id.example" })
        await delay(50)
        return HttpResponse.json(signedInUser)
      }),
      http.get(`${API}/api/dashboard`, () =>
        HttpResponse.json({ _tag: "ServerError", message: "x", correlationId: "c" }, { status: 500 }),
      ),
    )
    await renderApp("/social/callback?code=c1&state=s1&iss=https%3A%2F%2Fid.example&next=%2Fbook%2Fpages")
    expect(await screen.findByText("Completing your sign-in…")).toBeInTheDocument()
    await waitFor(() => expect(window.location.pathname).toBe("/book/pages"))
    // Signed in: the readable user record; the session is the server's HttpOnly cookie.
    expect(document.cookie).toContain("userdata=")
  })

  it("the provider's refusal is told without a call", async () => {
    await renderApp("/social/callback?error=access_denied&state=s1")
    expect(await screen.findByRole("alert")).toHaveTextContent("You cancelled the sign-in at the service.")
    expect(screen.getByRole("link", { name: "Back to sign-in" })).toHaveAttribute("href", "/login")
  })

  const expected: Record<Failure, string> = {
    "401": GENERIC,
    "403": GENERIC,
    "404": "Signing in with this service is not available.",
    "422": "This sign-in was not started in this browser",
    "500": GENERIC,
    timeout: TIMEOUT,
    offline: OFFLINE,
  }
  it.each(ALL)("%s: told on the page with a way back, nothing signed in", async (kind) => {
    useClock(kind)
    server.use(
      http.post(
        `${API}/api/social-login`,
        failing(kind, { _tag: "SocialSignInRefused", message: "no", reason: "state" }),
      ),
    )
    const { reloads } = await renderApp("/social/callback?code=c1&state=s1")
    await passTimeout(kind)
    expect(await screen.findByRole("heading", { level: 1, name: "Sign-in did not work" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent(expected[kind])
    expect(screen.getByRole("link", { name: "Back to sign-in" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/social/callback")
    expect(document.cookie).not.toContain("userdata=")
    expect(reloads).toEqual([])
    noToast()
  })
})

const registrationStep = () =>
  http.post(`${API}/api/social-login`, () =>
    HttpResponse.json({
      step: "register",
      ticket: "ticket-1",
      provider: "Google",
      email: "grace@example.test",
      firstName: "Grace",
      lastName: "Hopper",
    }),
  )

describe("the social registration form", () => {
  it("is prefilled from the provider, needs the terms, and signs in", async () => {
    let sent: unknown
    server.use(
      registrationStep(),
      http.post(`${API}/api/social-register`, async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json(signedInUser)
      }),
      http.get(`${API}/api/dashboard`, () =>
        HttpResponse.json({ _tag: "ServerError", message: "x", correlationId: "c" }, { status: 500 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/social/callback?code=c&state=s")
    expect(await screen.findByRole("heading", { level: 1, name: "Create your account" })).toHaveFocus()
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("grace@example.test")
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Grace")
    expect(screen.queryByLabelText("Password")).toBeNull()
    await user.click(screen.getByRole("button", { name: "Create account" }))
    expect(await screen.findByText("Please accept the terms and conditions")).toBeInTheDocument()
    await user.click(screen.getByRole("checkbox", { name: "I accept the terms and conditions" }))
    await user.click(screen.getByRole("button", { name: "Create account" }))
    await waitFor(() => expect(window.location.pathname).toBe("/"))
    expect(sent).toEqual({
      ticket: "ticket-1",
      email: "grace@example.test",
      firstName: "Grace",
      lastName: "Hopper",
      termsChecked: true,
      promotional: false,
    })
  })

  const expected: Record<Failure, string> = {
    "401": GENERIC,
    "403": GENERIC,
    "404": GENERIC,
    "422": "An account with this e-mail address already exists",
    "500": GENERIC,
    timeout: TIMEOUT,
    offline: OFFLINE,
  }
  it.each(ALL)("%s: told at the field or form, and what was typed stays", async (kind) => {
    server.use(
      registrationStep(),
      http.post(
        `${API}/api/social-register`,
        failing(kind, { _tag: "ValidationFailed", message: "x", errors: { email: "validation.emailTaken" } }),
      ),
    )
    const user = userEvent.setup()
    const { reloads } = await renderApp("/social/callback?code=c&state=s")
    const lastName = await screen.findByRole("textbox", { name: "Last name" })
    await user.clear(lastName)
    await user.type(lastName, "Hopper-Murray")
    await user.click(screen.getByRole("checkbox", { name: "I accept the terms and conditions" }))
    useClock(kind)
    await user.click(screen.getByRole("button", { name: "Create account" }))
    await passTimeout(kind)
    expect(await screen.findByText(expected[kind])).toBeInTheDocument()
    expect(screen.getByRole("textbox", { name: "Last name" })).toHaveValue("Hopper-Murray")
    expect(screen.getByRole("checkbox", { name: "I accept the terms and conditions" })).toBeChecked()
    expect(reloads).toEqual([])
    noToast()
  })
})

describe("the prove-to-link step", () => {
  const linkStep = () =>
    http.post(`${API}/api/social-login`, () =>
      HttpResponse.json({ step: "link", ticket: "ticket-2", provider: "Google", email: "ada@example.test" }),
    )

  it("asks for the account's password, then links and signs in", async () => {
    let sent: unknown
    server.use(
      linkStep(),
      http.post(`${API}/api/social-link`, async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json(signedInUser)
      }),
      http.get(`${API}/api/dashboard`, () =>
        HttpResponse.json({ _tag: "ServerError", message: "x", correlationId: "c" }, { status: 500 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/social/callback?code=c&state=s&next=%2Fpricing")
    expect(await screen.findByRole("heading", { level: 1, name: "Link your account" })).toHaveFocus()
    expect(screen.getByText(/An account for ada@example.test already exists/)).toBeInTheDocument()
    await user.type(screen.getByLabelText("Password of your Jingluo account"), "lotus7root{Enter}")
    await waitFor(() => expect(window.location.pathname).toBe("/pricing"))
    expect(sent).toEqual({ ticket: "ticket-2", password: "lotus7root" })
    expect(document.cookie).toContain("userdata=")
  })

  const expected: Record<Failure, string> = {
    "401": GENERIC,
    "403": GENERIC,
    "404": GENERIC,
    "422": "Invalid credentials",
    "500": GENERIC,
    timeout: TIMEOUT,
    offline: OFFLINE,
  }
  it.each(ALL)("%s: told on the form, nothing signed in", async (kind) => {
    server.use(
      linkStep(),
      http.post(
        `${API}/api/social-link`,
        failing(kind, { _tag: "InvalidCredentials", message: "Invalid credentials" }),
      ),
    )
    const user = userEvent.setup()
    const { reloads } = await renderApp("/social/callback?code=c&state=s")
    await user.type(await screen.findByLabelText("Password of your Jingluo account"), "lotus7root")
    useClock(kind)
    await user.click(screen.getByRole("button", { name: "Link and sign in" }))
    await passTimeout(kind)
    expect(await screen.findByRole("alert")).toHaveTextContent(expected[kind])
    // A wrong password is cleared; any other failure keeps it for another try.
    expect(screen.getByLabelText("Password of your Jingluo account")).toHaveValue(kind === "422" ? "" : "lotus7root")
    expect(document.cookie).not.toContain("userdata=")
    expect(reloads).toEqual([])
    noToast()
  })
})

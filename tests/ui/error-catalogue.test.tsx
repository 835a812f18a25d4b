// The error catalogue of §8 as a user meets it: 401 ends the session and reloads at /login after
// 2 s, 403 and 500 show the response data as an error toast, 404 goes to /not-found, 422 puts the
// messages under their fields, offline warns; what the user typed is kept.
import { screen, waitFor, within } from "@testing-library/react"
import { delay, HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { UNAUTHORIZED_RELOAD_DELAY_MS } from "../../src/domain/shared/failures.ts"
import { API, dashboard, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const fillRegistration = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "mei@example.com")
  await user.type(screen.getByRole("textbox", { name: "First name" }), "Mei")
  await user.type(screen.getByRole("textbox", { name: "Last name" }), "Chen")
  await user.type(screen.getByLabelText("Password", { exact: true }), "lotus7root")
  await user.type(screen.getByLabelText("Confirm password"), "lotus7root")
  await user.click(screen.getByRole("checkbox", { name: "I accept the terms and conditions" }))
}

/** The toast on screen (sonner's notifications region holds at most one). */
const toast = async () => {
  const region = await screen.findByRole("region", { name: /Notifications/ })
  return within(region).findByRole("listitem", {}, { timeout: 3000 })
}

describe("401 Unauthorized", () => {
  it("clears the session, shows an error toast and reloads at /login after 2 s", async () => {
    server.use(
      http.get(`${API}/api/dashboard`, () =>
        HttpResponse.json({ _tag: "Unauthorized", message: "expired" }, { status: 401 }),
      ),
    )
    localStorage.setItem("draft", "kept until 401")
    const { reloads } = await renderApp("/", { signedIn: true })
    expect(await toast()).toHaveTextContent("Your session has ended. Please log in again.")
    expect(document.cookie).not.toContain("userdata=")
    expect(localStorage.getItem("draft")).toBeNull()
    expect(reloads).toEqual([])
    await waitFor(() => expect(reloads).toEqual(["/login"]), { timeout: UNAUTHORIZED_RELOAD_DELAY_MS + 1500 })
  })
})

describe("403 Forbidden", () => {
  it("shows the response data as a comma-separated error toast and keeps the form", async () => {
    server.use(
      http.post(`${API}/api/login`, () =>
        HttpResponse.json({ message: "Account locked", reasons: ["billing", "abuse"] }, { status: 403 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/login")
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "mei@example.com")
    await user.type(screen.getByLabelText("Password", { exact: true }), "lotus7root")
    await user.click(screen.getByRole("button", { name: "Log in" }))
    expect(await toast()).toHaveTextContent("Account locked, billing, abuse")
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("mei@example.com")
  })

  it("shows the word error when the response has no data", async () => {
    server.use(http.post(`${API}/api/login`, () => new HttpResponse(null, { status: 403 })))
    const user = userEvent.setup()
    await renderApp("/login")
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "mei@example.com")
    await user.type(screen.getByLabelText("Password", { exact: true }), "lotus7root")
    await user.click(screen.getByRole("button", { name: "Log in" }))
    expect(await toast()).toHaveTextContent(/^error$/)
  })
})

describe("500 Internal Server Error", () => {
  it("shows the server's message and correlation id as an error toast", async () => {
    server.use(
      http.post(`${API}/api/register`, () =>
        HttpResponse.json(
          { _tag: "ServerError", message: "Something broke", correlationId: "c0ffee" },
          { status: 500 },
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/register")
    await fillRegistration(user)
    await user.click(screen.getByRole("button", { name: "Create account" }))
    expect(await toast()).toHaveTextContent("Something broke, c0ffee")
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Mei")
  })

  it("flattens any other 500 body", async () => {
    server.use(
      http.post(`${API}/api/register`, () => HttpResponse.json({ error: { detail: ["db", "down"] } }, { status: 503 })),
    )
    const user = userEvent.setup()
    await renderApp("/register")
    await fillRegistration(user)
    await user.click(screen.getByRole("button", { name: "Create account" }))
    expect(await toast()).toHaveTextContent("db, down")
  })
})

describe("404 Not Found", () => {
  it("goes to /not-found", async () => {
    server.use(
      http.get(`${API}/api/verify-email/:uuid/:code`, () => HttpResponse.json({ message: "gone" }, { status: 404 })),
    )
    await renderApp("/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026&code=1234")
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/not-found")
  })
})

describe("422 Unprocessable Entity", () => {
  it("puts each message under its field and keeps every value", async () => {
    server.use(
      http.post(`${API}/api/register`, () =>
        HttpResponse.json(
          {
            _tag: "ValidationFailed",
            message: "Check",
            errors: { email: "validation.emailTaken", lastName: "validation.lastNameMin" },
          },
          { status: 422 },
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/register")
    await fillRegistration(user)
    await user.click(screen.getByRole("button", { name: "Create account" }))
    const email = screen.getByRole("textbox", { name: "E-mail" })
    await waitFor(() => expect(email).toHaveAccessibleDescription("An account with this e-mail address already exists"))
    expect(screen.getByRole("textbox", { name: "Last name" })).toHaveAccessibleDescription(
      "Enter at least 2 characters",
    )
    expect(email).toHaveValue("mei@example.com")
    expect(email).toHaveFocus()
    expect(screen.getByLabelText("Password", { exact: true })).toHaveValue("lotus7root")
    expect(await screen.findByRole("region", { name: /Notifications/ })).not.toHaveTextContent(/Check|error/)
  })

  it("shows Invalid credentials on the form, keeps the e-mail and clears the password", async () => {
    server.use(
      http.post(`${API}/api/login`, () =>
        HttpResponse.json({ _tag: "InvalidCredentials", message: "Invalid credentials" }, { status: 422 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/login")
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "mei@example.com")
    await user.type(screen.getByLabelText("Password", { exact: true }), "wrong1pass")
    await user.click(screen.getByRole("button", { name: "Log in" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid credentials")
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("mei@example.com")
    expect(screen.getByLabelText("Password", { exact: true })).toHaveValue("")
  })

  const rejectCode = (key: string) =>
    server.use(
      http.get(`${API}/api/verify-email/:uuid/:code`, () =>
        HttpResponse.json({ _tag: "ValidationFailed", message: "x", errors: { code: key } }, { status: 422 }),
      ),
    )

  it("clears a rejected typed verification code, says why and puts the cursor back in it", async () => {
    rejectCode("validation.codeInvalid")
    const user = userEvent.setup()
    await renderApp("/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026&email=mei%40example.com")
    const code = await screen.findByRole("textbox", { name: "Code" })
    await user.type(code, "1234")
    await user.click(screen.getByRole("button", { name: "Verify" }))
    await waitFor(() => expect(code).toHaveAccessibleDescription(/This code is not correct/))
    expect(code).toHaveValue("")
    expect(code).toHaveFocus()
  })

  it.each([
    ["validation.codeInvalid", "This verification link is not valid"],
    ["validation.codeExpired", "This verification link has expired"],
  ])("says a link whose code is refused (%s) is the link's fault and offers a new one", async (key, text) => {
    rejectCode(key)
    await renderApp("/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026&code=1234&email=mei%40example.com")
    expect(await screen.findByRole("alert")).toHaveTextContent(text)
    expect(screen.getByRole("alert")).toHaveTextContent("we will send you a new link")
    expect(screen.getByRole("textbox", { name: "Code" })).not.toHaveAccessibleDescription(/not correct/)
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("mei@example.com")
    expect(screen.getByRole("button", { name: "Send the verification mail again" })).toBeInTheDocument()
  })
})

describe("offline and slow answers", () => {
  it("warns when the network is down and keeps the form", async () => {
    server.use(http.post(`${API}/api/login`, () => HttpResponse.error()))
    const user = userEvent.setup()
    await renderApp("/login")
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "mei@example.com")
    await user.type(screen.getByLabelText("Password", { exact: true }), "lotus7root")
    await user.click(screen.getByRole("button", { name: "Log in" }))
    expect(await toast()).toHaveTextContent("You seem to be offline")
    expect(screen.getByRole("alert")).toHaveTextContent("You seem to be offline")
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("mei@example.com")
  })

  it("shows the button as busy while the call runs", async () => {
    server.use(
      http.post(`${API}/api/login`, async () => {
        await delay(300)
        return HttpResponse.json({ _tag: "InvalidCredentials", message: "Invalid credentials" }, { status: 422 })
      }),
    )
    const user = userEvent.setup()
    await renderApp("/login")
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "mei@example.com")
    await user.type(screen.getByLabelText("Password", { exact: true }), "lotus7root")
    await user.click(screen.getByRole("button", { name: "Log in" }))
    expect(await screen.findByRole("button", { name: /Log in.*Loading/ })).toHaveAttribute("aria-disabled", "true")
    await screen.findByRole("alert")
  })
})

describe("a signed-in session", () => {
  it("refreshes the user from the dashboard and greets them", async () => {
    server.use(
      http.get(`${API}/api/dashboard`, () =>
        HttpResponse.json({ ...dashboard, user_profile: { ...dashboard.user_profile, first_name: "Meili" } }),
      ),
    )
    await renderApp("/", { signedIn: true })
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Meili" })).toBeInTheDocument()
    const header = screen.getByRole("banner")
    expect(within(header).getByRole("button", { name: "Sign out" })).toBeInTheDocument()
  })
})

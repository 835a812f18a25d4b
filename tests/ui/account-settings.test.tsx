// The account-settings pages against the error catalogue of §8 (msw): for every call, 401 ends
// the session, 403 and 500 show the server's words as a toast, 404 goes to /not-found (a device
// that is gone: a toast instead), 422 puts messages under the fields, offline warns — and what the
// user typed stays.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_USER_SETTINGS } from "../../src/domain/account/user-settings.ts"
import { API, dashboard, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const options = {
  countries: [
    { id: 1, name: "Germany", code: "DE" },
    { id: 2, name: "United Kingdom", code: "GB" },
  ],
  currencies: [{ id: 1, title: "Pound sterling", code: "GBP" }],
  languages: [{ id: 1, name: "English", lang_code: "en" }],
}
const filledDashboard = {
  ...dashboard,
  country: { id: 2, name: "United Kingdom" },
  currency: { id: 1, title: "Pound sterling" },
  language: { id: 1, name: "English", lang_code: "en" },
}
const devices = [
  {
    id: "a",
    device_name: "Chrome 140 on Linux",
    status: "current",
    last_used_at: "2026-01-02T10:00:00.000Z",
    signed_in_at: "2026-01-01T10:00:00.000Z",
    place: "local",
  },
  {
    id: "b",
    device_name: "Safari 17 on iOS",
    status: "active",
    last_used_at: "2026-01-01T10:00:00.000Z",
    signed_in_at: "2026-01-01T09:00:00.000Z",
    place: "DE",
  },
]

const base = () =>
  server.use(
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(filledDashboard)),
    http.get(`${API}/api/currency-country-lang`, () => HttpResponse.json(options)),
    http.get(`${API}/api/registered-devices`, () => HttpResponse.json(devices)),
    http.get(`${API}/api/user-settings`, () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
    http.post(`${API}/api/email-validate`, () => HttpResponse.json({ available: true })),
  )

const toast = async () => {
  const region = await screen.findByRole("region", { name: /Notifications/ })
  return within(region).findByRole("listitem", {}, { timeout: 3000 })
}

type Failure = { status: number; body: unknown } | "offline"
const answer = (failure: Failure) =>
  failure === "offline" ? HttpResponse.error() : HttpResponse.json(failure.body as never, { status: failure.status })

const FAILURES = {
  unauthorized: { status: 401, body: { _tag: "Unauthorized", message: "expired" } },
  forbidden: { status: 403, body: { _tag: "Forbidden", message: "Not for you" } },
  server: { status: 500, body: { _tag: "ServerError", message: "Boom", correlationId: "c-1" } },
} as const

describe("my profile", () => {
  const saveProfile = async () => {
    const user = userEvent.setup()
    await renderApp("/account-settings/my-profile", { signedIn: true })
    const first = await screen.findByRole("textbox", { name: "First name" })
    await user.clear(first)
    await user.type(first, "Meiling")
    await user.click(screen.getByRole("button", { name: "Save profile" }))
    return user
  }

  it("shows the server's message after a save", async () => {
    base()
    server.use(
      http.put(`${API}/api/profile-update`, () =>
        HttpResponse.json({ message: "Your profile has been updated.", pending_email: null, user: filledDashboard }),
      ),
    )
    await saveProfile()
    expect(await toast()).toHaveTextContent("Your profile has been updated.")
  })

  it("saves a profile whose country and currency were never chosen: both read 'Not specified' and go as none", async () => {
    base()
    const bare = { ...filledDashboard, country: null, currency: null }
    const sent: unknown[] = []
    server.use(
      http.get(`${API}/api/dashboard`, () => HttpResponse.json(bare)),
      http.put(`${API}/api/profile-update`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ message: "Your profile has been updated.", pending_email: null, user: bare })
      }),
    )
    await saveProfile()
    expect(await toast()).toHaveTextContent("Your profile has been updated.")
    expect(sent[0]).toMatchObject({ country_id: null, currency_id: null, language_id: 1 })
    expect(screen.getByRole("button", { name: /Not specified Country/ })).toBeVisible()
    expect(screen.queryByText("This value is not valid")).toBeNull()
  })

  it("422: messages under the fields and 'failedUserUpdate' when the e-mail has none; the typing stays", async () => {
    base()
    server.use(
      http.put(`${API}/api/profile-update`, () =>
        HttpResponse.json(
          { _tag: "ValidationFailed", message: "x", errors: { country_id: "validation.invalid" } },
          { status: 422 },
        ),
      ),
    )
    await saveProfile()
    expect(await screen.findByText("Your profile could not be updated. Please check the fields.")).toBeVisible()
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Meiling")
  })

  it("403 and 500: the server's words as an error toast; offline warns", async () => {
    for (const failure of [FAILURES.forbidden, FAILURES.server, "offline"] as const) {
      base()
      server.use(http.put(`${API}/api/profile-update`, () => answer(failure)))
      const view = await saveProfile()
      void view
      const shown = await toast()
      if (failure === "offline") expect(shown).toHaveTextContent(/offline|connection/i)
      else expect(shown).toHaveTextContent(failure.body.message)
      expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Meiling")
      document.body.innerHTML = ""
    }
  })

  it("401 ends the session", async () => {
    base()
    server.use(http.put(`${API}/api/profile-update`, () => answer(FAILURES.unauthorized)))
    await saveProfile()
    expect(await toast()).toHaveTextContent("Your session has ended")
  })

  it("a load failure says so inline and retries", async () => {
    base()
    server.use(http.get(`${API}/api/currency-country-lang`, () => HttpResponse.error()))
    await renderApp("/account-settings/my-profile", { signedIn: true })
    expect(await screen.findByText(/Your profile could not be loaded/)).toBeVisible()
    base()
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("textbox", { name: "First name" })).toHaveValue("Mei")
  })

  it("the e-mail code: a wrong one is cleared with the server's message, the right one closes the dialog", async () => {
    base()
    server.use(
      http.put(`${API}/api/profile-update`, async ({ request }) => {
        const body = (await request.json()) as { current_password?: string }
        expect(body.current_password).toBe("lotus7root")
        return HttpResponse.json({ message: "Code sent.", pending_email: "new@example.com", user: filledDashboard })
      }),
      http.put(`${API}/api/profile-email-update`, async ({ request }) => {
        const body = (await request.json()) as { otp: string }
        return body.otp === "1234"
          ? HttpResponse.json({
              message: "Your e-mail address has been changed.",
              user: { ...filledDashboard, user_profile: { ...filledDashboard.user_profile, email: "new@example.com" } },
            })
          : HttpResponse.json(
              { _tag: "ValidationFailed", message: "x", errors: { otp: "validation.codeInvalid" } },
              { status: 422 },
            )
      }),
    )
    const user = userEvent.setup()
    await renderApp("/account-settings/my-profile", { signedIn: true })
    const email = await screen.findByRole("textbox", { name: "E-mail" })
    await user.clear(email)
    await user.type(email, "new@example.com")
    await user.click(screen.getByRole("button", { name: "Save profile" }))
    const proof = await screen.findByRole("dialog", { name: "Confirm it is you" })
    await user.type(within(proof).getByLabelText("Current password"), "lotus7root{Enter}")
    const dialog = await screen.findByRole("dialog", { name: "Confirm your new e-mail address" })
    const code = within(dialog).getByRole("textbox", { name: "Code" })
    await user.type(code, "9999")
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }))
    expect(await within(dialog).findByText("This code is not correct")).toBeVisible()
    expect(code).toHaveValue("")
    await user.type(code, "1234{Enter}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(await toast()).toHaveTextContent("Your e-mail address has been changed.")
  })
})

describe("registered devices", () => {
  it("removal asks first; a 404 then: the server's message as a toast, the page stays", async () => {
    base()
    server.use(
      http.post(`${API}/api/remove-individual-device`, () =>
        HttpResponse.json({ _tag: "NotFound", message: "Not found" }, { status: 404 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp("/account-settings/registered-devices", { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Sign out Safari 17 on iOS" }))
    const question = screen.getByRole("alertdialog", {
      name: "Sign out Safari 17 on iOS? It has to sign in again to use your account.",
    })
    expect(within(question).getByRole("button", { name: "Yes, sign it out" })).toHaveFocus()
    await user.click(within(question).getByRole("button", { name: "Yes, sign it out" }))
    expect(await toast()).toHaveTextContent("Not found")
    expect(window.location.pathname).toBe("/account-settings/registered-devices")
  })

  it("says when each device was last used, relatively, and where it signed in, in the interface language", async () => {
    base()
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
    server.use(
      http.get(`${API}/api/registered-devices`, () =>
        HttpResponse.json([
          { ...devices[0], last_used_at: ago(0), place: "local" },
          { ...devices[1], last_used_at: ago(3), place: "DE" },
          { ...devices[1], id: "c", device_name: "Firefox 128 on Windows", last_used_at: ago(60 * 50), place: null },
        ]),
      ),
    )
    await renderApp("/account-settings/registered-devices", { signedIn: true, language: "de" })
    const list = await screen.findByRole("list", { name: "Angemeldete Geräte" })
    const [current, phone, laptop] = within(list).getAllByRole("listitem")
    expect(current).toHaveTextContent("Dieses Gerät")
    expect(current).toHaveTextContent("Zuletzt genutzt jetzt")
    expect(current).toHaveTextContent("Standort: Lokales Netzwerk")
    expect(phone).toHaveTextContent("Zuletzt genutzt vor 3 Minuten")
    expect(phone).toHaveTextContent("Standort: Deutschland")
    expect(laptop).toHaveTextContent("Zuletzt genutzt vorgestern")
    expect(laptop).not.toHaveTextContent("Standort")
  })

  it("a load failure says so inline", async () => {
    base()
    server.use(http.get(`${API}/api/registered-devices`, () => answer(FAILURES.server)))
    await renderApp("/account-settings/registered-devices", { signedIn: true })
    expect(await screen.findByText(/Your devices could not be loaded/)).toBeVisible()
  })
})

describe("change password", () => {
  it("500: the server's message as a toast, the form keeps what was typed", async () => {
    base()
    server.use(http.post(`${API}/api/change-password`, () => answer(FAILURES.server)))
    const user = userEvent.setup()
    await renderApp("/account-settings/change-my-password", { signedIn: true })
    await user.type(await screen.findByLabelText("Current password"), "lotus7root")
    await user.type(screen.getByLabelText("New password"), "lotus8root")
    await user.type(screen.getByLabelText("Confirm new password"), "lotus8root")
    await user.click(screen.getByRole("button", { name: "Change password" }))
    expect(await toast()).toHaveTextContent("Boom")
    expect(screen.getByLabelText("New password")).toHaveValue("lotus8root")
  })
})

describe("notes toggle", () => {
  it("a failed save puts the toggle back and says so", async () => {
    base()
    server.use(http.post(`${API}/api/user-settings`, () => answer(FAILURES.server)))
    const user = userEvent.setup()
    await renderApp("/account-settings/notes", { signedIn: true })
    const toggle = await screen.findByRole("checkbox", { name: "Show my notes on point pages" })
    await user.click(toggle)
    expect(await screen.findByText(/could not be saved/)).toBeVisible()
    expect(toggle).not.toBeChecked()
  })
})

describe("delete account", () => {
  it("403: the server's words as a toast; the confirmation stays, and closing it keeps the page", async () => {
    base()
    server.use(http.delete(`${API}/api/account/delete`, () => answer(FAILURES.forbidden)))
    const user = userEvent.setup()
    await renderApp("/account-settings/delete-account", { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Delete my account" }))
    const dialog = await screen.findByRole("dialog", { name: "Delete your account and all its data for good?" })
    await user.type(within(dialog).getByLabelText("Current password"), "lotus7root")
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete my account" }))
    expect(await toast()).toHaveTextContent("Not for you")
    expect(within(dialog).getByLabelText("Current password")).toHaveValue("lotus7root")
    await user.click(within(dialog).getByRole("button", { name: "Keep my account" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeVisible()
  })
})

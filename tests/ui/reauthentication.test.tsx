// The confirmation that asks for the password (or a mailed code) before the account's keys change,
// as the user meets it (msw): on the profile's new address, deleting the account and the password
// of an account without one — the cursor in its first field and back where it was after, a refused
// proof at the field, too many tries said; the availability check giving way when limited; and the
// page of the undo link of an e-mail change. In English, German and Spanish.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { API, dashboard, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The settings pages load with their group's script: on a busy machine that can take a moment. */
const LOADED = { timeout: 8000 }

const options = {
  countries: [{ id: 2, name: "United Kingdom", code: "GB" }],
  currencies: [{ id: 1, title: "Pound sterling", code: "GBP" }],
  languages: [{ id: 1, name: "English", lang_code: "en" }],
}
const profileOf = (passwordAvailable: boolean) => ({
  ...dashboard,
  user_profile: { ...dashboard.user_profile, password_available: passwordAvailable },
  country: { id: 2, name: "United Kingdom" },
  currency: { id: 1, title: "Pound sterling" },
  language: { id: 1, name: "English", lang_code: "en" },
})
const refused = (errors: Record<string, string>) =>
  HttpResponse.json({ _tag: "ValidationFailed", message: "x", errors }, { status: 422 })
const tooMany = () =>
  HttpResponse.json(
    { _tag: "TooManyRequests", message: "Too many", retryAfterSeconds: 900 },
    { status: 429, headers: { "Retry-After": "900" } },
  )

/** The account's API for one test; `sent` records what the proof-carrying calls were given. */
const backend = (passwordAvailable = true) => {
  const sent: Array<Record<string, unknown>> = []
  let codes = 0
  server.use(
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(profileOf(passwordAvailable))),
    http.get(`${API}/api/currency-country-lang`, () => HttpResponse.json(options)),
    http.post(`${API}/api/email-validate`, () => HttpResponse.json({ available: true })),
    http.post(`${API}/api/reauthenticate/code`, () => {
      codes++
      return HttpResponse.json({ message: "sent" })
    }),
  )
  return { sent, codesSent: () => codes }
}

describe("a new e-mail address", () => {
  const openDialog = async () => {
    const user = userEvent.setup()
    await renderApp("/account-settings/my-profile", { signedIn: true })
    const email = await screen.findByRole("textbox", { name: "E-mail" }, LOADED)
    await user.clear(email)
    await user.type(email, "new@example.com")
    const save = screen.getByRole("button", { name: "Save profile" })
    await user.click(save)
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" })
    return { user, dialog, save }
  }

  it("asks for the password with the cursor in it; a wrong one is emptied with the reason; closing goes back", async () => {
    const { sent } = backend()
    server.use(
      http.put(`${API}/api/profile-update`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        sent.push(body)
        return refused({ current_password: "account:validation.oldPasswordWrong" })
      }),
    )
    const { user, dialog, save } = await openDialog()
    expect(within(dialog).getByText(/To change it to new@example.com/)).toBeVisible()
    const password = within(dialog).getByLabelText("Current password")
    await waitFor(() => expect(password).toHaveFocus())
    await user.type(password, "wrong1pass{Enter}")
    expect(await within(dialog).findByText("The current password is not correct")).toBeVisible()
    expect(password).toHaveValue("")
    expect(password).toHaveFocus()
    expect(password).toHaveAccessibleDescription("The current password is not correct")
    expect(sent).toEqual([expect.objectContaining({ email: "new@example.com", current_password: "wrong1pass" })])
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await waitFor(() => expect(save).toHaveFocus())
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveValue("new@example.com")
  })

  it("says so when there were too many tries, and keeps what was typed", async () => {
    backend()
    server.use(http.put(`${API}/api/profile-update`, () => tooMany()))
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText("Current password"), "lotus7root{Enter}")
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait a few minutes and try again.",
    )
    expect(within(dialog).getByLabelText("Current password")).toHaveValue("lotus7root")
  })

  it("a taken address shows at the e-mail field once the password is right", async () => {
    backend()
    server.use(http.put(`${API}/api/profile-update`, () => refused({ email: "validation.emailTaken" })))
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText("Current password"), "lotus7root{Enter}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    const email = screen.getByRole("textbox", { name: "E-mail" })
    await waitFor(() => expect(email).toHaveAccessibleDescription("An account with this e-mail address already exists"))
    await waitFor(() => expect(email).toHaveFocus())
  })

  it("an account without a password sends a code, then asks for it", async () => {
    const { sent, codesSent } = backend(false)
    server.use(
      http.put(`${API}/api/profile-update`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        sent.push(body)
        return HttpResponse.json({ message: "Code sent.", pending_email: "new@example.com", user: profileOf(false) })
      }),
    )
    const { user, dialog } = await openDialog()
    expect(within(dialog).getByText("We send a four-digit code to mei@example.com.")).toBeVisible()
    expect(within(dialog).queryByLabelText("Code")).toBeNull()
    const sendCode = within(dialog).getByRole("button", { name: "Send code" })
    await waitFor(() => expect(sendCode).toHaveFocus())
    await user.keyboard("{Enter}")
    const code = await within(dialog).findByLabelText("Code")
    expect(codesSent()).toBe(1)
    expect(within(dialog).getByRole("status")).toHaveTextContent(
      "We have sent a four-digit code to mei@example.com. It is valid for 10 minutes.",
    )
    await waitFor(() => expect(code).toHaveFocus())
    await user.type(code, "12{Enter}")
    expect(await within(dialog).findByText("Enter the 4 digits of the code")).toBeVisible()
    await user.type(code, "34{Enter}")
    expect(await screen.findByRole("dialog", { name: "Confirm your new e-mail address" })).toBeVisible()
    expect(sent).toEqual([expect.objectContaining({ email: "new@example.com", code: "1234" })])
    expect(sent[0]).not.toHaveProperty("current_password")
  })

  it("the availability check gives way when limited: no message, the save checks", async () => {
    backend()
    server.use(http.post(`${API}/api/email-validate`, () => tooMany()))
    const user = userEvent.setup()
    await renderApp("/account-settings/my-profile", { signedIn: true })
    const email = await screen.findByRole("textbox", { name: "E-mail" }, LOADED)
    await user.clear(email)
    await user.type(email, "new@example.com")
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription("Whether this address is free is checked when you save."),
    )
    expect(email).not.toHaveAttribute("aria-invalid", "true")
    await user.click(screen.getByRole("button", { name: "Save profile" }))
    expect(await screen.findByRole("dialog", { name: "Confirm it is you" })).toBeVisible()
  })
})

describe("deleting the account", () => {
  it("deletes with the password and goes to /login", async () => {
    const { sent } = backend()
    server.use(
      http.delete(`${API}/api/account/delete`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json({ message: "Deleted." })
      }),
    )
    const user = userEvent.setup()
    await renderApp("/account-settings/delete-account", { signedIn: true })
    await user.click(await screen.findByRole("button", { name: "Delete my account" }, LOADED))
    const dialog = await screen.findByRole("dialog", { name: "Delete your account and all its data for good?" })
    expect(within(dialog).getByText(/Enter your password to confirm that it is you/)).toBeVisible()
    await user.type(within(dialog).getByLabelText("Current password"), "lotus7root")
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete my account" }))
    expect(await screen.findByText("Your account has been deleted.")).toBeVisible()
    expect(sent).toEqual([{ current_password: "lotus7root" }])
    await waitFor(() => expect(window.location.pathname).toBe("/login"))
  })

  it.each([
    ["de", "Mein Konto löschen", "Dein Konto und alle seine Daten endgültig löschen?", "Aktuelles Passwort"],
    ["es", "Eliminar mi cuenta", "¿Eliminar tu cuenta y todos sus datos para siempre?", "Contraseña actual"],
  ] as const)("in %s", async (language, button, title, label) => {
    backend()
    const user = userEvent.setup()
    await renderApp("/account-settings/delete-account", { signedIn: true, language })
    await user.click(await screen.findByRole("button", { name: button }, LOADED))
    const dialog = await screen.findByRole("dialog", { name: title })
    expect(within(dialog).getByLabelText(label)).toBeVisible()
  })
})

describe("the password of an account without one", () => {
  it("is set with a mailed code", async () => {
    const { sent } = backend(false)
    server.use(
      http.post(`${API}/api/change-password`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json({ message: "ok" })
      }),
    )
    const user = userEvent.setup()
    await renderApp("/account-settings/change-my-password", { signedIn: true })
    await user.type(await screen.findByLabelText("New password", {}, LOADED), "lotus8root")
    await user.type(screen.getByLabelText("Confirm new password"), "lotus8root")
    expect(screen.queryByLabelText("Current password")).toBeNull()
    await user.click(screen.getByRole("button", { name: "Change password" }))
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" })
    await user.click(within(dialog).getByRole("button", { name: "Send code" }))
    await user.type(await within(dialog).findByLabelText("Code"), "1234{Enter}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(sent).toEqual([{ password: "lotus8root", password_confirmation: "lotus8root", code: "1234" }])
    expect(screen.getByLabelText("New password")).toHaveValue("")
  })

  it("an account with a password: 429 says so above the form", async () => {
    backend()
    server.use(http.post(`${API}/api/change-password`, () => tooMany()))
    const user = userEvent.setup()
    await renderApp("/account-settings/change-my-password", { signedIn: true })
    await user.type(await screen.findByLabelText("Current password", {}, LOADED), "lotus7root")
    await user.type(screen.getByLabelText("New password"), "lotus8root")
    await user.type(screen.getByLabelText("Confirm new password"), "lotus8root{Enter}")
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts")
    expect(screen.getByLabelText("New password")).toHaveValue("lotus8root")
  })
})

describe("the undo link of an e-mail change", () => {
  const TOKEN = "abcdefghijklmnopqrstuv"

  it("restores only on the button, then says every device was signed out and offers the reset", async () => {
    let calls = 0
    server.use(
      http.post(`${API}/api/email-change/undo`, async ({ request }) => {
        calls++
        expect(await request.json()).toEqual({ token: TOKEN })
        return HttpResponse.json({ message: "Back.", email: "mei@example.com" })
      }),
    )
    const user = userEvent.setup()
    await renderApp(`/restore-email?token=${TOKEN}`)
    const button = await screen.findByRole("button", { name: "Restore my address" }, LOADED)
    expect(calls).toBe(0)
    await user.click(button)
    const heading = await screen.findByRole("heading", { level: 1, name: "Your e-mail address is back" })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByRole("status")).toHaveTextContent("mei@example.com is your account’s address again")
    expect(screen.getByRole("link", { name: "Set a new password" })).toHaveAttribute(
      "href",
      "/resetpassword?email=mei%40example.com",
    )
  })

  it("says when the link is used, expired or malformed", async () => {
    server.use(http.post(`${API}/api/email-change/undo`, () => refused({ token: "validation.linkExpired" })))
    const user = userEvent.setup()
    await renderApp(`/restore-email?token=${TOKEN}`)
    await user.click(await screen.findByRole("button", { name: "Restore my address" }, LOADED))
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired or was used already.")
    expect(screen.queryByRole("button", { name: "Restore my address" })).toBeNull()
    document.body.innerHTML = ""
    await renderApp("/restore-email?token=nope")
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired or was used already.")
  })

  it("in German", async () => {
    await renderApp(`/restore-email?token=${TOKEN}`, { language: "de" })
    expect(await screen.findByRole("button", { name: "Meine Adresse wiederherstellen" }, LOADED)).toBeVisible()
  })
})

// The verification page's password step as a user meets it: a link opened away from the browser
// that registered confirms the address and asks for the password (announced, its first field
// focused), the field messages come in the page's language (en, de, es), the server's answers land
// under their fields or above the form, and choosing the password signs in.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { PASSWORD_MIN_LENGTH } from "../../src/domain/account/password-limits.ts"
import { API, dashboard, renderApp, server, signedInUser } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const LINK = "/verify-email?user=0bfdfc3b-a859-4c3e-9fe4-dd0aab9b5026&token=AbCdEfGhIjKlMnOpQrSt_-"
const PASSWORD = "walnut6shell"
const SHORT = PASSWORD.slice(0, PASSWORD_MIN_LENGTH - 1)

/** The link's answer from another browser: confirmed, the password step needed. */
const confirmedElsewhere = () =>
  server.use(
    http.post(`${API}/api/verify-email-link`, () => HttpResponse.json({ message: "Confirmed", passwordNeeded: true })),
  )

const WORDS = {
  en: {
    step: "Your address is confirmed: choose your password",
    password: "Password",
    confirm: "Confirm password",
    submit: "Save password and log in",
    required: "This field is required",
    short: `Invalid Password: use at least ${PASSWORD_MIN_LENGTH} characters`,
    mismatch: "The passwords do not match",
  },
  de: {
    step: "Deine Adresse ist bestätigt: Wähle dein Passwort",
    password: "Passwort",
    confirm: "Passwort bestätigen",
    submit: "Passwort speichern und anmelden",
    required: "Dieses Feld ist erforderlich",
    short: `Ungültiges Passwort: Verwende mindestens ${PASSWORD_MIN_LENGTH} Zeichen`,
    mismatch: "Die Passwörter stimmen nicht überein",
  },
  es: {
    step: "Tu dirección está confirmada: elige tu contraseña",
    password: "Contraseña",
    confirm: "Confirmar contraseña",
    submit: "Guardar la contraseña e iniciar sesión",
    required: "Este campo es obligatorio",
    short: `Contraseña no válida: usa al menos ${PASSWORD_MIN_LENGTH} caracteres`,
    mismatch: "Las contraseñas no coinciden",
  },
} as const

describe("the verification page's password step", () => {
  it.each(["en", "de", "es"] as const)(
    "is announced, focuses its first field and says in %s what is wrong with each field",
    async (language) => {
      const words = WORDS[language]
      confirmedElsewhere()
      const user = userEvent.setup()
      await renderApp(LINK, { language })
      const password = await screen.findByLabelText(words.password, { exact: true })
      await waitFor(() => expect(password).toHaveFocus())
      expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(words.step)
      await user.click(screen.getByRole("button", { name: words.submit }))
      expect(await screen.findAllByText(words.required)).toHaveLength(2)
      expect(password).toHaveFocus()
      await user.type(password, SHORT)
      await user.type(screen.getByLabelText(words.confirm), PASSWORD)
      await user.keyboard("{Enter}")
      expect(await screen.findByText(words.short)).toBeInTheDocument()
      expect(screen.getByText(words.mismatch)).toBeInTheDocument()
      expect(password).toHaveFocus()
    },
  )

  it("chooses the password with the keyboard, signs in and says so", async () => {
    confirmedElsewhere()
    let sent: unknown
    server.use(
      http.post(`${API}/api/verify-email-link/choose-password`, async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json(signedInUser)
      }),
      http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
    )
    const user = userEvent.setup()
    await renderApp(LINK)
    await waitFor(() => expect(screen.getByLabelText("Password", { exact: true })).toHaveFocus())
    await user.keyboard(PASSWORD)
    await user.tab()
    expect(screen.getByLabelText("Confirm password")).toHaveFocus()
    await user.keyboard(`${PASSWORD}{Enter}`)
    const heading = await screen.findByRole("heading", { level: 1, name: "Your account is ready" })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(sent).toEqual({ token: "AbCdEfGhIjKlMnOpQrSt_-", password: PASSWORD, confirmPassword: PASSWORD })
    expect(screen.getByRole("link", { name: "Continue to Jingluo" })).toHaveAttribute("href", "/")
    await waitFor(() => expect(document.cookie).toContain("userdata="))
  })

  it("puts the server's password message under its field and a failure above the form, keeping what was typed", async () => {
    confirmedElsewhere()
    let answers = 0
    server.use(
      http.post(`${API}/api/verify-email-link/choose-password`, () =>
        ++answers === 1
          ? HttpResponse.json(
              { _tag: "ValidationFailed", message: "x", errors: { password: "validation.passwordCharacters" } },
              { status: 422 },
            )
          : HttpResponse.json({ _tag: "TooManyRequests", message: "slow", retryAfterSeconds: 9 }, { status: 429 }),
      ),
    )
    const user = userEvent.setup()
    await renderApp(LINK)
    const password = await screen.findByLabelText("Password", { exact: true })
    await user.type(password, PASSWORD)
    await user.type(screen.getByLabelText("Confirm password"), PASSWORD)
    await user.click(screen.getByRole("button", { name: "Save password and log in" }))
    const field = password.closest(".field") as HTMLElement
    expect(await within(field).findByText(/letters, digits/)).toBeInTheDocument()
    await waitFor(() => expect(password).toHaveFocus())
    await user.click(screen.getByRole("button", { name: "Save password and log in" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts")
    expect(password).toHaveValue(PASSWORD)
  })

  it("a link used up meanwhile goes back to the code and the resend form, saying so", async () => {
    confirmedElsewhere()
    server.use(
      http.post(`${API}/api/verify-email-link/choose-password`, () =>
        HttpResponse.json(
          { _tag: "ValidationFailed", message: "x", errors: { token: "validation.linkExpired" } },
          { status: 422 },
        ),
      ),
    )
    const user = userEvent.setup()
    await renderApp(LINK)
    await user.type(await screen.findByLabelText("Password", { exact: true }), PASSWORD)
    await user.type(screen.getByLabelText("Confirm password"), PASSWORD)
    await user.keyboard("{Enter}")
    expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired or was used already")
    expect(screen.getByLabelText("Code")).toBeInTheDocument()
    expect(screen.queryByLabelText("Password", { exact: true })).toBeNull()
  })
})

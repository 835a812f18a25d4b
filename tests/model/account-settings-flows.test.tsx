// Model-based test of my profile and the e-mail change (xstate/graph): a small abstract machine of
// what the user sees — the profile form, a refused save, a taken address, the code dialog, a wrong
// code, the address changed, the dialog closed — whose shortest paths are each walked through the
// real app (machines, ApiClient, views) against an in-memory account API (msw).
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { createTestModel } from "xstate/graph"
import { API, dashboard, renderApp, server } from "../ui/support/render-app.tsx"

const CODE = "4321"
const TAKEN = "taken@example.com"
const NEXT = "mei.new@example.com"

const profileModel = createMachine({
  id: "profile",
  initial: "form",
  states: {
    form: {
      on: {
        "name.tooShort": "nameRefused",
        "email.taken": "emailTaken",
        "email.new": "codeDialog",
        "name.save": "saved",
      },
    },
    nameRefused: { on: { "name.save": "saved" } },
    emailTaken: { on: { "email.new": "codeDialog" } },
    saved: {},
    codeDialog: { on: { "code.wrong": "codeRefused", "code.right": "emailChanged", "dialog.close": "dialogClosed" } },
    codeRefused: { on: { "code.right": "emailChanged" } },
    emailChanged: {},
    dialogClosed: {},
  },
})

const options = {
  countries: [{ id: 1, name: "United Kingdom", code: "GB" }],
  currencies: [{ id: 1, title: "Pound sterling", code: "GBP" }],
  languages: [{ id: 1, name: "English", lang_code: "en" }],
}

/** An in-memory profile service for one path. */
const makeBackend = () => {
  const user = {
    ...dashboard,
    country: { id: 1, name: "United Kingdom" },
    currency: { id: 1, title: "Pound sterling" },
    language: { id: 1, name: "English", lang_code: "en" },
  }
  let pending: string | null = null
  return [
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(user)),
    http.get(`${API}/api/currency-country-lang`, () => HttpResponse.json(options)),
    http.post(`${API}/api/email-validate`, async ({ request }) => {
      const { email } = (await request.json()) as { email: string }
      return HttpResponse.json({ available: email !== TAKEN })
    }),
    http.put(`${API}/api/profile-update`, async ({ request }) => {
      const body = (await request.json()) as { email: string; first_name: string }
      if (body.email === TAKEN)
        return HttpResponse.json(
          { _tag: "ValidationFailed", message: "x", errors: { email: "validation.emailTaken" } },
          { status: 422 },
        )
      user.user_profile = { ...user.user_profile, first_name: body.first_name }
      pending = body.email === user.user_profile.email ? null : body.email
      return HttpResponse.json({
        message: pending ? "Code sent to your new address." : "Your profile has been updated.",
        pending_email: pending,
        user,
      })
    }),
    http.put(`${API}/api/profile-email-update`, async ({ request }) => {
      const body = (await request.json()) as { email: string; otp: string }
      if (body.otp !== CODE || body.email !== pending)
        return HttpResponse.json(
          { _tag: "ValidationFailed", message: "x", errors: { otp: "validation.codeInvalid" } },
          { status: 422 },
        )
      user.user_profile = { ...user.user_profile, email: body.email }
      return HttpResponse.json({ message: "Your e-mail address has been changed.", user })
    }),
  ]
}

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const model = createTestModel(profileModel)

describe("profile and e-mail change (model-based)", () => {
  const paths = model.getShortestPaths()

  it("walks through every state the model has", () => {
    const reached = new Set(
      paths.flatMap((p) => [...p.steps.map((step) => String(step.state.value)), String(p.state.value)]),
    )
    expect([...reached].sort()).toEqual(Object.keys(profileModel.config.states ?? {}).sort())
  })

  for (const path of paths) {
    it(path.description, async () => {
      server.use(...makeBackend())
      const user = userEvent.setup()
      await renderApp("/account-settings/my-profile", { signedIn: true })
      const field = (name: string) => screen.getByRole("textbox", { name })
      const dialog = () => screen.getByRole("dialog", { name: "Confirm your new e-mail address" })
      const save = () => user.click(screen.getByRole("button", { name: "Save profile" }))
      const retype = async (name: string, value: string) => {
        await user.clear(field(name))
        await user.type(field(name), value)
      }
      const typeCode = async (code: string) => {
        const input = within(dialog()).getByRole("textbox", { name: "Code" })
        await user.type(input, `${code}{Enter}`)
      }
      await screen.findByRole("textbox", { name: "First name" })
      await path.test({
        states: {
          form: async () => {
            expect(field("First name")).toHaveValue("Mei")
            expect(field("E-mail")).toHaveValue("mei@example.com")
          },
          nameRefused: async () => {
            expect(field("First name")).toHaveAccessibleDescription("Enter at least 3 characters")
            expect(field("First name")).toHaveFocus()
            expect(field("First name")).toHaveValue("Li")
          },
          emailTaken: async () => {
            await waitFor(() =>
              expect(field("E-mail")).toHaveAccessibleDescription("An account with this e-mail address already exists"),
            )
            expect(field("E-mail")).toHaveValue(TAKEN)
          },
          saved: async () => {
            expect(await screen.findByText("Your profile has been updated.")).toBeInTheDocument()
          },
          codeDialog: async () => {
            expect(await screen.findByRole("dialog", { name: "Confirm your new e-mail address" })).toBeInTheDocument()
            expect(within(dialog()).getByText(new RegExp(NEXT))).toBeInTheDocument()
          },
          codeRefused: async () => {
            expect(await within(dialog()).findByText("This code is not correct")).toBeInTheDocument()
            expect(within(dialog()).getByRole("textbox", { name: "Code" })).toHaveValue("")
          },
          emailChanged: async () => {
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
            expect(await screen.findByText("Your e-mail address has been changed.")).toBeInTheDocument()
            expect(field("E-mail")).toHaveValue(NEXT)
          },
          dialogClosed: async () => {
            await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
            // The typed address stays in the field; the account keeps the old one.
            expect(field("E-mail")).toHaveValue(NEXT)
          },
        },
        events: {
          "name.tooShort": async () => {
            await retype("First name", "Li")
            await save()
          },
          "name.save": async () => {
            await retype("First name", "Meiling")
            await save()
          },
          "email.taken": async () => {
            await retype("E-mail", TAKEN)
            await user.tab()
          },
          "email.new": async () => {
            await retype("E-mail", NEXT)
            await save()
          },
          "code.wrong": () => typeCode("9999"),
          "code.right": () => typeCode(CODE),
          "dialog.close": async () => {
            await user.click(within(dialog()).getByRole("button", { name: "Not now" }))
          },
        },
      })
    })
  }
})

// Model-based tests of my profile's e-mail change and of deleting the account (xstate/graph): small
// abstract machines of what the user sees — the profile form, a refused save, a taken address, the
// dialog that asks for the current password, a wrong password, too many tries, the dialog closed,
// the code dialog of the new address, a wrong code, the address changed; the delete confirmation,
// its wrong password, the account kept or deleted — whose paths, together taking every transition,
// are each walked through the real app (machines, ApiClient, views) against an in-memory account
// API (msw).
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { API, dashboard, renderApp, server } from "../ui/support/render-app.tsx"
import { coveringPaths } from "./support/covering-paths.ts"

const CODE = "4321"
const PASSWORD = "lotus7root"
const TAKEN = "taken@example.com"
const NEXT = "mei.new@example.com"
const LOADED = { timeout: 8000 }

const profileModel = createMachine({
  id: "profile",
  initial: "form",
  states: {
    form: {
      on: {
        "name.tooShort": "nameRefused",
        "email.taken": "emailTaken",
        "email.new": "proofDialog",
        "name.save": "saved",
      },
    },
    nameRefused: { on: { "name.save": "saved" } },
    emailTaken: { on: { "email.new": "proofDialog" } },
    saved: {},
    proofDialog: {
      on: { "password.wrong": "proofRefused", "password.right": "codeDialog", "proof.close": "proofClosed" },
    },
    // One wrong password is all this account's budget allows here: a second one is refused as too many.
    proofRefused: { on: { "password.right": "codeDialog", "password.wrong": "proofLimited" } },
    // Over the budget every try is refused until the window is over: the user gives up for now.
    proofLimited: { on: { "proof.close": "givenUp" } },
    proofClosed: { on: { "email.new": "proofDialog" } },
    givenUp: {},
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

const refused = (errors: Record<string, string>) =>
  HttpResponse.json({ _tag: "ValidationFailed", message: "x", errors }, { status: 422 })

/** An in-memory account for one path: the proof is the password, counted against `budget` wrong guesses. */
const makeBackend = (budget: number) => {
  const user = {
    ...dashboard,
    country: { id: 1, name: "United Kingdom" },
    currency: { id: 1, title: "Pound sterling" },
    language: { id: 1, name: "English", lang_code: "en" },
  }
  let pending: string | null = null
  let wrongGuesses = 0
  /** The proof as the server checks it: once over the budget, refused whatever it is. */
  const proofFailure = (password: unknown) => {
    if (password !== PASSWORD) wrongGuesses++
    if (wrongGuesses > budget)
      return HttpResponse.json(
        { _tag: "TooManyRequests", message: "Too many", retryAfterSeconds: 900 },
        { status: 429, headers: { "Retry-After": "900" } },
      )
    return password === PASSWORD ? null : refused({ current_password: "account:validation.oldPasswordWrong" })
  }
  const backend = {
    deleted: false,
    handlers: [
      http.get(`${API}/api/dashboard`, () => HttpResponse.json(user)),
      http.get(`${API}/api/currency-country-lang`, () => HttpResponse.json(options)),
      http.post(`${API}/api/email-validate`, async ({ request }) => {
        const { email } = (await request.json()) as { email: string }
        return HttpResponse.json({ available: email !== TAKEN })
      }),
      http.put(`${API}/api/profile-update`, async ({ request }) => {
        const body = (await request.json()) as { email: string; first_name: string; current_password?: string }
        const changing = body.email !== user.user_profile.email
        if (changing) {
          if (body.current_password === undefined) return refused({ current_password: "validation.required" })
          const failure = proofFailure(body.current_password)
          if (failure) return failure
          if (body.email === TAKEN) return refused({ email: "validation.emailTaken" })
        }
        user.user_profile = { ...user.user_profile, first_name: body.first_name }
        pending = changing ? body.email : null
        return HttpResponse.json({
          message: pending ? "Code sent to your new address." : "Your profile has been updated.",
          pending_email: pending,
          user,
        })
      }),
      http.put(`${API}/api/profile-email-update`, async ({ request }) => {
        const body = (await request.json()) as { email: string; otp: string }
        if (body.otp !== CODE || body.email !== pending) return refused({ otp: "validation.codeInvalid" })
        user.user_profile = { ...user.user_profile, email: body.email }
        return HttpResponse.json({ message: "Your e-mail address has been changed.", user })
      }),
      http.delete(`${API}/api/account/delete`, async ({ request }) => {
        const body = (await request.json()) as { current_password?: string }
        const failure = proofFailure(body.current_password)
        if (failure) return failure
        backend.deleted = true
        return HttpResponse.json({ message: "Your account and all its data have been deleted." })
      }),
    ],
  }
  return backend
}

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const proofDialog = () => screen.getByRole("dialog", { name: "Confirm it is you" })
const codeDialog = () => screen.getByRole("dialog", { name: "Confirm your new e-mail address" })
const noDialog = () => waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())

describe("profile and e-mail change (model-based)", () => {
  const { chosen, covered, wanted, reached } = coveringPaths(profileModel)

  it("walks every state and every transition of the model", () => {
    expect([...covered].sort()).toEqual([...wanted].sort())
    expect([...reached].sort()).toEqual(Object.keys(profileModel.config.states ?? {}).sort())
  })

  for (const path of chosen) {
    it(path.description, { timeout: 60_000 }, async () => {
      server.use(...makeBackend(1).handlers)
      const user = userEvent.setup()
      await renderApp("/account-settings/my-profile", { signedIn: true })
      const field = (name: string) => screen.getByRole("textbox", { name })
      const save = () => screen.getByRole("button", { name: "Save profile" })
      const retype = async (name: string, value: string) => {
        await user.clear(field(name))
        await user.type(field(name), value)
      }
      const typePassword = (password: string) =>
        user.type(within(proofDialog()).getByLabelText("Current password"), `${password}{Enter}`)
      const typeCode = (code: string) =>
        user.type(within(codeDialog()).getByRole("textbox", { name: "Code" }), `${code}{Enter}`)
      await screen.findByRole("textbox", { name: "First name" }, LOADED)
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
          proofDialog: async () => {
            const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" })
            expect(within(dialog).getByText(new RegExp(`To change it to ${NEXT}`))).toBeInTheDocument()
            await waitFor(() => expect(within(dialog).getByLabelText("Current password")).toHaveFocus())
          },
          proofRefused: async () => {
            const password = within(proofDialog()).getByLabelText("Current password")
            expect(await within(proofDialog()).findByText("The current password is not correct")).toBeInTheDocument()
            expect(password).toHaveValue("")
            expect(password).toHaveFocus()
          },
          proofLimited: async () => {
            expect(await within(proofDialog()).findByRole("alert")).toHaveTextContent("Too many attempts")
          },
          proofClosed: async () => {
            await noDialog()
            // Nothing was saved; what was typed stays, and the cursor is back on the save button.
            expect(field("E-mail")).toHaveValue(NEXT)
            await waitFor(() => expect(save()).toHaveFocus())
          },
          givenUp: async () => {
            await noDialog()
            expect(field("E-mail")).toHaveValue(NEXT)
            expect(screen.queryByText("Code sent to your new address.")).toBeNull()
          },
          codeDialog: async () => {
            expect(await screen.findByRole("dialog", { name: "Confirm your new e-mail address" })).toBeInTheDocument()
            expect(within(codeDialog()).getByText(new RegExp(NEXT))).toBeInTheDocument()
          },
          codeRefused: async () => {
            expect(await within(codeDialog()).findByText("This code is not correct")).toBeInTheDocument()
            expect(within(codeDialog()).getByRole("textbox", { name: "Code" })).toHaveValue("")
          },
          emailChanged: async () => {
            await noDialog()
            expect(await screen.findByText("Your e-mail address has been changed.")).toBeInTheDocument()
            expect(field("E-mail")).toHaveValue(NEXT)
          },
          dialogClosed: async () => {
            await noDialog()
            // The typed address stays in the field; the account keeps the old one.
            expect(field("E-mail")).toHaveValue(NEXT)
          },
        },
        events: {
          "name.tooShort": async () => {
            await retype("First name", "Li")
            await user.click(save())
          },
          "name.save": async () => {
            await retype("First name", "Meiling")
            await user.click(save())
          },
          "email.taken": async () => {
            await retype("E-mail", TAKEN)
            await user.tab()
          },
          "email.new": async () => {
            await retype("E-mail", NEXT)
            await user.click(save())
          },
          "password.wrong": () => typePassword("wrong1pass"),
          "password.right": () => typePassword(PASSWORD),
          // By keyboard: Escape closes the dialog.
          "proof.close": () => user.keyboard("{Escape}"),
          "code.wrong": () => typeCode("9999"),
          "code.right": () => typeCode(CODE),
          "dialog.close": async () => {
            await user.click(within(codeDialog()).getByRole("button", { name: "Not now" }))
          },
        },
      })
    })
  }
})

const deleteModel = createMachine({
  id: "delete",
  initial: "page",
  states: {
    page: { on: { "delete.request": "asked" } },
    asked: { on: { "password.wrong": "refused", "password.right": "deleted", "dialog.close": "kept" } },
    refused: { on: { "password.right": "deleted", "dialog.close": "kept" } },
    kept: { on: { "delete.request": "asked" } },
    deleted: {},
  },
})

describe("deleting the account (model-based)", () => {
  const { chosen, covered, wanted } = coveringPaths(deleteModel)

  it("walks every transition of the model", () => {
    expect([...covered].sort()).toEqual([...wanted].sort())
  })

  for (const path of chosen) {
    it(path.description, { timeout: 60_000 }, async () => {
      const backend = makeBackend(5)
      server.use(...backend.handlers)
      const user = userEvent.setup()
      await renderApp("/account-settings/delete-account", { signedIn: true })
      const button = () => screen.getByRole("button", { name: "Delete my account" })
      const dialog = () => screen.getByRole("dialog", { name: "Delete your account and all its data for good?" })
      const password = () => within(dialog()).getByLabelText("Current password")
      await screen.findByRole("button", { name: "Delete my account" }, LOADED)
      await path.test({
        states: {
          page: async () => {
            expect(button()).toBeVisible()
          },
          asked: async () => {
            await screen.findByRole("dialog", { name: "Delete your account and all its data for good?" })
            await waitFor(() => expect(password()).toHaveFocus())
          },
          refused: async () => {
            expect(await within(dialog()).findByText("The current password is not correct")).toBeInTheDocument()
            expect(password()).toHaveValue("")
          },
          kept: async () => {
            await noDialog()
            await waitFor(() => expect(button()).toHaveFocus())
            expect(backend.deleted).toBe(false)
          },
          deleted: async () => {
            expect(await screen.findByText("Your account has been deleted.")).toBeInTheDocument()
            expect(backend.deleted).toBe(true)
            await waitFor(() => expect(window.location.pathname).toBe("/login"))
          },
        },
        events: {
          "delete.request": () => user.click(button()),
          "password.wrong": () => user.type(password(), "wrong1pass{Enter}"),
          "password.right": async () => {
            await user.type(password(), PASSWORD)
            await user.click(within(dialog()).getByRole("button", { name: "Yes, delete my account" }))
          },
          "dialog.close": () => user.click(within(dialog()).getByRole("button", { name: "Keep my account" })),
        },
      })
    })
  }
})

// A form whose rules come in a script of their own: typing never waits for them; a field left or a
// submit before they are in is held until they arrive and then checked as usual; when they cannot be
// loaded the form says the connection is gone, keeps what was typed, and the next submit asks again.
import { act, render, screen } from "@testing-library/react"
import { useActorRef } from "@xstate/react"
import { I18nextProvider } from "react-i18next"
import { describe, expect, it } from "vitest"
import { assign, setup } from "xstate"
import { laterRules } from "../../src/domain/shared/later-rules.ts"
import type { Validated } from "../../src/domain/shared/message-keys.ts"
import { type FormContext, type FormEvent, formFlow } from "../../src/machines/shared/form-flow.ts"
import { createI18n } from "../../src/ui/i18n.ts"
import { FlowForm, FlowTextField, FORM_SUBMIT } from "../../src/ui/shared/components/FlowForm.tsx"
import { userEvent } from "./support/user.ts"

type NameForm = { readonly name: string }
type Rules = { readonly validateName: (form: NameForm) => Validated<NameForm> }
const RULES: Rules = {
  validateName: (form) =>
    form.name.trim().length >= 2
      ? { _tag: "Valid", value: form }
      : { _tag: "Invalid", errors: { name: "validation.required" } },
}

/** Rules whose script arrives when the test says so, or fails to. */
const controlledRules = () => {
  const pending: Array<{ resolve: (rules: Rules) => void; reject: (cause: unknown) => void }> = []
  const rules = laterRules(() => new Promise<Rules>((resolve, reject) => pending.push({ resolve, reject })))
  return {
    rules,
    arrive: () => act(async () => pending.shift()?.resolve(RULES)),
    fail: () => act(async () => pending.shift()?.reject(new TypeError("Failed to fetch"))),
  }
}

const formMachine = (rules: ReturnType<typeof laterRules<Rules>>) => {
  const name = formFlow((form: NameForm) => rules.get().validateName(form))
  return setup({
    types: { context: {} as FormContext<NameForm> & { sent: number }, events: {} as FormEvent<NameForm> },
  }).createMachine({
    context: { form: { name: "" }, errors: {}, formError: null, rejectedSubmits: 0, sent: 0 },
    on: {
      "field.change": { actions: assign(({ context, event }) => name.change(context, event.field, event.value)) },
      "field.blur": { actions: assign(({ context, event }) => name.blur(context, event.field)) },
      "form.submit": [
        {
          guard: ({ context }) => name.isValid(context.form),
          actions: assign({ sent: ({ context }) => context.sent + 1 }),
        },
        { actions: assign(({ context }) => name.reject(context)) },
      ],
    },
  })
}

const renderForm = async (rules: ReturnType<typeof laterRules<Rules>>) => {
  const i18n = await createI18n("en")
  const machine = formMachine(rules)
  let sent = () => 0
  const Form = () => {
    const actor = useActorRef(machine)
    sent = () => actor.getSnapshot().context.sent
    return (
      <FlowForm actor={actor} submit={FORM_SUBMIT} rules={rules}>
        <FlowTextField actor={actor} field="name" label="Name" />
        <input aria-label="Note" />
        <button type="submit">Send</button>
      </FlowForm>
    )
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Form />
    </I18nextProvider>,
  )
  return { sent: () => sent() }
}

describe("a form whose rules come later", () => {
  it("takes typing at once and holds a left field's check until the rules are in", async () => {
    const { rules, arrive } = controlledRules()
    await renderForm(rules)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText("Name"), "A")
    expect(screen.getByLabelText("Name")).toHaveValue("A")
    await user.tab()
    expect(screen.queryByText("This field is required")).toBeNull()
    await arrive()
    expect(await screen.findByText("This field is required")).toBeVisible()
    expect(screen.getByLabelText("Name")).toHaveValue("A")
  })

  it("holds a submit until the rules are in, then checks and sends it", async () => {
    const { rules, arrive } = controlledRules()
    const form = await renderForm(rules)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText("Name"), "Mei{Enter}")
    expect(form.sent()).toBe(0)
    expect(screen.getByRole("button", { name: "Send" }).closest("form")).toHaveAttribute("aria-busy", "true")
    await arrive()
    expect(form.sent()).toBe(1)
    expect(screen.getByRole("button", { name: "Send" }).closest("form")).not.toHaveAttribute("aria-busy")
  })

  it("says the connection is gone when the rules cannot be loaded, and the next submit asks again", async () => {
    const { rules, arrive, fail } = controlledRules()
    const form = await renderForm(rules)
    const user = userEvent.setup()
    await fail()
    await user.type(screen.getByLabelText("Name"), "Mei{Enter}")
    await fail()
    expect(await screen.findByText("You seem to be offline. Check your connection and try again.")).toBeVisible()
    expect(screen.getByLabelText("Name")).toHaveValue("Mei")
    expect(form.sent()).toBe(0)
    await user.click(screen.getByRole("button", { name: "Send" }))
    await arrive()
    expect(form.sent()).toBe(1)
    expect(screen.queryByText("You seem to be offline. Check your connection and try again.")).toBeNull()
  })
})

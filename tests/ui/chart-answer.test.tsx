// The answer component for "where is this point?": one radio group on the drawing, answered with
// the pointer or with the arrow keys alone (each arrow goes to the nearest position that way),
// read-only once checked, with the right and the wrong position named.
import { render, screen, within } from "@testing-library/react"
import { useState } from "react"
import { I18nextProvider } from "react-i18next"
import { describe, expect, it, vi } from "vitest"
import { type AnswerCandidate, ChartAnswer, nearestInDirection } from "../../src/ui/charts/ChartAnswer.tsx"
import { createI18n } from "../../src/ui/i18n.ts"
import { palmChart } from "../support/chart-fixtures.ts"
import { userEvent } from "./support/user.ts"

//   A (50,20)
// B (20,60)   C (80,60)
//   D (50,100)
//   E (50,160)
const candidates: ReadonlyArray<AnswerCandidate> = [
  { id: "A", position: [50, 20] },
  { id: "B", position: [20, 60] },
  { id: "C", position: [80, 60] },
  { id: "D", position: [50, 100] },
  { id: "E", position: [50, 160] },
]

const Controlled = ({ onChange, answer = null }: { onChange: (id: string) => void; answer?: string | null }) => {
  const [value, setValue] = useState<string | null>(null)
  return (
    <ChartAnswer
      drawing={palmChart}
      candidates={candidates}
      value={answer ? "B" : value}
      onChange={(id) => {
        setValue(id)
        onChange(id)
      }}
      label="Where is LU-9 Tàiyuān?"
      answer={answer}
    />
  )
}

const renderAnswer = async (answer: string | null = null) => {
  const i18n = await createI18n("en")
  await i18n.loadNamespaces("charts")
  const onChange = vi.fn()
  render(
    <I18nextProvider i18n={i18n}>
      <button type="button">before</button>
      <Controlled onChange={onChange} answer={answer} />
      <button type="button">after</button>
    </I18nextProvider>,
  )
  return { onChange, group: screen.getByRole("radiogroup", { name: "Where is LU-9 Tàiyuān?" }) }
}

describe("nearestInDirection", () => {
  const [a, b, c, d, e] = candidates
  it("goes to the nearest position that lies that way", () => {
    expect(nearestInDirection(candidates, a!, "down")).toBe(d)
    expect(nearestInDirection(candidates, d!, "down")).toBe(e)
    expect(nearestInDirection(candidates, d!, "up")).toBe(a)
    expect(nearestInDirection(candidates, b!, "right")).toBe(c)
    expect(nearestInDirection(candidates, c!, "left")).toBe(b)
  })

  it("goes to a position off to that side when none lies straight that way, and to none past the edge", () => {
    expect(nearestInDirection(candidates, a!, "left")).toBe(b)
    expect(nearestInDirection(candidates, e!, "down")).toBeUndefined()
  })
})

describe("ChartAnswer", () => {
  it("is one radio group named by the question, with lettered positions and nothing named on the drawing", async () => {
    const { group } = await renderAnswer()
    const radios = within(group).getAllByRole("radio")
    expect(radios.map((r) => r.getAttribute("aria-label"))).toEqual([
      "Position A",
      "Position B",
      "Position C",
      "Position D",
      "Position E",
    ])
    expect(radios.every((r) => r.getAttribute("aria-checked") === "false")).toBe(true)
    expect(within(group).queryByRole("link")).toBeNull()
    expect(group).toHaveAccessibleDescription(/arrow keys.*Hand, palm/s)
  })

  it("is answered without a pointer: Tab in, arrows move the marker and the choice follows, Tab out", async () => {
    const { onChange, group } = await renderAnswer()
    const user = userEvent.setup()
    screen.getByRole("button", { name: "before" }).focus()
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName("Position A")
    await user.keyboard("{ArrowDown}")
    expect(onChange).toHaveBeenLastCalledWith("D")
    expect(document.activeElement).toHaveAccessibleName("Position D, your answer")
    expect(within(group).getByRole("radio", { name: /Position D/ })).toHaveAttribute("aria-checked", "true")
    await user.keyboard("{ArrowLeft}")
    expect(onChange).toHaveBeenLastCalledWith("B")
    await user.keyboard("{ArrowRight}{End}")
    expect(onChange).toHaveBeenLastCalledWith("E")
    await user.keyboard("{Home}")
    expect(onChange).toHaveBeenLastCalledWith("A")
    // One tab stop: Tab leaves, Shift+Tab comes back to the chosen position.
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName("after")
    await user.tab({ shift: true })
    expect(document.activeElement).toHaveAccessibleName("Position A, your answer")
  })

  it("chooses with Space on the position under the keyboard", async () => {
    const { onChange } = await renderAnswer()
    const user = userEvent.setup()
    screen.getByRole("button", { name: "before" }).focus()
    await user.tab()
    await user.keyboard(" ")
    expect(onChange).toHaveBeenLastCalledWith("A")
  })

  it("is answered with a pointer on a position", async () => {
    const { onChange, group } = await renderAnswer()
    await userEvent.setup().click(within(group).getByRole("radio", { name: "Position C" }))
    expect(onChange).toHaveBeenLastCalledWith("C")
  })

  it("names the right and the wrong position once checked, and takes no other choice", async () => {
    const { onChange, group } = await renderAnswer("D")
    expect(group).toHaveAttribute("aria-readonly", "true")
    expect(within(group).getByRole("radio", { name: "Position D, the right answer" })).toBeInTheDocument()
    expect(within(group).getByRole("radio", { name: "Position B, your answer" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    const user = userEvent.setup()
    await user.click(within(group).getByRole("radio", { name: "Position C" }))
    within(group).getByRole("radio", { name: "Position B, your answer" }).focus()
    await user.keyboard("{ArrowRight}")
    expect(onChange).not.toHaveBeenCalled()
  })
})

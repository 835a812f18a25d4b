// A Chinese name keeps the room its characters take in a Chinese face (one em each) before the app's
// faces arrive, so nothing around it moves when they do: its box says how many characters it holds,
// counted as characters (not UTF-16 units), and its language is the script's.
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { Hanzi } from "../../src/ui/shared/components/Hanzi.tsx"

describe("Hanzi", () => {
  it("reserves one em per character and names its script", () => {
    render(<Hanzi text="手陽明大腸經" className="hanzi" />)
    const name = screen.getByText("手陽明大腸經")
    expect(name).toHaveAttribute("lang", "zh-Hant")
    expect(name).toHaveClass("hanzi-name", "hanzi")
    expect(name.style.getPropertyValue("--hanzi-chars")).toBe("6")
  })

  it("counts a character outside the basic plane once, and shows marked text in its place", () => {
    render(
      <Hanzi text="𠀋穴" simplified>
        <mark>𠀋</mark>穴
      </Hanzi>,
    )
    const name = screen.getByText("穴")
    expect(name).toHaveAttribute("lang", "zh-Hans")
    expect(name.style.getPropertyValue("--hanzi-chars")).toBe("2")
  })
})

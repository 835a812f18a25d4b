// A lazily loaded part tells its two failures apart: a script that does not arrive says the page
// could not be loaded and its retry imports again; code that throws while rendering says something
// went wrong, is reported to the console, and its retry mounts the part afresh. Both messages are
// alerts, and the retry works from the keyboard.
import { render, screen } from "@testing-library/react"
import type { ComponentType } from "react"
import { I18nextProvider } from "react-i18next"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createI18n } from "../../src/ui/i18n.ts"
import { lazyPart } from "../../src/ui/shared/components/lazy-part.tsx"
import { userEvent } from "./support/user.ts"

const LOAD_FAILED = "This page could not be loaded. Check your connection and try again."
const RENDER_FAILED =
  "Something went wrong while showing this page. Try again, or reload the page if it keeps happening."
const options = { placeholder: <p>Loading the page</p>, failure: "pageFailed", renderFailure: "pageError" }

const Page = () => <h1>Channels and vessels</h1>

const renderPart = async (Part: ComponentType) => {
  const i18n = await createI18n("en")
  render(
    <I18nextProvider i18n={i18n}>
      <button type="button">Before</button>
      <Part />
    </I18nextProvider>,
  )
}

/** Tab from the button before the part to its retry, and press it with Enter. */
const retryByKeyboard = async (user: ReturnType<typeof userEvent.setup>) => {
  screen.getByRole("button", { name: "Before" }).focus()
  await user.tab()
  expect(screen.getByRole("button", { name: "Try again" })).toHaveFocus()
  await user.keyboard("{Enter}")
}

afterEach(() => vi.restoreAllMocks())

describe("a lazily loaded part", () => {
  it("whose script cannot be loaded says so, and its retry imports it again", async () => {
    const importer = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ default: Page })
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    await renderPart(lazyPart(importer, options))
    expect(await screen.findByRole("alert")).toHaveTextContent(LOAD_FAILED)
    expect(screen.queryByText(RENDER_FAILED)).toBeNull()
    expect(importer).toHaveBeenCalledTimes(1)
    // A missing script is no bug of the page: the boundary does not report it as one.
    expect(logged).not.toHaveBeenCalledWith(
      expect.stringContaining("failed while rendering"),
      expect.anything(),
      expect.anything(),
    )

    await retryByKeyboard(userEvent.setup())
    expect(await screen.findByRole("heading", { name: "Channels and vessels" })).toBeVisible()
    expect(importer).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("whose code throws while rendering says something went wrong, reports it, and its retry shows the page", async () => {
    const boom = new Error("points is undefined")
    // It throws until the fault goes away (React renders a failing part more than once before it
    // gives up, so the fault is a flag, not a count of renders).
    let faulty = true
    let renders = 0
    const Flaky = () => {
      renders += 1
      if (faulty) throw boom
      return <Page />
    }
    const importer = vi.fn(() => Promise.resolve({ default: Flaky }))
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    await renderPart(lazyPart(importer, options))
    expect(await screen.findByRole("alert")).toHaveTextContent(RENDER_FAILED)
    expect(screen.queryByText(LOAD_FAILED)).toBeNull()
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("failed while rendering"), boom, expect.any(String))

    faulty = false
    const rendersBefore = renders
    await retryByKeyboard(userEvent.setup())
    expect(await screen.findByRole("heading", { name: "Channels and vessels" })).toBeVisible()
    expect(screen.queryByRole("alert")).toBeNull()
    // The script had arrived: the retry mounts the part again without importing it again.
    expect(importer).toHaveBeenCalledTimes(1)
    expect(renders).toBeGreaterThan(rendersBefore)
  })

  it("that keeps throwing keeps saying so after a retry, and reports each time", async () => {
    const boom = new Error("always broken")
    const Broken = () => {
      throw boom
    }
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    await renderPart(lazyPart(() => Promise.resolve({ default: Broken }), options))
    expect(await screen.findByRole("alert")).toHaveTextContent(RENDER_FAILED)
    const reports = () => logged.mock.calls.filter(([first]) => String(first).includes("failed while rendering")).length
    expect(reports()).toBe(1)
    await retryByKeyboard(userEvent.setup())
    expect(await screen.findByRole("alert")).toHaveTextContent(RENDER_FAILED)
    expect(reports()).toBe(2)
  })
})

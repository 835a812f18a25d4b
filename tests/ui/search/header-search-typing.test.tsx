// The header's search opened before its script is in: a field stands in for it, focused, with the
// same label, and what is typed there is where the search starts when it takes over.
import { render, screen, within } from "@testing-library/react"
import { I18nextProvider } from "react-i18next"
import { afterAll, afterEach, beforeAll, expect, it } from "vitest"
import { createI18n } from "../../../src/ui/i18n.ts"
import { HeaderSearchPlaceholder } from "../../../src/ui/search/HeaderSearchPlaceholder.tsx"
import { typedSearch } from "../../../src/ui/search/typed-search.ts"
import { renderApp, server } from "../support/render-app.tsx"
import { searchDefaults } from "../support/search-fixtures.ts"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen())
afterEach(() => {
  server.resetHandlers()
  typedSearch.take()
})
afterAll(() => server.close())

it("stands in with a focused, labelled field and keeps what is typed", async () => {
  const user = userEvent.setup()
  render(
    <I18nextProvider i18n={await createI18n("en")}>
      <HeaderSearchPlaceholder />
    </I18nextProvider>,
  )
  const field = screen.getByRole("searchbox", { name: "Search" })
  expect(field).toHaveFocus()
  await user.keyboard("lu9")
  expect(typedSearch.take()).toBe("lu9")
  expect(typedSearch.take()).toBe("")
})

it("the search, once in, starts from what was typed before it", async () => {
  server.use(...searchDefaults())
  const user = userEvent.setup()
  await renderApp("/", { signedIn: true })
  typedSearch.set("taiyuan")
  await user.click(within(screen.getByRole("banner")).getByRole("button", { name: "Search" }))
  await screen.findByRole("listbox", { name: "First results" })
  const field = screen.getByRole("searchbox", { name: "Search" })
  expect(field).toHaveValue("taiyuan")
  expect(field).toHaveFocus()
})

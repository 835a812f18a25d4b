// The first render of a page of another feature inside the account settings: main.tsx waits for
// the groups of the address (preloadPages), the layout's and the page's, so the first render shows
// the settings navigation and the page at once, with no page loader in between.
import { render, screen, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { wire } from "../../src/main.tsx"
import { API, dashboard, server, signedInUser } from "./support/render-app.tsx"

beforeAll(() => server.listen())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe("a settings page of another feature", () => {
  it.each([
    ["/account-settings/my-membership", "My membership"],
    ["/account-settings/support", "Support and feedback"],
  ])("%s renders inside the settings layout in the first render", async (path, name) => {
    server.use(http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)))
    document.cookie = "cookieAccepted=yes; Path=/"
    document.cookie = `userdata=${encodeURIComponent(JSON.stringify(signedInUser))}; Path=/`
    window.history.replaceState(null, "", path)
    const app = await wire({ baseUrl: API, reload: () => {} })
    // The settings' own texts are not preloaded with the app; this is about the pages' scripts.
    await app.i18n.loadNamespaces(["account", "feedback"])
    render(app.element)
    // Right after the first render, before any lazily loaded part could have arrived.
    const settings = screen.getByRole("navigation", { name: "Account settings" })
    expect(within(settings).getByRole("link", { name })).toHaveAttribute("aria-current", "page")
    expect(screen.getByRole("heading", { level: 1 })).toBeVisible()
    expect(screen.queryByText("Loading…", { selector: ".page-loader *" })).toBeNull()
  })
})

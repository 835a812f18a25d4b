// The offline banner as a learner meets it: it says so when the browser goes offline or the calls
// cannot reach the server — pages opened before still work, changes wait — and goes when the
// connection is back.
import { act, screen, waitFor } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { API, renderApp, server } from "./support/render-app.tsx"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const OFFLINE = /^You are offline\. Pages you opened before and the content kept on this device still work/

const offlineStatus = () => screen.queryAllByRole("status").find((status) => OFFLINE.test(status.textContent ?? ""))

describe("the offline banner", () => {
  it("is not there online, says what works when the browser goes offline, and goes when it is back", async () => {
    await renderApp("/")
    expect(offlineStatus()).toBeUndefined()
    act(() => void window.dispatchEvent(new Event("offline")))
    await waitFor(() => expect(offlineStatus()).toBeDefined())
    expect(offlineStatus()).toHaveTextContent("Notes you write are kept on this device until you are back online")
    // It stands above the page's header.
    expect(offlineStatus()!.compareDocumentPosition(screen.getByRole("banner"))).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
    act(() => void window.dispatchEvent(new Event("online")))
    await waitFor(() => expect(offlineStatus()).toBeUndefined())
  })

  it("shows when the calls cannot reach the server, in the interface's language", async () => {
    server.use(http.all(`${API}/api/*`, () => HttpResponse.error()))
    await renderApp("/", { language: "de" })
    expect(
      await screen.findByText(
        /Seiten, die du schon geöffnet hast, und die Inhalte auf diesem Gerät funktionieren weiter/,
        {},
        { timeout: 5000 },
      ),
    ).toHaveAttribute("role", "status")
  })
})

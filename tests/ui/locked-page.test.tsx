// A locked content page as a visitor meets it: titled and headed by its public facts — a point by
// its code and pinyin, its name, and the channel it lies on (an extra point has none) — and the
// document title the server writes into the page's head for it (page-head.ts) is the same.
import { screen, waitFor } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { plans } from "../support/point-fixtures.ts"
import { API, renderApp, server } from "./support/render-app.tsx"
import { userEvent } from "./support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const locked = (slug: string, item: Record<string, unknown>) =>
  server.use(
    http.get(`${API}/api/point/${slug}`, () =>
      HttpResponse.json({ _tag: "Locked", message: "This is part of Jingluo Pro", item }),
    ),
    http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
  )

/** The first locked page offers the lite upgrade modal by itself; the page is read behind it once it is closed. */
const closeOffer = async () => {
  await screen.findByRole("dialog", { name: "This is part of Jingluo Pro" })
  await userEvent.setup().keyboard("{Escape}")
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
}

describe("a locked point page", () => {
  it("names the point, its channel, and that it is part of Pro", async () => {
    locked("st-36-zusanli", {
      kind: "point",
      code: "ST-36",
      pinyin: "Zúsānlǐ",
      name: "Leg Three Miles",
      channel: "Stomach Channel of Foot Yangming",
    })
    await renderApp("/point/st-36-zusanli")
    await closeOffer()
    expect(await screen.findByRole("heading", { level: 1, name: "ST-36 Zúsānlǐ" })).toBeInTheDocument()
    expect(screen.getByText("Leg Three Miles")).toBeInTheDocument()
    expect(screen.getByText("Channel: Stomach Channel of Foot Yangming")).toBeInTheDocument()
    expect(screen.getByText("This point is part of Jingluo Pro.")).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe("ST-36 Zúsānlǐ · Jingluo"))
  })

  it("an extra point has no channel to name", async () => {
    locked("ex-hn3-yintang", { kind: "point", code: "EX-HN3", pinyin: "Yìntáng", name: "Hall of Impression" })
    await renderApp("/point/ex-hn3-yintang")
    await closeOffer()
    expect(await screen.findByRole("heading", { level: 1, name: "EX-HN3 Yìntáng" })).toBeInTheDocument()
    expect(screen.queryByText(/^Channel:/)).toBeNull()
  })
})

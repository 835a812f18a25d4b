// The safety test in the views: listed among the test types, and its result showing the question,
// the four points, the right one and why (the flag's sentence) in the review.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { PresentedPoint } from "../../src/domain/self-tests/question.ts"
import { API, renderApp, server } from "./support/render-app.tsx"
import { freshState, result, selfTestHandlers, TEST_ID } from "./support/self-test-api.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const point = (code: string, name: string): PresentedPoint => ({
  code,
  pinyin: "p",
  hanzi: { traditional: "穴", simplified: "穴" },
  name,
})
const REASON = "Contraindicated in pregnancy: it moves qi and blood downward."

describe("the safety test", () => {
  it("is listed among the test types", async () => {
    server.use(...selfTestHandlers(freshState()))
    await renderApp("/test/", { signedIn: true })
    expect(await screen.findByText("2 points are due for review.", {}, { timeout: 4000 })).toBeInTheDocument()
    const link = screen.getByRole("link", { name: "Safety test" })
    expect(link).toHaveAttribute("href", "/test/new/safety-test")
  })

  it("says in the review which point is right and why", async () => {
    const reviewed = result({
      type: "safety-test",
      review: [
        {
          question: {
            prompt: { kind: "safety-pregnancy" },
            options: [
              { _tag: "Point", point: point("LU-9", "Great Abyss") },
              { _tag: "Point", point: point("LI-4", "Joining Valley") },
              { _tag: "Point", point: point("LU-5", "Cubit Marsh") },
              { _tag: "Point", point: point("LI-11", "Pool at the Bend") },
            ],
            answerMode: "choice",
          },
          given: { _tag: "Choice", index: 0 },
          right: false,
          answer: { _tag: "Choice", index: 1 },
          textLanguage: "en",
          points: [{ code: "LI-4", slug: "li-4-hegu", name: "Joining Valley" }],
          reason: REASON,
        },
      ],
    })
    server.use(...selfTestHandlers(freshState()))
    server.use(http.get(`${API}/api/test/:id/result`, () => HttpResponse.json(reviewed)))
    await renderApp(`/get/results?test=${TEST_ID}`, { signedIn: true })
    expect(await screen.findByRole("heading", { name: /Safety test/ }, { timeout: 4000 })).toBeInTheDocument()
    const prompt = await screen.findByText(/Which of these points must not be needled in pregnancy\?/)
    const item = prompt.closest("li")!
    await waitFor(() => expect(item).toHaveTextContent("Your answerLU-9 p 穴 — Great Abyss"))
    expect(item).toHaveTextContent("Right answerLI-4 p 穴 — Joining Valley")
    expect(item).toHaveTextContent(`Why: ${REASON}`)
    expect(within(item).getByRole("link", { name: "LI-4 Joining Valley" })).toHaveAttribute("href", "/point/li-4-hegu")
  })
})

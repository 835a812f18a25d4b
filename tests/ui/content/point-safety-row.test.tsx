// The point page's safety row as a learner meets it: a list named "Safety:" under the header, one
// item per flag with words (never colour alone), each a link to the needling sentence that states
// it and described by that sentence; a point without flags has no row; axe finds nothing.
import { screen, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { pointPage } from "../../support/point-fixtures.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { lu9PageHandlers } from "../support/point-page-api.ts"
import { API, renderApp, server } from "../support/render-app.tsx"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const PREGNANCY = "Contraindicated in pregnancy: it moves qi and blood downward."
const ARTERY = "The radial artery passes deep into the palm here."
const PLEURA = "A deep needle can pierce the pleura."
const DEPTH = "Never deeper than 1.5 cun."
const MOXA = "Classical texts prohibit moxibustion here."

const base = pointPage("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan")
const flagged = {
  ...base,
  needling: {
    ...base.needling,
    cautions: [ARTERY, PLEURA, DEPTH],
    contraindications: [PREGNANCY, MOXA],
    moxibustion: "contraindicated",
  },
  safety: {
    pregnancy: { level: "contraindicated", reason: PREGNANCY, source: { list: "contraindications", index: 0 } },
    organsBeneath: [
      { id: "lung-pleura", label: "lung and pleura", reason: PLEURA, source: { list: "cautions", index: 1 } },
    ],
    vessels: [{ id: "radial-artery", label: "radial artery", reason: ARTERY, source: { list: "cautions", index: 0 } }],
    nerves: [{ id: "median-nerve", label: "median nerve", reason: ARTERY, source: { list: "cautions", index: 0 } }],
    needlingDepthLimit: { cun: 1.5, reason: DEPTH, source: { list: "cautions", index: 2 } },
    children: { level: "caution", reason: DEPTH, source: { list: "cautions", index: 2 } },
  },
} as const

const showPoint = async (page: Record<string, unknown>, language?: "de") => {
  server.use(
    http.get(`${API}/api/point/lu-9-taiyuan`, () => HttpResponse.json(page)),
    ...lu9PageHandlers(),
  )
  await renderApp("/point/lu-9-taiyuan", language ? { language } : {})
  await screen.findByRole("heading", { level: 1, name: /LU-9/ }, { timeout: 10_000 })
}

describe("the safety row", () => {
  it("lists every flag as a link to its sentence, described by it", async () => {
    await showPoint(flagged)
    const row = screen.getByRole("list", { name: "Safety:" })
    const links = within(row).getAllByRole("link")
    expect(links.map((l) => l.textContent)).toEqual([
      "Forbidden in pregnancy",
      "Care in children",
      "Lung and pleura beneath",
      "Radial artery",
      "Median nerve",
      "Not deeper than 1.5 cun",
      "No moxibustion",
    ])
    const link = (name: string) => within(row).getByRole("link", { name })
    expect(link("Forbidden in pregnancy")).toHaveAttribute("href", "#contraindication-0")
    expect(link("Forbidden in pregnancy")).toHaveAccessibleDescription(PREGNANCY)
    expect(link("Lung and pleura beneath")).toHaveAttribute("href", "#caution-1")
    expect(link("Radial artery")).toHaveAccessibleDescription(ARTERY)
    expect(link("Not deeper than 1.5 cun")).toHaveAttribute("href", "#caution-2")
    // "No moxibustion" links to the sentence that forbids it.
    expect(link("No moxibustion")).toHaveAttribute("href", "#contraindication-1")
    expect(link("No moxibustion")).toHaveAccessibleDescription(MOXA)
    // Every link's target is the sentence itself, in the needling section's cautions.
    const cautions = screen.getByRole("complementary", { name: /Cautions/ })
    for (const l of links) {
      const target = document.getElementById(l.getAttribute("href")!.slice(1))
      expect(cautions).toContainElement(target)
    }
    expect(document.getElementById("contraindication-0")).toHaveTextContent(PREGNANCY)
    // The reasons are descriptions only: not read a second time as text of the list.
    expect(screen.queryByText(PREGNANCY, { selector: "ul[aria-labelledby] *" })).not.toBeVisible()
    // The row comes before Location.
    const location = screen.getByRole("heading", { level: 2, name: "Location" })
    expect(row.compareDocumentPosition(location) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expectNoAxeViolations()
  })

  it("is reached with the keyboard and every flag has an icon hidden from reading", async () => {
    await showPoint(flagged)
    const row = screen.getByRole("list", { name: "Safety:" })
    for (const icon of row.querySelectorAll("svg")) expect(icon).toHaveAttribute("aria-hidden", "true")
    expect(row.querySelectorAll("svg")).toHaveLength(7)
    const user = userEvent.setup()
    const first = within(row).getByRole("link", { name: "Forbidden in pregnancy" })
    while (document.activeElement !== first) await user.tab()
    await user.tab()
    expect(within(row).getByRole("link", { name: "Care in children" })).toHaveFocus()
  })

  it("speaks the page's language, numbers included", async () => {
    await showPoint(
      {
        ...flagged,
        safety: {
          ...flagged.safety,
          organsBeneath: [{ ...flagged.safety.organsBeneath[0], label: "Lunge und Pleura" }],
          vessels: [{ ...flagged.safety.vessels[0], label: "A. radialis" }],
        },
      },
      "de",
    )
    const row = screen.getByRole("list", { name: "Sicherheit:" })
    expect(within(row).getByRole("link", { name: "In der Schwangerschaft verboten" })).toBeInTheDocument()
    expect(within(row).getByRole("link", { name: "Lunge und Pleura darunter" })).toBeInTheDocument()
    expect(within(row).getByRole("link", { name: "Nicht tiefer als 1,5 Cun" })).toBeInTheDocument()
  })

  it("a point without flags shows no row", async () => {
    await showPoint(base)
    expect(screen.queryByRole("list", { name: "Safety:" })).toBeNull()
    expect(screen.queryByText("Safety:")).toBeNull()
  })
})

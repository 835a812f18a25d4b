// The sharing page as a member meets it: the account menu's entry (English only; the Pro badge and
// the upgrade modal for anyone without Pro), the locked page for a Standard member who types the
// address, the form by mouse and by keyboard (Share disabled with its reason, the preview dialog
// with the player, the consent question and where the cursor goes), the list (revoking after its
// question, the cursor on the row's status), and axe (WCAG 2.2 A/AA) on the page.
import { screen, waitFor, within } from "@testing-library/react"
import { HttpResponse, http } from "msw"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { shareLabel } from "../../../src/domain/acupressure/patient-sharing.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { API, dashboard, renderApp, server } from "../support/render-app.tsx"
import { rememberProMember, sharingHandlers } from "../support/sharing-api.ts"
import { VIDEOS } from "../support/sharing-data.ts"
import { userEvent } from "../support/user.ts"

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const PATH = "/acupressure-videos"
const openAsPro = async (options: Parameters<typeof sharingHandlers>[0] = {}) => {
  const fake = sharingHandlers(options)
  server.use(...fake.handlers)
  rememberProMember()
  const app = await renderApp(PATH)
  await screen.findByRole("heading", { level: 1, name: "Acupressure videos" })
  await screen.findByRole("group", { name: "Videos" })
  return { ...app, ...fake }
}

const emailField = () => screen.getByRole("textbox", { name: "Patient's e-mail address" })
const consentBox = () => screen.getByRole("checkbox", { name: "My patient agreed to receive this e-mail" })
const shareButton = () => screen.getByRole("button", { name: /^Share/ })
const table = () => screen.findByRole("table", { name: "Links you have sent, newest first" })

describe("the account menu's Acupressure videos entry", () => {
  it("opens the page for a Pro member", async () => {
    server.use(...sharingHandlers().handlers)
    rememberProMember()
    const user = userEvent.setup()
    await renderApp("/about")
    await user.click(screen.getByRole("button", { name: /My account/ }))
    await user.click(await screen.findByRole("menuitem", { name: "Acupressure videos" }, { timeout: 30000 }))
    // The English texts a German interface shows here load when the page first asks for them; on a
    // cold run (a fresh clone) their first import is transformed inside this wait.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acupressure videos" }, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(window.location.pathname).toBe(PATH)
  })

  it("shows the Pro badge to a Standard member and opens the upgrade modal instead, by keyboard", async () => {
    server.use(http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)))
    server.use(http.get(`${API}/api/plan-list`, () => HttpResponse.json([])))
    const user = userEvent.setup()
    await renderApp("/about", { signedIn: true })
    screen.getByRole("button", { name: /My account/ }).focus()
    await user.keyboard("{Enter}")
    const entry = await screen.findByRole("menuitem", { name: /^Acupressure videos/ })
    expect(entry).toHaveTextContent("Pro")
    entry.focus()
    await user.keyboard("{Enter}")
    expect(await screen.findByRole("dialog")).toBeInTheDocument()
    expect(window.location.pathname).toBe("/about")
  })

  it.each(["de", "es"] as const)("is not offered when the interface is in %s", async (language) => {
    server.use(...sharingHandlers().handlers)
    rememberProMember()
    const user = userEvent.setup()
    await renderApp("/about", { language })
    await user.click(screen.getAllByRole("button", { name: /Mein Konto|Mi cuenta/ })[0]!)
    const menu = await screen.findByRole("menu")
    expect(within(menu).getAllByRole("menuitem").length).toBeGreaterThan(3)
    expect(within(menu).queryByRole("menuitem", { name: /Akupressur|acupresión|Acupressure/i })).toBeNull()
  })
})

describe("the sharing page", () => {
  it("shows a Standard member who types the address the locked page with the upgrade offer, never the form", async () => {
    server.use(...sharingHandlers({ pro: false }).handlers)
    server.use(http.get(`${API}/api/plan-list`, () => HttpResponse.json([])))
    const user = userEvent.setup()
    await renderApp(PATH, { signedIn: true })
    // The upgrade modal offers itself (once a session); closed, the page offers it again.
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(screen.getByText("Sharing acupressure videos with your patients is part of Jingluo Pro.")).toBeVisible()
    expect(screen.queryByRole("textbox", { name: "Patient's e-mail address" })).toBeNull()
    expect(screen.queryByRole("table")).toBeNull()
    await user.click(screen.getByRole("button", { name: "See Pro plans" }))
    expect(await screen.findByRole("dialog")).toBeInTheDocument()
  })

  it("sends a visitor to sign in, to come back here", async () => {
    await renderApp(PATH)
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument()
    expect(window.location.pathname + window.location.search).toBe(`/login?next=${encodeURIComponent(PATH)}`)
  })

  it("is in English in German too, and passes axe", async () => {
    server.use(...sharingHandlers().handlers)
    rememberProMember()
    await renderApp(PATH, { language: "de" })
    // The English texts a German interface shows here load when the page first asks for them; on a
    // cold run (a fresh clone) their first import is transformed inside this wait.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acupressure videos" }, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(await screen.findByRole("group", { name: "Videos" })).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1 }).closest("[lang]")).toHaveAttribute("lang", "en")
    await table()
    await expectNoAxeViolations()
  })

  it("lists the videos with posters, labels cut to 30 characters named in full, and lengths", async () => {
    await openAsPro()
    const group = screen.getByRole("group", { name: "Videos" })
    const boxes = within(group).getAllByRole("checkbox")
    expect(boxes).toHaveLength(3)
    expect(within(group).getByRole("checkbox", { name: "ST-36 to settle the stomach after meals" })).toBeInTheDocument()
    expect(within(group).getByText(shareLabel(VIDEOS[2]!.title))).toBeInTheDocument()
    expect(shareLabel(VIDEOS[2]!.title)).toHaveLength(30)
    expect(within(group).getByText("1:35 min")).toBeInTheDocument()
    expect(group.querySelectorAll("img[alt='']")).toHaveLength(3)
  })

  it("keeps Share disabled, saying why, until a video is chosen", async () => {
    await openAsPro()
    const user = userEvent.setup()
    expect(shareButton()).toBeDisabled()
    expect(shareButton()).toHaveAccessibleDescription("Choose at least one video to share.")
    await user.click(screen.getByRole("checkbox", { name: "PC-6 for nausea" }))
    expect(shareButton()).toBeEnabled()
    expect(shareButton()).not.toHaveAccessibleDescription("Choose at least one video to share.")
  })

  it("previews a video in a dialog with the player (English captions, transcript); closing returns to its button", async () => {
    await openAsPro()
    const user = userEvent.setup()
    const preview = screen.getByRole("button", { name: "Preview LI-4 for headaches" })
    await user.click(preview)
    const dialog = await screen.findByRole("dialog", { name: "Preview: LI-4 for headaches" })
    expect(within(dialog).getByRole("group", { name: /LI-4 for headaches/ })).toBeInTheDocument()
    expect(within(dialog).getByRole("heading", { name: "Transcript" })).toBeInTheDocument()
    expect(within(dialog).getByRole("button", { name: /Press gently in small circles/ })).toBeInTheDocument()
    expect(dialog.querySelector("track[srclang='en']")).not.toBeNull()
    expect(within(dialog).getByRole("button", { name: "Captions" })).toHaveAttribute("aria-pressed", "true")
    await user.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await waitFor(() => expect(screen.getByRole("button", { name: "Preview LI-4 for headaches" })).toHaveFocus())
  })

  it("asks about consent by keyboard: Cancel returns to the box, Yes ticks it and sends; sent is announced", async () => {
    const { server: fake } = await openAsPro()
    const user = userEvent.setup()
    await user.click(emailField())
    await user.keyboard("june@example.com")
    await user.tab()
    // Tab from the address lands in the videos; Space ticks the first.
    expect(screen.getByRole("checkbox", { name: "LI-4 for headaches" })).toHaveFocus()
    await user.keyboard(" ")
    consentBox().focus()
    shareButton().focus()
    await user.keyboard("{Enter}")
    const question = await screen.findByRole("alertdialog", { name: "Did your patient agree to be e-mailed?" })
    expect(within(question).getByRole("button", { name: "Yes, they agreed" })).toHaveFocus()
    await user.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
    await waitFor(() => expect(consentBox()).toHaveFocus())
    expect(consentBox()).not.toBeChecked()
    expect(fake.sent).toEqual([])

    await user.tab()
    expect(shareButton()).toHaveFocus()
    await user.keyboard("{Enter}")
    await user.click(await screen.findByRole("button", { name: "Yes, they agreed" }))
    await waitFor(() => expect(fake.sent).toEqual([{ email: "june@example.com", videos: [expect.any(String)] }]))
    expect(
      await screen.findByText("Sent to j•••@example.com — the link works until 30 Dec 2026", {
        selector: "[role=status]",
      }),
    ).toBeInTheDocument()
    await waitFor(() => expect(emailField()).toHaveFocus())
    expect(emailField()).toHaveValue("")
    expect(consentBox()).not.toBeChecked()
    expect(screen.getByRole("checkbox", { name: "LI-4 for headaches" })).not.toBeChecked()
    // The list below shows the new share first.
    const rows = within(await table()).getAllByRole("row")
    await waitFor(() => expect(within(rows[1]!).getByRole("rowheader")).toHaveTextContent("j•••@example.com"))
    expect(await screen.findByText("You can share 18 more times today.")).toBeInTheDocument()
  })

  it("turns back a bad address at the field, and focuses it", async () => {
    const { server: fake } = await openAsPro()
    const user = userEvent.setup()
    await user.type(emailField(), "june@")
    await user.click(screen.getByRole("checkbox", { name: "PC-6 for nausea" }))
    await user.click(consentBox())
    await user.click(shareButton())
    expect(emailField()).toHaveAccessibleDescription(/Invalid Email/)
    expect(emailField()).toHaveFocus()
    expect(fake.sent).toEqual([])
  })
})

describe("the list of shares", () => {
  it("says how many more shares today, the statuses, and revokes after its question; the cursor lands on the status", async () => {
    const { server: fake } = await openAsPro()
    const user = userEvent.setup()
    const shares = await table()
    expect(screen.getByText("You can share 19 more times today.")).toBeInTheDocument()
    expect(within(shares).getByText("Active until 29 Dec 2026")).toBeInTheDocument()
    expect(within(shares).getByText("Expired")).toBeInTheDocument()
    expect(within(shares).getByText("Revoked")).toBeInTheDocument()
    expect(within(shares).getAllByRole("button", { name: /^Revoke/ })).toHaveLength(1)
    const revoke = within(shares).getByRole("button", {
      name: "Revoke the link sent to j•••@example.com on 29 Nov 2026",
    })

    await user.click(revoke)
    await user.keyboard("{Escape}")
    await waitFor(() => expect(screen.getByRole("button", { name: /^Revoke the link/ })).toHaveFocus())
    expect(fake.revoked).toEqual([])

    await user.keyboard("{Enter}")
    const question = await screen.findByRole("alertdialog", {
      name: "Revoke this link? The patient will no longer be able to watch these videos.",
    })
    await user.click(within(question).getByRole("button", { name: "Yes, revoke" }))
    await waitFor(() => expect(fake.revoked).toEqual(["s-3"]))
    await waitFor(() => expect(document.activeElement).toHaveTextContent("Revoked"))
    expect(within(shares).getAllByText("Revoked")).toHaveLength(2)
    expect(screen.getByText("The link sent to j•••@example.com is revoked.")).toBeInTheDocument()
    expect(within(shares).queryByRole("button", { name: /^Revoke/ })).toBeNull()
  })

  it("says when nothing was shared yet", async () => {
    await openAsPro({ shares: [] })
    expect(await screen.findByText("You have not shared any videos yet.")).toBeInTheDocument()
    expect(screen.queryByRole("table")).toBeNull()
  })
})

// The confirmation question: the confirming button takes focus; Escape answers "no" to the question
// only (what holds it — a menu, a modal — does not see the key); focus goes back to the button that
// asked, when the question is gone and that button is still there.
import { render, screen } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it, vi } from "vitest"
import { ConfirmDialog } from "../../src/ui/shared/components/ConfirmDialog.tsx"
import { userEvent } from "./support/user.ts"

const Asking = ({ onConfirm, onOuterEscape }: { onConfirm: () => void; onOuterEscape: () => void }) => {
  const [asking, setAsking] = useState(false)
  const [gone, setGone] = useState(false)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stands for a menu that closes on Escape
    <div
      onKeyDown={(event) => {
        if (event.key === "Escape") onOuterEscape()
      }}
    >
      {gone ? null : (
        <button type="button" onClick={() => setAsking(true)}>
          Delete Exam
        </button>
      )}
      {asking ? (
        <ConfirmDialog
          question="Delete the group “Exam”?"
          confirmLabel="Delete"
          cancelLabel="Cancel"
          destructive
          onConfirm={() => {
            onConfirm()
            setGone(true)
            setAsking(false)
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  )
}

const setup = () => {
  const onConfirm = vi.fn()
  const onOuterEscape = vi.fn()
  render(<Asking onConfirm={onConfirm} onOuterEscape={onOuterEscape} />)
  return { onConfirm, onOuterEscape, user: userEvent.setup() }
}

describe("ConfirmDialog", () => {
  it("Escape answers no to the question only, and focus goes back to the button that asked", async () => {
    const { onConfirm, onOuterEscape, user } = setup()
    await user.tab()
    expect(screen.getByRole("button", { name: "Delete Exam" })).toHaveFocus()
    await user.keyboard("{Enter}")
    const dialog = screen.getByRole("alertdialog", { name: "Delete the group “Exam”?" })
    expect(dialog).toBeVisible()
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus())
    await user.keyboard("{Escape}")
    expect(screen.queryByRole("alertdialog")).toBeNull()
    expect(onOuterEscape).not.toHaveBeenCalled()
    expect(onConfirm).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Delete Exam" })).toHaveFocus())
    // Outside the question, Escape is the holder's again.
    await user.keyboard("{Escape}")
    expect(onOuterEscape).toHaveBeenCalledTimes(1)
  })

  it("Cancel by mouse also hands focus back to the button that asked", async () => {
    const { user } = setup()
    await user.click(screen.getByRole("button", { name: "Delete Exam" }))
    await user.click(screen.getByRole("button", { name: "Cancel" }))
    expect(screen.queryByRole("alertdialog")).toBeNull()
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Delete Exam" })).toHaveFocus())
  })

  it("confirming when the asking button goes away leaves focus to the page", async () => {
    const { onConfirm, user } = setup()
    await user.click(screen.getByRole("button", { name: "Delete Exam" }))
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus())
    await user.keyboard("{Enter}")
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole("button", { name: "Delete Exam" })).toBeNull()
    expect(screen.queryByRole("alertdialog")).toBeNull()
  })
})

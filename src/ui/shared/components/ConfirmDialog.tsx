// A question the user answers before something that cannot be taken back (signing out, cancelling
// a subscription, deleting a group): a React Aria dialog with the alertdialog role, shown in place
// of the buttons that asked, so it stays inside whatever holds it (a page, a menu, the upgrade
// modal). The confirming button takes focus; the other one keeps things as they were. Escape
// answers "no" to this question only (the menu or modal around it stays open), and when the
// question goes away focus goes back to the button that asked it, if that button is still there
// (or was drawn again with the same id, where the question took its place).
import { type KeyboardEvent, useEffect, useState } from "react"
import { Dialog } from "react-aria-components/Dialog"
import { Button } from "./Button.tsx"

export interface ConfirmDialogProps {
  /** The question, shown and read out as the dialog's name. */
  readonly question: string
  readonly confirmLabel: string
  readonly cancelLabel: string
  readonly onConfirm: () => void
  readonly onCancel: () => void
  /** The confirming button reads as destructive (cancelling a subscription). */
  readonly destructive?: boolean
}

/** The element that had focus when the question appeared: the button that asked it. */
const useReturnFocus = () => {
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  )
  useEffect(
    () => () => {
      // After the dialog has left the page; a caller that moved focus on purpose meanwhile wins.
      queueMicrotask(() => {
        const lost = document.activeElement === null || document.activeElement === document.body
        // A button drawn anew in its place (the question replaced it) is found by its id.
        const target = opener?.isConnected ? opener : opener?.id ? document.getElementById(opener.id) : null
        if (target && lost) target.focus()
      })
    },
    [opener],
  )
}

export const ConfirmDialog = ({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  destructive = false,
}: ConfirmDialogProps) => {
  useReturnFocus()
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return
    event.stopPropagation()
    event.preventDefault()
    onCancel()
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape reaches the dialog's buttons through here
    <div className="confirm-dialog" onKeyDown={onKeyDown}>
      <Dialog role="alertdialog" aria-label={question} className="form-message notice">
        <p>{question}</p>
        <div className="button-row">
          <Button variant={destructive ? "danger" : "primary"} autoFocus onPress={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      </Dialog>
    </div>
  )
}

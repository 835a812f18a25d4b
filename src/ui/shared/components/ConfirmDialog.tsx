// A question the user answers before something that cannot be taken back (signing out, cancelling
// a subscription): a React Aria dialog with the alertdialog role, shown in place of the buttons that
// asked, so it stays inside whatever holds it (a page, or the upgrade modal). The confirming button
// takes focus; the other one keeps things as they were.
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

export const ConfirmDialog = ({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  destructive = false,
}: ConfirmDialogProps) => (
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
)

// The choice a save that met a newer note asks for (§4 notes): the note changed in another tab or
// on another device, so the learner keeps theirs, keeps their own over it, or keeps both texts
// joined. An alert dialog, so it is read out as it opens; it cannot be dismissed without a choice,
// and when it closes focus goes back to where it was (the note field).
import { useEffect, useRef } from "react"
import { Dialog, Heading } from "react-aria-components/Dialog"
import { Modal, ModalOverlay } from "react-aria-components/Modal"
import { useTranslation } from "react-i18next"
import { Button } from "../shared/components/Button.tsx"

export interface NoteConflictDialogProps {
  readonly isOpen: boolean
  /** The text stored meanwhile; null when the note was deleted there. */
  readonly theirs: string | null
  readonly onKeepMine: () => void
  readonly onTakeTheirs: () => void
  readonly onKeepBoth: () => void
}

export const NoteConflictDialog = ({
  isOpen,
  theirs,
  onKeepMine,
  onTakeTheirs,
  onKeepBoth,
}: NoteConflictDialogProps) => {
  const { t } = useTranslation("notes")
  // Focus is on the first choice as the dialog opens. React Aria's autofocus waits for the page's
  // transitions to end when the field was focused without a key or a pointer (as assistive
  // technology and automation do); the choice is asked for now, so it takes focus at once.
  const keepMine = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (isOpen) keepMine.current?.focus()
  }, [isOpen])
  return (
    <ModalOverlay isOpen={isOpen} isDismissable={false} isKeyboardDismissDisabled className="modal-overlay">
      <Modal className="modal size-md">
        <Dialog role="alertdialog" className="dialog note-conflict">
          <div className="modal-header">
            <Heading slot="title">{t("conflict.title")}</Heading>
          </div>
          <div className="modal-body">
            <p>{t("conflict.body")}</p>
            {theirs === null ? (
              <p>{t("conflict.deleted")}</p>
            ) : (
              <>
                <p>{t("conflict.theirs")}</p>
                <blockquote className="note-conflict-theirs">{theirs}</blockquote>
              </>
            )}
          </div>
          <div className="modal-footer note-conflict-choices">
            <Button ref={keepMine} onPress={onKeepMine}>
              {t("conflict.keepMine")}
            </Button>
            <Button variant="secondary" onPress={onTakeTheirs}>
              {t("conflict.takeTheirs")}
            </Button>
            <Button variant="secondary" onPress={onKeepBoth}>
              {t("conflict.keepBoth")}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

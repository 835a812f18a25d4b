// The generic modal of §2 (drawn by Modal.tsx once it is first opened): centred and scrollable,
// size xl by default, full screen below the medium breakpoint unless `screenSize` is set, an
// optional close button and an optional footer with a verify button (disabled by default) and a
// cancel button. Open state follows `isOpen`.
import { Dialog, Heading } from "react-aria-components/Dialog"
import { Modal as AriaModal, ModalOverlay } from "react-aria-components/Modal"
import { useTranslation } from "react-i18next"
import { Button } from "./Button.tsx"
import type { ModalProps } from "./Modal.tsx"

export const ModalDialog = ({
  isOpen,
  onOpenChange,
  title,
  children,
  size = "xl",
  screenSize,
  showClose = true,
  footer,
  onClose,
}: ModalProps) => {
  const { t } = useTranslation("common")
  const fullscreen = screenSize === undefined ? "fullscreen-small" : ""
  const close = () => {
    onOpenChange(false)
    onClose?.()
  }
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      isDismissable
      className={`modal-overlay ${fullscreen}`}
    >
      <AriaModal className={`modal size-${screenSize ?? size} ${fullscreen}`}>
        <Dialog className="dialog">
          <div className="modal-header">
            <Heading slot="title">{title}</Heading>
            {showClose ? (
              <Button variant="quiet" onPress={close} aria-label={t("modal.close")}>
                ✕
              </Button>
            ) : null}
          </div>
          <div className="modal-body">{children}</div>
          {footer ? (
            <div className="modal-footer">
              <Button
                variant="secondary"
                onPress={() => {
                  footer.onCancel?.()
                  close()
                }}
              >
                {footer.cancelLabel ?? t("modal.cancel")}
              </Button>
              <Button onPress={footer.onVerify} isDisabled={footer.verifyDisabled ?? true}>
                {footer.verifyLabel}
              </Button>
            </div>
          ) : null}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  )
}

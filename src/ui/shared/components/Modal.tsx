// The generic modal of §2 (ModalDialog.tsx draws it). Its script — React Aria's modal, dialog and
// their focus and overlay handling — is not in the app's entry: it loads when the browser is idle
// after the first render (App preloads it with the shell's other parts) or when a modal is first
// opened, and from then on the modal stays drawn, so it opens and closes as React Aria's does.
import { type ReactNode, useState } from "react"
import { lazyModule, PAGE_PART } from "./lazy-part.tsx"

export type ModalSize = "sm" | "md" | "lg" | "xl"

export interface ModalProps {
  readonly isOpen: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: string
  readonly children: ReactNode
  readonly size?: ModalSize
  /** When set, the modal keeps this size on small screens instead of going full screen. */
  readonly screenSize?: ModalSize
  readonly showClose?: boolean
  readonly footer?: {
    readonly verifyLabel: string
    readonly onVerify: () => void
    readonly verifyDisabled?: boolean
    readonly cancelLabel?: string
    readonly onCancel?: () => void
  }
  readonly onClose?: () => void
}

const dialogs = lazyModule(() => import("./ModalDialog.tsx"), PAGE_PART)
const ModalDialog = dialogs.part((m) => m.ModalDialog)

export const preloadModal = () => dialogs.preload().catch(() => undefined)

export const Modal = (props: ModalProps) => {
  const [opened, setOpened] = useState(props.isOpen)
  if (props.isOpen && !opened) setOpened(true)
  return opened ? <ModalDialog {...props} /> : null
}

// The dialog that asks who is there before the account's keys change (reauth-machine.ts): the
// current password, or for an account without one a button that mails a code and then the code.
// The cursor starts in the field (or on the button that sends the code, then in the code field once
// it is sent, and again after each new code) and goes back to what opened the dialog when it
// closes; a refused proof puts it in the field again, whose message is read with it; messages above
// the field are announced.
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { Subscribable } from "xstate"
import { CODE_LENGTH, CODE_TTL_MINUTES } from "../../domain/account/verification-limits.ts"
import type { ReauthContext, ReauthEvent } from "../../machines/account/reauth-machine.ts"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { TextField } from "../shared/components/TextField.tsx"

/** What the dialog reads of its flow, whatever call the flow guards. */
interface ReauthView {
  readonly context: ReauthContext<unknown, unknown>
  readonly hasTag: (tag: string) => boolean
  readonly can: (event: ReauthEvent) => boolean
}

export interface ReauthActor extends Subscribable<ReauthView> {
  readonly getSnapshot: () => ReauthView
  readonly send: (event: ReauthEvent) => void
}

export interface ReauthDialogProps {
  readonly actor: ReauthActor
  readonly title: string
  /** What the proof is for, said above the field. */
  readonly text: string
  readonly confirmLabel: string
  readonly cancelLabel?: string
  /** The confirming button reads as destructive (deleting the account). */
  readonly destructive?: boolean
}

/** The dialog's field (the password or the code) takes the cursor. */
const focusField = (form: HTMLFormElement | null) => form?.querySelector<HTMLInputElement>("input")?.focus()

/** A message key of the account namespace, or of common's catalogue. */
const keyOf = (key: string) => (key.includes(":") ? key : `common:${key}`)

export const ReauthDialog = ({
  actor,
  title,
  text,
  confirmLabel,
  cancelLabel,
  destructive = false,
}: ReauthDialogProps) => {
  const { t } = useTranslation(["account", "common"])
  const method = useSelector(actor, (s) => s.context.method)
  const email = useSelector(actor, (s) => s.context.email)
  const value = useSelector(actor, (s) => s.context.value)
  const error = useSelector(actor, (s) => s.context.error)
  const formError = useSelector(actor, (s) => s.context.formError)
  const codeSent = useSelector(actor, (s) => s.context.codeSent)
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits)
  const sending = useSelector(actor, (s) => s.hasTag("sending"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const canSend = useSelector(actor, (s) => s.can({ type: "code.send" }))
  const formRef = useRef<HTMLFormElement>(null)
  // A refused proof: the (emptied) field takes the cursor again.
  useEffect(() => {
    if (rejected > 0) focusField(formRef.current)
  }, [rejected])
  // A new code sent (the field is there already): the cursor goes back into it for the new code.
  const wasSending = useRef(sending)
  useEffect(() => {
    if (wasSending.current && !sending && codeSent && formError === null) focusField(formRef.current)
    wasSending.current = sending
  }, [sending, codeSent, formError])
  const close = () => actor.send({ type: "dialog.close" })
  const send = () => actor.send({ type: "code.send" })
  const askingForCode = method === "code" && !codeSent
  return (
    <Modal
      isOpen
      size="sm"
      title={title}
      onOpenChange={(open) => {
        if (!open) close()
      }}
    >
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send(askingForCode ? { type: "code.send" } : { type: "proof.submit" })
        }}
      >
        <p>{text}</p>
        <FormMessage kind="error">{formError ? t(keyOf(formError)) : null}</FormMessage>
        {method === "code" ? (
          <FormMessage kind="notice">
            {codeSent
              ? t("account:reauth.codeSent", { email, minutes: CODE_TTL_MINUTES })
              : t("account:reauth.codeIntro", { email })}
          </FormMessage>
        ) : null}
        {method === "password" ? (
          <TextField
            name="current_password"
            type="password"
            label={t("account:password.old")}
            autoComplete="current-password"
            value={value}
            autoFocus
            errorMessage={error ? t(keyOf(error)) : null}
            onChange={(next) => actor.send({ type: "proof.change", value: next })}
          />
        ) : codeSent ? (
          <TextField
            name="code"
            label={t("account:reauth.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            value={value}
            autoFocus
            errorMessage={error ? t(keyOf(error)) : null}
            onChange={(next) => actor.send({ type: "proof.change", value: next })}
          />
        ) : null}
        <div className="button-row">
          {askingForCode ? (
            <Button type="submit" autoFocus isPending={sending}>
              {t("account:reauth.sendCode")}
            </Button>
          ) : (
            <Button type="submit" variant={destructive ? "danger" : "primary"} isPending={busy && !sending}>
              {confirmLabel}
            </Button>
          )}
          {method === "code" && codeSent ? (
            // While a code is on its way the button is pending, not disabled: a disabled button
            // drops the cursor out of the dialog, and Escape would no longer close it.
            <Button variant="secondary" isDisabled={!canSend && !sending} isPending={sending} onPress={send}>
              {t("account:reauth.resendCode")}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={close}>
            {cancelLabel ?? t("account:reauth.cancel")}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

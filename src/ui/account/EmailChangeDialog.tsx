// The e-mail change dialog (§4): asks for the four-digit code sent to the new address and runs the
// e-mail change flow; a wrong code is cleared with the server's message and the dialog stays.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { UserData } from "../../domain/account/user.ts"
import { CODE_LENGTH } from "../../domain/account/verification-limits.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { TextField } from "../shared/components/TextField.tsx"

export const EmailChangeDialog = ({
  email,
  current,
  onConfirmed,
  onClose,
}: {
  readonly email: string
  readonly current: string
  readonly onConfirmed: (user: UserData) => void
  readonly onClose: () => void
}) => {
  const { t } = useTranslation(["account", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.accountSettings.emailChange, { input: { email } })
  const code = useSelector(actor, (s) => s.context.code)
  const error = useSelector(actor, (s) => s.context.error)
  const formError = useSelector(actor, (s) => s.context.formError)
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const status = useSelector(actor, (s) =>
    s.matches("confirmed") ? "confirmed" : s.matches("closed") ? "closed" : null,
  )
  const user = useSelector(actor, (s) => s.context.user)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (status === "confirmed" && user) onConfirmed(user)
    if (status === "closed") onClose()
  }, [status, user, onConfirmed, onClose])
  // A refused code: the cleared field takes the cursor again.
  useEffect(() => {
    if (rejected > 0) formRef.current?.querySelector<HTMLInputElement>("input")?.focus()
  }, [rejected])
  return (
    <Modal
      isOpen
      size="sm"
      title={t("account:emailChange.title")}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: "dialog.close" })
      }}
    >
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "code.submit" })
        }}
      >
        <p>{t("account:emailChange.text", { email, current })}</p>
        <FormMessage kind="error">
          {formError ? t(formError.includes(":") ? formError : `common:${formError}`) : null}
        </FormMessage>
        <TextField
          name="otp"
          label={t("account:emailChange.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          autoFocus
          errorMessage={error ? t(`common:${error}`) : null}
          onChange={(value) => actor.send({ type: "code.change", value })}
        />
        <div className="button-row">
          <Button type="submit" isPending={busy}>
            {t("account:emailChange.confirm")}
          </Button>
          <Button variant="secondary" onPress={() => actor.send({ type: "dialog.close" })}>
            {t("account:emailChange.cancel")}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

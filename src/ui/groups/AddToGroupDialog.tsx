// The dialog behind "Add to group" (AddToGroup.tsx), with its flow: the learner's groups and a field
// for a new one; the toast then says where the points went. Loaded on the button's first press; each
// press after that opens it again (`opens` grows), and closing it gives focus back to the button.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { Form } from "react-aria-components/Form"
import { useTranslation } from "react-i18next"
import type { AddMode } from "../../domain/groups/group-rules.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import "./groups.css"

export interface AddToGroupDialogProps {
  readonly mode: AddMode
  readonly id: string
  readonly label: string
  /** How many times the button was pressed: each new press opens the dialog. */
  readonly opens: number
  /** Called once the dialog is here (the button stops showing that it waits). */
  readonly onShown: () => void
}

const AddToGroupDialog = ({ mode, id, label, opens, onShown }: AddToGroupDialogProps) => {
  const { t } = useTranslation(["groups", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.groups.add, { input: { mode, id } })
  const isOpen = useSelector(actor, (s) => s.matches("open"))
  const loading = useSelector(actor, (s) => s.matches({ open: "loading" }))
  const failed = useSelector(actor, (s) => s.matches({ open: "failed" }))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const groups = useSelector(actor, (s) => s.context.groups)
  const draft = useSelector(actor, (s) => s.context.draft)
  const fieldError = useSelector(actor, (s) => s.context.fieldErrors.name)
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const error = useSelector(actor, (s) => s.context.error)
  const field = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (rejected > 0) field.current?.querySelector("input")?.focus()
  }, [rejected])

  useEffect(() => {
    if (opens > 0) actor.send({ type: "dialog.open" })
    onShown()
  }, [opens, actor, onShown])

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) actor.send({ type: "dialog.close" })
      }}
      title={t("groups:add.title", { item: label })}
      size="sm"
      screenSize="sm"
    >
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
      {failed ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "groups.retry" })}>
          {t("common:footer.retry")}
        </Button>
      ) : null}
      {!loading && !failed ? (
        <>
          {groups.length > 0 ? (
            <ul className="group-choices" aria-label={t("groups:add.choose")}>
              {groups.map((group) => (
                <li key={group.id}>
                  <Button
                    variant="secondary"
                    isDisabled={busy}
                    onPress={() => actor.send({ type: "group.choose", id: group.id })}
                  >
                    {group.name} <span>{t("groups:pointCount", { count: group.points.length })}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("groups:add.noGroups")}</p>
          )}
          <Form
            className="group-create"
            onSubmit={(event) => {
              event.preventDefault()
              actor.send({ type: "create.submit" })
            }}
          >
            <div ref={field}>
              <TextField
                label={t("groups:add.newGroup")}
                name="name"
                value={draft}
                onChange={(name) => actor.send({ type: "create.change", name })}
                errorMessage={fieldError ? t(`common:${fieldError}`) : null}
              />
            </div>
            <Button type="submit" isPending={busy}>
              {t("groups:add.createAndAdd")}
            </Button>
          </Form>
        </>
      ) : null}
    </Modal>
  )
}

export default AddToGroupDialog

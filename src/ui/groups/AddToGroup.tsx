// "Add to group" on a point page (one point) and a channel page (the whole channel): a button
// that opens a dialog listing the learner's groups and a field for a new one; the toast then says
// where the points went. Shown to signed-in learners only (groups belong to an account).
import { useActorRef, useSelector } from "@xstate/react"
import { Suspense, useEffect, useRef } from "react"
import { Form } from "react-aria-components/Form"
import { useTranslation } from "react-i18next"
import type { AddMode } from "../../domain/groups/group-rules.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Modal } from "../shared/components/Modal.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import "./groups.css"

export const AddToGroup = ({
  mode,
  id,
  label,
}: {
  readonly mode: AddMode
  readonly id: string
  readonly label: string
}) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  return signedIn ? (
    <Suspense fallback={null}>
      <AddToGroupButton mode={mode} id={id} label={label} />
    </Suspense>
  ) : null
}

const AddToGroupButton = ({
  mode,
  id,
  label,
}: {
  readonly mode: AddMode
  readonly id: string
  readonly label: string
}) => {
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

  const buttonLabel = mode === "channel" ? t("groups:add.channelButton") : t("groups:add.pointButton")
  return (
    <>
      <Button variant="secondary" onPress={() => actor.send({ type: "dialog.open" })}>
        {buttonLabel}
      </Button>
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
    </>
  )
}

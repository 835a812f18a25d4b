// The note field on a point page (§7 notes), for signed-in learners: a switch for the show-notes
// setting (§3, §4), so the feature can be found where it is used, and the note itself, saved as the
// learner types with "Saving…" / "Saved" announced politely. Offline and failures say where the text
// is kept; a conflict with another tab or device asks which text to keep. Nothing typed leaves the
// field unasked.
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useLayoutEffect, useState } from "react"
import { Switch } from "react-aria-components/Switch"
import { TextArea } from "react-aria-components/TextArea"
import { FieldError, Label, Text, TextField } from "react-aria-components/TextField"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { NOTE_MAX_LENGTH } from "../../domain/notes/note.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { lazyModule, PAGE_PART } from "../shared/components/lazy-part.tsx"
import "./notes.css"

// The conflict's dialog loads with the note editor, after the page, not with the page's script.
const conflictDialog = lazyModule(() => import("./NoteConflictDialog.tsx"), PAGE_PART)
const NoteConflictDialog = conflictDialog.part((m) => m.NoteConflictDialog)

const NoteEditor = ({ point }: { readonly point: string }) => {
  const { t } = useTranslation(["notes", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.notes.editor, { input: { point } })
  const text = useSelector(actor, (s) => s.context.text)
  const error = useSelector(actor, (s) => s.context.error)
  const settingError = useSelector(actor, (s) => s.context.settingError)
  const inConflict = useSelector(actor, (s) => s.hasTag("conflict"))
  // Drawn from the first conflict on, so React Aria closes it as it opened it.
  useEffect(() => void conflictDialog.preload().catch(() => undefined), [])
  const [conflictMet, setConflictMet] = useState(inConflict)
  if (inConflict && !conflictMet) setConflictMet(true)
  const theirs = useSelector(actor, (s) => s.context.stored?.text ?? null)
  const canType = useSelector(actor, (s) => s.can({ type: "note.change", text: "" }))
  const status = useSelector(actor, (s) =>
    s.matches("loading")
      ? "loading"
      : s.matches("loadFailed")
        ? "loadFailed"
        : s.matches("hidden") || s.matches("showing")
          ? "hidden"
          : s.matches({ visible: "editing" }) || s.matches({ visible: "saving" })
            ? "saving"
            : s.matches({ visible: "saved" })
              ? "saved"
              : s.matches({ visible: "failed" })
                ? "failed"
                : s.matches({ visible: "offline" })
                  ? "offline"
                  : "idle",
  )
  const switching = useSelector(actor, (s) => s.hasTag("switching"))
  const switchOn = useSelector(actor, (s) => s.matches("visible") || s.matches("showing") || s.matches("hiding"))
  const shown = status !== "hidden" && status !== "loading" && status !== "loadFailed"
  const waiting = status === "loading" || status === "loadFailed"
  const [used, setUsed] = useState(false)

  // Leaving the page mid-debounce saves at once. A layout effect's cleanup runs before the actor is
  // stopped (a passive effect's cleanup), so the machine still hears it.
  useLayoutEffect(() => () => actor.send({ type: "note.flush" }), [actor])

  // The browser says when the network is back: a note kept on this device is saved then.
  useEffect(() => {
    const online = () => actor.send({ type: "connection.online" })
    window.addEventListener("online", online)
    return () => window.removeEventListener("online", online)
  }, [actor])

  const isFieldError = error?.startsWith("validation.") ?? false
  const statusText =
    status === "saving"
      ? t("notes:status.saving")
      : status === "saved"
        ? t("notes:status.saved")
        : status === "offline"
          ? t("notes:status.offline")
          : status === "failed" && !isFieldError
            ? t("notes:status.failed", { reason: t(`common:${error ?? "errors.generic"}`) })
            : ""

  return (
    <section className="point-notes" aria-labelledby="point-notes-heading">
      <div className="point-notes-head">
        <h2 id="point-notes-heading">{t("notes:title")}</h2>
        <Switch
          className="switch notes-switch"
          isSelected={switchOn}
          // Disabled only until the setting is known. Once used, the switch stays focusable (read-only)
          // while the setting is saved and the note loads: disabling it would drop the cursor to the
          // page's body.
          isReadOnly={switching || waiting}
          isDisabled={waiting && !used}
          onChange={(on) => {
            setUsed(true)
            actor.send({ type: on ? "notes.show" : "notes.hide" })
          }}
        >
          <span className="track" aria-hidden="true">
            <span className="thumb" />
          </span>
          {t("notes:showNotes")}
        </Switch>
      </div>
      {settingError ? (
        <p className="form-message error" role="alert">
          {t("notes:settingFailed")} {t(`common:${settingError}`)}
        </p>
      ) : null}
      {status === "loading" ? (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {status === "loadFailed" ? (
        <div>
          <p className="form-message error" role="alert">
            {t("notes:loadFailed")} {error ? t(`common:${error}`) : null}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: "note.retry" })}>
            {t("notes:retry")}
          </Button>
        </div>
      ) : null}
      {status === "hidden" ? <p className="muted">{t("notes:hiddenHelp")}</p> : null}
      {shown ? (
        <>
          <TextField
            className="field note-field"
            value={text}
            onChange={(value) => actor.send({ type: "note.change", text: value })}
            isInvalid={isFieldError}
            isReadOnly={!canType}
            validationBehavior="aria"
          >
            <Label>{t("notes:fieldLabel", { point })}</Label>
            <TextArea rows={5} />
            <Text slot="description" className="description">
              {t("notes:fieldHelp", { max: NOTE_MAX_LENGTH.toLocaleString() })}{" "}
              <Link href="/my-notes">{t("notes:allNotesLink")}</Link>
            </Text>
            <FieldError className="error">
              {isFieldError && error ? t(`common:${error}`, { noteMax: NOTE_MAX_LENGTH.toLocaleString() }) : null}
            </FieldError>
          </TextField>
          <p className={`note-status ${status}`} role="status" aria-live="polite">
            {statusText}
          </p>
          {conflictMet ? (
            <NoteConflictDialog
              isOpen={inConflict}
              theirs={theirs}
              onKeepMine={() => actor.send({ type: "conflict.keepMine" })}
              onTakeTheirs={() => actor.send({ type: "conflict.takeTheirs" })}
              onKeepBoth={() => actor.send({ type: "conflict.keepBoth" })}
            />
          ) : null}
          {status === "failed" || status === "offline" ? (
            <Button variant="secondary" onPress={() => actor.send({ type: "note.retry" })}>
              {t("notes:retry")}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

/** The note of a point, for a signed-in learner; visitors see nothing. */
export const PointNotes = ({ point }: { readonly point: string }) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  return signedIn ? <NoteEditor key={point} point={point} /> : null
}

// /my-notes (§2, §7 notes): every note of the learner with its point, newest first, a filter by
// text applied on the page (the count of what it shows is announced), each linking to its point.
// Without notes it says how to write one.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import "./notes.css"

export const MyNotesPage = () => {
  const { t, i18n } = useTranslation(["notes", "common"])
  usePageTitle(t("notes:myNotes.title"))
  const { machines } = useAppServices()
  const actor = useActorRef(machines.notes.list)
  const state = useSelector(actor, (s) =>
    s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : s.matches("empty") ? "empty" : "loaded",
  )
  const shown = useSelector(actor, (s) => s.context.shown)
  const total = useSelector(actor, (s) => s.context.notes.length)
  const filter = useSelector(actor, (s) => s.context.filter)
  const error = useSelector(actor, (s) => s.context.error)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" })

  return (
    <section className="panel my-notes">
      <h1>{t("notes:myNotes.title")}</h1>
      {state === "loading" ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {state === "failed" ? (
        <div>
          <p className="form-message error" role="alert">
            {t("notes:myNotes.loadFailed")} {error ? t(`common:${error}`) : null}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: "notes.reload" })}>
            {t("notes:retry")}
          </Button>
        </div>
      ) : null}
      {state === "empty" ? (
        <div className="empty-state">
          <p>{t("notes:myNotes.empty")}</p>
          <p>
            <Link href="/book/pages/channels">{t("notes:myNotes.browse")}</Link>
          </p>
        </div>
      ) : null}
      {state === "loaded" ? (
        <>
          <TextField
            label={t("notes:myNotes.filter")}
            description={t("notes:myNotes.filterHelp")}
            value={filter}
            type="search"
            onChange={(value) => actor.send({ type: "filter.change", filter: value })}
          />
          <p role="status" className="muted">
            {filter.trim() === ""
              ? t("notes:myNotes.count", { count: total })
              : t("notes:myNotes.matching", { count: shown.length, total })}
          </p>
          <ul className="my-notes-list">
            {shown.map((note) => (
              <li key={note.point} className="my-note">
                <h2>
                  <Link href={`/point/${note.slug}`}>
                    <span className="point-code">{note.point}</span> {note.pinyin} — {note.name}
                  </Link>
                  {note.permission ? null : (
                    <>
                      {" "}
                      <ProBadge />
                    </>
                  )}
                </h2>
                <p className="my-note-text">{note.text}</p>
                <p className="muted">{t("notes:myNotes.updated", { date: date.format(new Date(note.updatedAt)) })}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

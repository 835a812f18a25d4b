// "Shared with patients": a table (with its caption) of the member's shares — the address masked,
// when it went, its videos, and whether its link still works — with Revoke on active ones after a
// question. A revoked row says so, announced, and the cursor lands on its status. How many more
// shares today is said above; an empty list says so; a load failure says so with a retry.
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { Share } from "../../domain/acupressure/patient-sharing.ts"
import type { sharedListMachine } from "../../machines/sharing/shared-list-machine.ts"
import { Button } from "../shared/components/Button.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { englishDate } from "./EnglishOnly.tsx"

type SharedListActor = ActorRefFrom<typeof sharedListMachine>

const statusId = (share: Share) => `share-status-${share.id}`

const StatusText = ({ share }: { readonly share: Share }) => {
  const { t } = useTranslation("sharing")
  const text =
    share.status === "active" ? t("list.active", { date: englishDate(share.expiresAt) }) : t(`list.${share.status}`)
  return (
    <span id={statusId(share)} tabIndex={-1} className={`share-status ${share.status}`}>
      {text}
    </span>
  )
}

const revokeId = (share: { readonly id: string }) => `share-revoke-${share.id}`

const RevokeCell = ({
  actor,
  share,
  onAsk,
}: {
  readonly actor: SharedListActor
  readonly share: Share
  readonly onAsk: (id: string) => void
}) => {
  const { t } = useTranslation("sharing")
  const asking = useSelector(actor, (s) => s.hasTag("confirming") && s.context.revoking === share.id)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const pending = useSelector(actor, (s) => s.hasTag("busy") && s.context.revoking === share.id)
  if (share.status !== "active") return null
  if (asking) {
    return (
      <ConfirmDialog
        question={t("list.revokeQuestion")}
        confirmLabel={t("list.revokeConfirm")}
        cancelLabel={t("list.revokeCancel")}
        onConfirm={() => actor.send({ type: "revoke.confirm" })}
        onCancel={() => actor.send({ type: "revoke.dismiss" })}
        destructive
      />
    )
  }
  return (
    <Button
      id={revokeId(share)}
      variant="secondary"
      isPending={pending}
      isDisabled={busy && !pending}
      aria-label={t("list.revokeFor", { patient: share.patient, date: englishDate(share.sentAt) })}
      onPress={() => {
        onAsk(share.id)
        actor.send({ type: "share.revoke", id: share.id })
      }}
    >
      {t("list.revoke")}
    </Button>
  )
}

export const SharedList = ({ actor }: { readonly actor: SharedListActor }) => {
  const { t } = useTranslation(["sharing", "common"])
  const list = useSelector(actor, (s) => s.context.list)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const loadFailed = useSelector(actor, (s) => s.hasTag("loadFailed"))
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const revokeError = useSelector(actor, (s) => s.context.revokeError)
  const revoked = useSelector(actor, (s) => s.context.revoked)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const revokedShare = list?.shares.find((share) => share.id === revoked) ?? null

  // The revoked row's status takes the cursor once the server's list is shown (the Revoke button is
  // gone); a link that had ended meanwhile leaves no row to land on, so the list's heading takes it;
  // a question turned down or a revoke that failed gives the cursor back to that row's Revoke.
  const heading = useRef<HTMLHeadingElement>(null)
  const asked = useRef<string | null>(null)
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  useEffect(() => {
    if (busy || confirming || asked.current === null) return
    const id = asked.current
    asked.current = null
    if (revoked === id) document.getElementById(`share-status-${revoked}`)?.focus()
    else if (revokeError === "list.alreadyGone") heading.current?.focus()
    else document.getElementById(revokeId({ id }))?.focus()
  }, [revoked, revokeError, busy, confirming])

  return (
    <section className="panel shared-list" aria-labelledby="shared-list-heading">
      <h2 id="shared-list-heading" ref={heading} tabIndex={-1}>
        {t("sharing:list.heading")}
      </h2>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("sharing:list.loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <div>
          <FormMessage kind="error">{`${t("sharing:list.loadFailed")} ${t(`common:${loadError ?? "errors.generic"}`)}`}</FormMessage>
          <Button variant="secondary" onPress={() => actor.send({ type: "shares.retry" })}>
            {t("sharing:list.retry")}
          </Button>
        </div>
      ) : null}
      {list ? <p>{t("sharing:list.left", { count: list.sharesLeftToday })}</p> : null}
      <p className="visually-hidden" role="status">
        {revokedShare ? t("sharing:list.revokedNotice", { patient: revokedShare.patient }) : ""}
      </p>
      <FormMessage kind="error">{revokeError ? t(revokeError, { ns: ["sharing", "common"] }) : null}</FormMessage>
      {list && list.shares.length === 0 ? <p>{t("sharing:list.empty")}</p> : null}
      {list && list.shares.length > 0 ? (
        <table className="share-table">
          <caption>{t("sharing:list.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("sharing:list.patient")}</th>
              <th scope="col">{t("sharing:list.sent")}</th>
              <th scope="col">{t("sharing:list.videos")}</th>
              <th scope="col">{t("sharing:list.status")}</th>
              <th scope="col">{t("sharing:list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.shares.map((share) => (
              <tr key={share.id}>
                <th scope="row">{share.patient}</th>
                <td>
                  <time dateTime={share.sentAt}>{englishDate(share.sentAt)}</time>
                </td>
                <td>
                  <ul className="share-videos">
                    {share.videos.map((video) => (
                      <li key={video.id}>{video.title}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  <StatusText share={share} />
                </td>
                <td>
                  <RevokeCell actor={actor} share={share} onAsk={(id) => (asked.current = id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

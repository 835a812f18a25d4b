// Shared parts of the content pages: the page actor per slug, the loading / locked / failed states,
// and point lists with their Pro badges.
import { useActorRef, useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { PointSummary } from "../../domain/content-views.ts"
import type { contentPageMachine } from "../../machines/content-page-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../components/Button.tsx"
import { FormMessage } from "../components/FormMessage.tsx"
import { ProBadge } from "../components/ProBadge.tsx"

export const LockedNotice = ({ title }: { readonly title?: string }) => {
  const { t } = useTranslation("common")
  const { upgrade } = useAppServices()
  return (
    <section className="panel locked">
      <h1>
        {title ?? t("browse.lockedTitle")} <ProBadge />
      </h1>
      <p className="lead">{t("browse.lockedText")}</p>
      <Button onPress={() => upgrade.send({ type: "upgrade.open", lite: true })}>{t("browse.seePlans")}</Button>
    </section>
  )
}

/**
 * One content page: its own actor for the slug, then loading, locked (with the upgrade modal) or
 * failed (with a retry) — and `children` with the data once it is there.
 */
export const ContentPage = <Data,>({
  machine,
  slug,
  children,
}: {
  readonly machine: typeof contentPageMachine
  readonly slug: string
  readonly children: (data: Data) => ReactNode
}) => {
  const { t } = useTranslation("common")
  const actor = useActorRef(machine, { input: { slug } })
  const data = useSelector(actor, (s) => s.context.data) as Data | null
  const status = useSelector(actor, (s) =>
    s.matches("loaded") ? "loaded" : s.matches("locked") ? "locked" : s.matches("failed") ? "failed" : "loading",
  )
  const error = useSelector(actor, (s) => s.context.error)
  if (status === "loading") {
    return (
      <div className="page-loader" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t("loading")}</span>
      </div>
    )
  }
  if (status === "locked") return <LockedNotice />
  if (status === "failed" || data === null) {
    return (
      <section className="panel">
        <h1>{t("browse.failedTitle")}</h1>
        <FormMessage kind="error">{t(error ?? "errors.generic")}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "page.reload" })}>
          {t("footer.retry")}
        </Button>
      </section>
    )
  }
  return <>{children(data)}</>
}

/** One point in a list: code, pinyin, characters, name and category badges; locked ones ask for Pro. */
export const PointRow = ({ point, role }: { readonly point: PointSummary; readonly role?: string | null }) => {
  const { upgrade } = useAppServices()
  const label = (
    <>
      <span className="point-code">{point.code}</span> <span className="point-pinyin">{point.pinyin}</span>{" "}
      <span className="point-hanzi" lang="zh-Hant">
        {point.hanzi}
      </span>{" "}
      <span className="point-name">{point.name}</span>
    </>
  )
  return (
    <li className="point-row">
      {point.permission ? (
        <Link href={`/point/${point.slug}`} className="point-link">
          {label}
        </Link>
      ) : (
        <button
          type="button"
          className="point-link locked-link"
          onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
        >
          {label} <ProBadge />
        </button>
      )}
      {role ? <span className="point-role">{role}</span> : null}
      {point.categories.length > 0 ? (
        <ul className="category-badges">
          {point.categories.map((c) => (
            <li key={c.slug}>
              <span className="badge category">{c.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

export const PointList = ({
  points,
  label,
}: {
  readonly points: ReadonlyArray<PointSummary>
  readonly label?: string
}) => (
  <ul className="point-list" aria-label={label}>
    {points.map((point) => (
      <PointRow key={point.code} point={point} />
    ))}
  </ul>
)

/** The language attribute for English texts shown in a German or Spanish interface. */
export const textLang = (textLanguage: string, uiLanguage: string) =>
  textLanguage === uiLanguage ? undefined : textLanguage

// Shared parts of the content pages: the page actor per slug, the loading / locked / failed states,
// and point lists with their Pro badges.
import { useActorRef, useSelector } from "@xstate/react"
import { type ReactNode, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { type ContentPageName, contentAnswerKey } from "../../domain/content/content-routes.ts"
import type { PointSummary } from "../../domain/content/content-views.ts"
import { lockedHeading } from "../../domain/content/locked-page.ts"
import type { LockedItem } from "../../domain/shared/errors.ts"
import type { ContentPageMachine } from "../../machines/content/content-page-machine.ts"
import { type ContentPageData, useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Hanzi } from "../shared/components/Hanzi.tsx"
import { PageLoader } from "../shared/components/PageLoader.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

/** Links to the videos of a channel, vessel or point (§3), under the page's heading. */
export const VideoLinks = ({
  links,
}: {
  readonly links: ReadonlyArray<{ readonly href: string; readonly label: string }>
}) => (
  <p className="video-entry-links">
    {links.map((link) => (
      <Link key={link.href} href={link.href} className="video-entry-link">
        <span aria-hidden="true">▶ </span>
        {link.label}
      </Link>
    ))}
  </p>
)

/** A locked page: what is locked (its public facts: names, a point's channel), that it is part of Pro, and what Pro adds. */
export const LockedNotice = ({ item }: { readonly item: LockedItem | null }) => {
  const { t } = useTranslation("common")
  const { upgrade } = useAppServices()
  const heading = item ? lockedHeading(item) : { title: t("browse.lockedTitle"), subtitle: null }
  usePageTitle(heading.title)
  const adds = item ? (t(`browse.locked.adds.${item.kind}`, { returnObjects: true }) as Array<string>) : []
  return (
    <section className="panel locked" aria-labelledby="locked-heading">
      <h1 id="locked-heading">{heading.title}</h1>
      {heading.subtitle ? <p className="lead">{heading.subtitle}</p> : null}
      {item?.channel ? <p className="muted">{t("browse.locked.channel", { channel: item.channel })}</p> : null}
      <p className="locked-intro">
        <ProBadge /> {item ? t(`browse.locked.intro.${item.kind}`) : t("browse.lockedText")}
      </p>
      {adds.length > 0 ? (
        <>
          <h2 className="locked-adds-title">{t("browse.locked.addsTitle")}</h2>
          <ul className="locked-adds">
            {adds.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Button onPress={() => upgrade.send({ type: "upgrade.open", lite: true })}>{t("browse.seePlans")}</Button>
    </section>
  )
}

const PageStatus = ({ children }: { readonly children: ReactNode }) => {
  const { t } = useTranslation("common")
  usePageTitle(t("loading"))
  return children
}

/**
 * One content page: its own actor for the slug, then loading, locked (with the upgrade modal) or
 * failed (with a retry) — and `children` with the data once it is there.
 */
export const ContentPage = <Page extends ContentPageName>({
  page,
  slug,
  children,
  embedded = false,
}: {
  readonly page: Page
  readonly slug: string
  readonly children: (data: ContentPageData[Page]) => ReactNode
  /** A part of another page: no page title, no heading of its own while loading or failed. */
  readonly embedded?: boolean
}) => {
  const { t } = useTranslation("common")
  const { machines, firstPage } = useAppServices()
  const key = contentAnswerKey({ page, slug })
  // The answer the server drew this page from, when it drew it: the page starts loaded (or locked)
  // and hydrates what the server sent; once started, later pages of this kind ask the server.
  const [answer] = useState(() => firstPage.answer(key))
  useEffect(() => firstPage.taken(key), [firstPage, key])
  // One machine per kind of page; the page's name picks it and types its data (ContentPageData).
  const machine: ContentPageMachine<unknown> = (
    machines.pages as unknown as Record<ContentPageName, ContentPageMachine<unknown>>
  )[page as ContentPageName]
  const actor = useActorRef(machine, {
    input: answer === undefined ? { slug } : { slug, answer },
  })
  const data = useSelector(actor, (s) => s.context.data)
  const status = useSelector(actor, (s) =>
    s.matches("loaded") ? "loaded" : s.matches("locked") ? "locked" : s.matches("failed") ? "failed" : "loading",
  )
  const error = useSelector(actor, (s) => s.context.error)
  const locked = useSelector(actor, (s) => s.context.locked)
  if (embedded && status !== "loaded") {
    return status === "loading" ? (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t("loading")}
      </p>
    ) : (
      <div>
        <FormMessage kind="error">{t(error ?? "errors.generic")}</FormMessage>
        <Button variant="secondary" onPress={() => actor.send({ type: "page.reload" })}>
          {t("footer.retry")}
        </Button>
      </div>
    )
  }
  if (status === "loading") {
    return (
      <PageStatus>
        <PageLoader />
      </PageStatus>
    )
  }
  if (status === "locked") return <LockedNotice item={locked} />
  if (status === "failed" || data === null) {
    return <FailedNotice error={error} onRetry={() => actor.send({ type: "page.reload" })} />
  }
  return <>{children(data as ContentPageData[Page])}</>
}

const FailedNotice = ({ error, onRetry }: { readonly error: string | null; readonly onRetry: () => void }) => {
  const { t } = useTranslation("common")
  usePageTitle(t("browse.failedTitle"))
  return (
    <section className="panel">
      <h1>{t("browse.failedTitle")}</h1>
      <FormMessage kind="error">{t(error ?? "errors.generic")}</FormMessage>
      <Button variant="secondary" onPress={onRetry}>
        {t("footer.retry")}
      </Button>
    </section>
  )
}

/** One point in a list: code, pinyin, characters, name and category badges; locked ones ask for Pro. */
export const PointRow = ({ point, role }: { readonly point: PointSummary; readonly role?: string | null }) => {
  const { upgrade } = useAppServices()
  const label = (
    <>
      <span className="point-code">{point.code}</span> <span className="point-pinyin">{point.pinyin}</span>{" "}
      <Hanzi text={point.hanzi} className="point-hanzi" /> <span className="point-name">{point.name}</span>
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

/** Says that some texts of the page are shown in English because their translation is missing. */
export const UntranslatedNote = ({ textLanguage }: { readonly textLanguage: string }) => {
  const { t, i18n } = useTranslation("common")
  return textLanguage === i18n.language ? null : <p className="muted text-language-note">{t("browse.englishOnly")}</p>
}

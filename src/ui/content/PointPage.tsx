// /point/{slug}: everything about one point — names, location and how to find it, needling with its
// cautions highlighted, actions, indications, commentary, categories, body areas, and the previous
// and next point on the channel.
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { pointVideosHref } from "../../domain/content/content-links.ts"
import type { PointPage as PointPageData } from "../../domain/content/content-views.ts"
import { sentenceAnchor } from "../../domain/content/safety-row.ts"
import { EXTRA_POINT_VIDEOS } from "../../domain/videos/video-links.ts"
import { useAppServices } from "../app-services.tsx"
import { BodyChart } from "../charts/LazyCharts.tsx"
import { AddToGroup } from "../groups/AddToGroup.tsx"
import { Hanzi } from "../shared/components/Hanzi.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ContentPage, textLang, UntranslatedNote, VideoLinks } from "./content-page.tsx"
import { PointNotes } from "./page-parts.tsx"
import { SafetyRow } from "./SafetyRow.tsx"

const PointView = ({ point }: { readonly point: PointPageData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(`${point.code} ${point.pinyin}`)
  // Each text carries the language it is really in: an English one inside a German page is lang="en".
  const fields = point.textLanguages
  const lang = (language: string) => textLang(language, i18n.language)
  const { upgrade } = useAppServices()
  const lockedLink = (name: string) => (
    <button type="button" className="link-button" onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}>
      {name} <ProBadge />
    </button>
  )
  return (
    <article className="point-page">
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href="/book/pages/channels">{t("browse.channels")}</Link>
          </li>
          {point.channel ? (
            <li>
              <Link href={`/book/pages/channels/${point.channel.slug}`}>{point.channel.name}</Link>
            </li>
          ) : (
            <li>
              <Link href="/book/pages/extra-points">{t("browse.extraPoints")}</Link>
            </li>
          )}
          <li aria-current="page">{point.code}</li>
        </ol>
      </nav>
      <header className="point-header">
        <h1>
          <span className="point-code">{point.code}</span> {point.pinyin}{" "}
          <Hanzi text={point.hanzi.traditional} className="hanzi" />
        </h1>
        <p className="lead">{point.name}</p>
        <AddToGroup mode="point" id={point.code} label={point.code} />
        <VideoLinks
          links={[
            {
              href: pointVideosHref(point.channel?.slug ?? EXTRA_POINT_VIDEOS, point.slug),
              label: t("browse.playPointVideo"),
            },
          ]}
        />
        <dl className="facts">
          <dt>{t("browse.names")}</dt>
          <dd>
            <span lang="en">{point.names.en}</span> · <span lang="de">{point.names.de}</span> ·{" "}
            <span lang="es">{point.names.es}</span>
          </dd>
          <dt>{t("browse.characters")}</dt>
          <dd>
            <Hanzi text={point.hanzi.traditional} />
            {point.hanzi.simplified !== point.hanzi.traditional ? (
              <>
                {" "}
                / <Hanzi text={point.hanzi.simplified} simplified />
              </>
            ) : null}
          </dd>
          {point.altCodes.length > 0 ? (
            <>
              <dt>{t("browse.alsoCoded")}</dt>
              <dd>{point.altCodes.join(", ")}</dd>
            </>
          ) : null}
          <dt>{point.channel ? t("browse.channel") : t("browse.region")}</dt>
          <dd>
            {point.channel ? (
              <Link href={`/book/pages/channels/${point.channel.slug}`}>{point.channel.name}</Link>
            ) : (
              t(`browse.regions.${point.region}`)
            )}
          </dd>
        </dl>
      </header>

      <SafetyRow point={point} lang={lang} />

      <UntranslatedNote textLanguage={point.textLanguage} />

      <section aria-labelledby="location" className="location-section">
        <div className="location-text">
          <h2 id="location">{t("browse.location")}</h2>
          <p lang={lang(fields.location)} id="point-location-text">
            {point.location}
          </p>
          <h3>{t("browse.howToLocate")}</h3>
          <p lang={lang(fields.locating)}>{point.locating}</p>
        </div>
        <BodyChart
          subject={{ kind: "point", code: point.code }}
          heading={t("browse.chartOnBody")}
          headingLevel={3}
          describedBy="point-location-text"
        />
      </section>

      <PointNotes point={point.code} />

      <section aria-labelledby="needling">
        <h2 id="needling">{t("browse.needling")}</h2>
        <p lang={lang(fields.needling.method)}>{point.needling.method}</p>
        <dl className="facts">
          <dt>{t("browse.depth")}</dt>
          <dd lang={lang(fields.needling.depth)}>{point.needling.depth}</dd>
          <dt>{t("browse.angle")}</dt>
          <dd>{t(`browse.angles.${point.needling.angle}`)}</dd>
          <dt>{t("browse.moxibustion")}</dt>
          <dd>{t(`browse.moxa.${point.needling.moxibustion}`)}</dd>
        </dl>
        {point.needling.cautions.length + point.needling.contraindications.length > 0 ? (
          <aside className="caution" aria-labelledby="cautions-heading">
            <h3 id="cautions-heading">
              <span aria-hidden="true">⚠ </span>
              {t("browse.cautions")}
            </h3>
            <ul>
              {/* Ids by position: the safety row links each flag to the sentence that states it. */}
              {point.needling.cautions.map((c, index) => (
                <li key={c} id={sentenceAnchor({ list: "cautions", index })} lang={lang(fields.needling.cautions)}>
                  {c}
                </li>
              ))}
              {point.needling.contraindications.map((c, index) => (
                <li key={c} id={sentenceAnchor({ list: "contraindications", index })}>
                  <strong>{t("browse.contraindicated")}: </strong>
                  <span lang={lang(fields.needling.contraindications)}>{c}</span>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </section>

      <div className="two-columns">
        <section aria-labelledby="actions">
          <h2 id="actions">{t("browse.actions")}</h2>
          <ul lang={lang(fields.actions)}>
            {point.actions.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="indications">
          <h2 id="indications">{t("browse.indications")}</h2>
          <ul lang={lang(fields.indications)}>
            {point.indications.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="commentary">
        <h2 id="commentary">{t("browse.commentary")}</h2>
        <p lang={lang(fields.commentary)}>{point.commentary}</p>
      </section>

      <div className="two-columns">
        <section aria-labelledby="categories">
          <h2 id="categories">{t("browse.categories")}</h2>
          {point.categories.length === 0 ? (
            <p className="muted">{t("browse.noCategories")}</p>
          ) : (
            <ul>
              {point.categories.map((c) => (
                <li key={c.slug}>
                  {c.permission ? <Link href={`/book/pages/categories/${c.slug}`}>{c.name}</Link> : lockedLink(c.name)}
                  {c.role ? <span className="muted"> — {c.role}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="areas">
          <h2 id="areas">{t("browse.bodyAreas")}</h2>
          <ul>
            {point.bodyAreas.map((a) => (
              <li key={a.slug}>
                {a.permission ? <Link href={`/body-area/${a.slug}`}>{a.name}</Link> : lockedLink(a.name)}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <nav className="prev-next" aria-label={t("browse.neighbours")}>
        {point.previous ? (
          <Link href={`/point/${point.previous.slug}`} rel="prev">
            ← {point.previous.code} {point.previous.pinyin}
            <span className="visually-hidden"> ({t("browse.previousPoint")})</span>
          </Link>
        ) : (
          <span />
        )}
        {point.next ? (
          <Link href={`/point/${point.next.slug}`} rel="next">
            {point.next.code} {point.next.pinyin} →<span className="visually-hidden"> ({t("browse.nextPoint")})</span>
          </Link>
        ) : null}
      </nav>
    </article>
  )
}

export const PointPage = ({ slug }: { readonly slug: string }) => {
  return (
    <ContentPage page="point" slug={slug}>
      {(data) => <PointView point={data} />}
    </ContentPage>
  )
}

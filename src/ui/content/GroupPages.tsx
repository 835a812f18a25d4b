// Pages that gather points: a body area (/body-area/{slug}) grouped by channel, a point category
// (/book/pages/categories/{slug}) with each member's role, an extraordinary vessel
// (/book/pages/vessels/{slug}) and the extra points (/book/pages/extra-points); and the indexes of
// body areas (/book/pages/body-areas) and categories (/book/pages/categories).
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import {
  BODY_AREA_INDEX_HREF,
  BOOK_HREF,
  bodyAreaHref,
  CATEGORY_INDEX_HREF,
  CHANNEL_INDEX_HREF,
  categoryHref,
  channelVideoHref,
  vesselHref,
} from "../../domain/content/content-links.ts"
import type {
  BodyAreaPage as BodyAreaData,
  BodyAreaListItem,
  CategoryPage as CategoryData,
  CategoryListItem,
  ExtraPointsPage as ExtraData,
  VesselPage as VesselData,
} from "../../domain/content/content-views.ts"
import { useAppServices } from "../app-services.tsx"
import { BodyChart } from "../charts/LazyCharts.tsx"
import { Hanzi } from "../shared/components/Hanzi.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ContentPage, PointList, PointRow, textLang, UntranslatedNote, VideoLinks } from "./content-page.tsx"

const BodyAreaView = ({ area }: { readonly area: BodyAreaData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(area.title)
  return (
    <article>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href={BODY_AREA_INDEX_HREF}>{t("browse.bodyAreas")}</Link>
          </li>
          <li aria-current="page">{area.title}</li>
        </ol>
      </nav>
      <h1>{area.title}</h1>
      <p className="lead" lang={textLang(area.textLanguage, i18n.language)}>
        {area.description}
      </p>
      <BodyChart
        subject={{ kind: "area", id: area.id }}
        heading={t("browse.chartArea")}
        emphasis={{ area: area.id, codes: area.groups.flatMap((g) => g.points.map((p) => p.code)) }}
      />
      {area.groups.map((group) => (
        <section key={group.channel?.code ?? "extra"} aria-labelledby={`g-${group.channel?.code ?? "extra"}`}>
          <div className="heading-with-badge">
            <h2 id={`g-${group.channel?.code ?? "extra"}`}>
              {group.channel ? group.channel.name : t("browse.extraPoints")}
            </h2>
            {group.channel && !group.channel.permission ? <ProBadge /> : null}
          </div>
          <PointList points={group.points} />
        </section>
      ))}
    </article>
  )
}

export const BodyAreaPage = ({ slug }: { readonly slug: string }) => {
  return (
    <ContentPage page="bodyArea" slug={slug}>
      {(data) => <BodyAreaView area={data} />}
    </ContentPage>
  )
}

const CategoryView = ({ category }: { readonly category: CategoryData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(category.title)
  return (
    <article>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href={CATEGORY_INDEX_HREF}>{t("browse.categories")}</Link>
          </li>
          <li aria-current="page">{category.title}</li>
        </ol>
      </nav>
      <h1>{category.title}</h1>
      <p className="lead" lang={textLang(category.textLanguage, i18n.language)}>
        {category.description}
      </p>
      <ul className="point-list">
        {category.members.map((m) => (
          <PointRow
            key={`${m.point.code}-${m.role ?? ""}`}
            point={m.point}
            role={[m.role, m.phase ? t(`browse.phases.${m.phase}`) : null].filter(Boolean).join(" · ") || null}
          />
        ))}
      </ul>
    </article>
  )
}

export const CategoryPage = ({ slug }: { readonly slug: string }) => {
  return (
    <ContentPage page="category" slug={slug}>
      {(data) => <CategoryView category={data} />}
    </ContentPage>
  )
}

const VesselView = ({ vessel }: { readonly vessel: VesselData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(vessel.name)
  const fields = vessel.textLanguages
  const lang = (language: string) => textLang(language, i18n.language)
  return (
    <article>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href={CHANNEL_INDEX_HREF}>{t("browse.channels")}</Link>
          </li>
          <li aria-current="page">{vessel.name}</li>
        </ol>
      </nav>
      <h1>
        {vessel.name} <Hanzi text={vessel.hanzi.traditional} className="hanzi" />
      </h1>
      <VideoLinks links={[{ href: channelVideoHref(vessel.slug), label: t("browse.playVesselVideo") }]} />
      <dl className="facts">
        <dt>{t("browse.pinyin")}</dt>
        <dd>{vessel.pinyin}</dd>
        <dt>{t("browse.confluentPoint")}</dt>
        <dd>
          {vessel.confluentPoint.code} {vessel.confluentPoint.pinyin}
        </dd>
        <dt>{t("browse.coupledVessel")}</dt>
        <dd>
          {vessel.coupledVessel.permission ? (
            <Link href={vesselHref(vessel.coupledVessel.slug)}>{vessel.coupledVessel.name}</Link>
          ) : (
            vessel.coupledVessel.name
          )}
        </dd>
        {vessel.xiCleftPoint ? (
          <>
            <dt>{t("browse.xiCleft")}</dt>
            <dd>
              {vessel.xiCleftPoint.code} {vessel.xiCleftPoint.pinyin}
            </dd>
          </>
        ) : null}
        {vessel.luoPoint ? (
          <>
            <dt>{t("browse.luo")}</dt>
            <dd>
              {vessel.luoPoint.code} {vessel.luoPoint.pinyin}
            </dd>
          </>
        ) : null}
      </dl>
      <UntranslatedNote textLanguage={vessel.textLanguage} />
      <section aria-labelledby="vessel-pathway">
        <h2 id="vessel-pathway">{t("browse.pathway")}</h2>
        <p lang={lang(fields.pathway)}>{vessel.pathway}</p>
      </section>
      <BodyChart
        subject={{ kind: "pathway", id: vessel.id }}
        heading={t("browse.chartCourse")}
        emphasis={{ pathway: vessel.id }}
      />
      <section aria-labelledby="vessel-uses">
        <h2 id="vessel-uses">{t("browse.uses")}</h2>
        <ul lang={lang(fields.uses)}>
          {vessel.uses.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
        <p lang={lang(fields.commentary)}>{vessel.commentary}</p>
      </section>
      <section aria-labelledby="vessel-points">
        <h2 id="vessel-points">{t("browse.pointsOnVessel")}</h2>
        <PointList points={vessel.points} />
      </section>
    </article>
  )
}

export const VesselPage = ({ slug }: { readonly slug: string }) => {
  return (
    <ContentPage page="vessel" slug={slug}>
      {(data) => <VesselView vessel={data} />}
    </ContentPage>
  )
}

const ExtraView = ({ extra }: { readonly extra: ExtraData }) => {
  const { t } = useTranslation("common")
  usePageTitle(t("browse.extraPoints"))
  return (
    <article>
      <h1>{t("browse.extraPoints")}</h1>
      <p className="lead">{t("browse.extraIntro")}</p>
      {extra.regions.map((r) => (
        <section key={r.region} aria-labelledby={`region-${r.region}`}>
          <h2 id={`region-${r.region}`}>{t(`browse.regions.${r.region}`)}</h2>
          <PointList points={r.points} />
        </section>
      ))}
    </article>
  )
}

export const ExtraPointsPage = () => {
  return (
    <ContentPage page="extraPoints" slug={""}>
      {(data) => <ExtraView extra={data} />}
    </ContentPage>
  )
}

/** A card that opens an item, or the upgrade modal when the item is Pro. */
const IndexCard = ({
  href,
  title,
  detail,
  permission,
}: {
  readonly href: string
  readonly title: string
  readonly detail?: string
  readonly permission: boolean
}) => {
  const { upgrade } = useAppServices()
  return (
    <li className="card-item">
      {permission ? (
        <Link href={href} className="card-title">
          {title}
        </Link>
      ) : (
        <button
          type="button"
          className="link-button card-title"
          onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
        >
          <span>{title}</span> <ProBadge />
        </button>
      )}
      {detail ? <span className="muted">{detail}</span> : null}
    </li>
  )
}

const IndexBreadcrumb = ({ title }: { readonly title: string }) => {
  const { t } = useTranslation("common")
  return (
    <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
      <ol>
        <li>
          <Link href={BOOK_HREF}>{t("browse.bookTitle")}</Link>
        </li>
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  )
}

/** The categories as cards; also the list the book's chapter on categories ends with. */
export const CategoryCards = ({ categories }: { readonly categories: ReadonlyArray<CategoryListItem> }) => {
  const { t } = useTranslation("common")
  return (
    <ul className="card-list">
      {categories.map((c) => (
        <IndexCard
          key={c.slug}
          href={categoryHref(c.slug)}
          title={c.title}
          detail={t("browse.pointCount", { count: c.pointCount })}
          permission={c.permission}
        />
      ))}
    </ul>
  )
}

const CategoryIndexView = ({ categories }: { readonly categories: ReadonlyArray<CategoryListItem> }) => {
  const { t } = useTranslation("common")
  usePageTitle(t("browse.categoryIndexTitle"))
  return (
    <article>
      <IndexBreadcrumb title={t("browse.categoryIndexTitle")} />
      <h1>{t("browse.categoryIndexTitle")}</h1>
      <p className="lead">{t("browse.categoryIndexIntro", { count: categories.length })}</p>
      <CategoryCards categories={categories} />
    </article>
  )
}

export const CategoryIndexPage = () => {
  return (
    <ContentPage page="categoryIndex" slug={""}>
      {(data) => <CategoryIndexView categories={data} />}
    </ContentPage>
  )
}

/** The categories for the book's chapter on them, loaded with the chapter. */
export const CategoryLinks = () => {
  const { t } = useTranslation("common")
  return (
    <section aria-labelledby="chapter-categories">
      <h2 id="chapter-categories">{t("browse.chapterCategoriesTitle")}</h2>
      <ContentPage page="categoryIndex" slug={""} embedded>
        {(data) => <CategoryCards categories={data} />}
      </ContentPage>
    </section>
  )
}

const BodyAreaIndexView = ({ areas }: { readonly areas: ReadonlyArray<BodyAreaListItem> }) => {
  const { t } = useTranslation("common")
  usePageTitle(t("browse.bodyAreaIndexTitle"))
  return (
    <article>
      <IndexBreadcrumb title={t("browse.bodyAreaIndexTitle")} />
      <h1>{t("browse.bodyAreaIndexTitle")}</h1>
      <p className="lead">{t("browse.bodyAreaIndexIntro", { count: areas.length })}</p>
      <ul className="card-list">
        {areas.map((a) => (
          <IndexCard key={a.slug} href={bodyAreaHref(a.slug)} title={a.title} permission={a.permission} />
        ))}
      </ul>
    </article>
  )
}

export const BodyAreaIndexPage = () => {
  return (
    <ContentPage page="bodyAreaIndex" slug={""}>
      {(data) => <BodyAreaIndexView areas={data} />}
    </ContentPage>
  )
}

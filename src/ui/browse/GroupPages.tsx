// Pages that gather points: a body area (/body-area/{slug}) grouped by channel, a point category
// (/book/pages/categories/{slug}) with each member's role, an extraordinary vessel
// (/book/pages/vessels/{slug}) and the extra points (/book/pages/extra-points).
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type {
  BodyAreaPage as BodyAreaData,
  CategoryPage as CategoryData,
  ExtraPointsPage as ExtraData,
  VesselPage as VesselData,
} from "../../domain/content-views.ts"
import { useAppServices } from "../app-services.tsx"
import { ProBadge } from "../components/ProBadge.tsx"
import { usePageTitle } from "../page-hooks.ts"
import { ContentPage, PointList, PointRow, textLang } from "./content-page.tsx"

const BodyAreaView = ({ area }: { readonly area: BodyAreaData }) => {
  const { t } = useTranslation("common")
  usePageTitle(area.title)
  return (
    <article>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>{t("browse.bodyAreas")}</li>
          <li aria-current="page">{area.title}</li>
        </ol>
      </nav>
      <h1>{area.title}</h1>
      <p className="lead">{area.description}</p>
      {area.groups.map((group) => (
        <section key={group.channel?.code ?? "extra"} aria-labelledby={`g-${group.channel?.code ?? "extra"}`}>
          <h2 id={`g-${group.channel?.code ?? "extra"}`}>
            {group.channel ? group.channel.name : t("browse.extraPoints")}
            {group.channel && !group.channel.permission ? <ProBadge /> : null}
          </h2>
          <PointList points={group.points} />
        </section>
      ))}
    </article>
  )
}

export const BodyAreaPage = ({ slug }: { readonly slug: string }) => {
  const { machines } = useAppServices()
  return (
    <ContentPage<BodyAreaData> machine={machines.pages.bodyArea} slug={slug}>
      {(data) => <BodyAreaView area={data} />}
    </ContentPage>
  )
}

const CategoryView = ({ category }: { readonly category: CategoryData }) => {
  const { t } = useTranslation("common")
  usePageTitle(category.title)
  return (
    <article>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href="/book/pages/point-categories">{t("browse.categories")}</Link>
          </li>
          <li aria-current="page">{category.title}</li>
        </ol>
      </nav>
      <h1>{category.title}</h1>
      <p className="lead">{category.description}</p>
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
  const { machines } = useAppServices()
  return (
    <ContentPage<CategoryData> machine={machines.pages.category} slug={slug}>
      {(data) => <CategoryView category={data} />}
    </ContentPage>
  )
}

const VesselView = ({ vessel }: { readonly vessel: VesselData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(vessel.name)
  const lang = textLang(vessel.textLanguage, i18n.language)
  return (
    <article>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href="/book/pages/channels">{t("browse.channels")}</Link>
          </li>
          <li aria-current="page">{vessel.name}</li>
        </ol>
      </nav>
      <h1>
        {vessel.name}{" "}
        <span lang="zh-Hant" className="hanzi">
          {vessel.hanzi.traditional}
        </span>
      </h1>
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
            <Link href={`/book/pages/vessels/${vessel.coupledVessel.slug}`}>{vessel.coupledVessel.name}</Link>
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
      <section aria-labelledby="vessel-pathway">
        <h2 id="vessel-pathway">{t("browse.pathway")}</h2>
        <p lang={lang}>{vessel.pathway}</p>
      </section>
      <section aria-labelledby="vessel-uses">
        <h2 id="vessel-uses">{t("browse.uses")}</h2>
        <ul lang={textLang("en", i18n.language)}>
          {vessel.uses.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
        <p lang={lang}>{vessel.commentary}</p>
      </section>
      <section aria-labelledby="vessel-points">
        <h2 id="vessel-points">{t("browse.pointsOnVessel")}</h2>
        <PointList points={vessel.points} />
      </section>
    </article>
  )
}

export const VesselPage = ({ slug }: { readonly slug: string }) => {
  const { machines } = useAppServices()
  return (
    <ContentPage<VesselData> machine={machines.pages.vessel} slug={slug}>
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
  const { machines } = useAppServices()
  return (
    <ContentPage<ExtraData> machine={machines.pages.extraPoints} slug={""}>
      {(data) => <ExtraView extra={data} />}
    </ContentPage>
  )
}

// /book/pages lists the book's pages (from /api/static-menus) and the indexes of channels,
// categories and body areas; /book/pages/{slug} shows one page. The chapter on point categories
// ends with a link to every category page.
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { CHARTS_HREF } from "../../domain/charts/chart-ids.ts"
import {
  BODY_AREA_INDEX_HREF,
  CATEGORIES_CHAPTER_SLUG,
  CATEGORY_INDEX_HREF,
  CHANNEL_INDEX_HREF,
} from "../../domain/content/content-links.ts"
import type { BookPage as BookPageData, StaticMenu } from "../../domain/content/content-views.ts"
import { useAppServices } from "../app-services.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ContentPage, textLang } from "./content-page.tsx"
import { CategoryLinks } from "./GroupPages.tsx"

const IndexView = ({ pages }: { readonly pages: StaticMenu }) => {
  const { t } = useTranslation("common")
  const { upgrade } = useAppServices()
  usePageTitle(t("browse.bookTitle"))
  return (
    <article>
      <h1>{t("browse.bookTitle")}</h1>
      <p className="lead">{t("browse.bookIntro")}</p>
      <ul className="card-list">
        {pages.map((p) => (
          <li key={p.slug} className="card-item">
            {p.permission ? (
              <Link href={`/book/pages/${p.slug}`} className="card-title">
                {p.title}
              </Link>
            ) : (
              <button
                type="button"
                className="link-button card-title"
                onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
              >
                <span>{p.title}</span> <ProBadge />
              </button>
            )}
            <span className="muted">{p.summary}</span>
          </li>
        ))}
      </ul>
      <h2>{t("browse.indexesTitle")}</h2>
      <ul className="card-list">
        {[
          [CHANNEL_INDEX_HREF, t("browse.channelsTitle"), t("browse.channelsIntro")],
          [CATEGORY_INDEX_HREF, t("browse.sectionIndex.categories"), t("browse.categoryIndexCard")],
          [BODY_AREA_INDEX_HREF, t("browse.sectionIndex.bodyAreas"), t("browse.bodyAreaIndexCard")],
          [CHARTS_HREF, t("browse.chartsCard"), t("browse.chartsCardText")],
        ].map(([href, title, text]) => (
          <li key={href} className="card-item">
            <Link href={href!} className="card-title">
              {title}
            </Link>
            <span className="muted">{text}</span>
          </li>
        ))}
      </ul>
    </article>
  )
}

export const BookIndexPage = () => {
  return (
    <ContentPage page="bookIndex" slug={""}>
      {(data) => <IndexView pages={data} />}
    </ContentPage>
  )
}

const PageView = ({ page }: { readonly page: BookPageData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(page.title)
  return (
    <article className="prose" lang={textLang(page.textLanguage, i18n.language)}>
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href="/book/pages">{t("browse.bookTitle")}</Link>
          </li>
          <li aria-current="page">{page.title}</li>
        </ol>
      </nav>
      <h1>{page.title}</h1>
      <p className="lead">{page.summary}</p>
      {page.body.map((block) =>
        block.type === "heading" ? (
          <h2 key={`h-${block.text}`}>{block.text}</h2>
        ) : block.type === "paragraph" ? (
          <p key={`p-${block.text}`}>{block.text}</p>
        ) : (
          <ul key={`l-${block.items.join("|")}`}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
      {page.slug === CATEGORIES_CHAPTER_SLUG ? (
        <div lang={i18n.language}>
          <CategoryLinks />
        </div>
      ) : null}
    </article>
  )
}

export const BookPage = ({ slug }: { readonly slug: string }) => {
  return (
    <ContentPage page="bookPage" slug={slug}>
      {(data) => <PageView page={data} />}
    </ContentPage>
  )
}

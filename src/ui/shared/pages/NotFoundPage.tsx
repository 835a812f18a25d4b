// /not-found, and any path the app does not know.
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { usePageTitle } from "../page-hooks.ts"

export const NotFoundPage = () => {
  const { t } = useTranslation("common")
  usePageTitle(t("notFound.title"))
  return (
    <section className="not-found">
      <h1>{t("notFound.title")}</h1>
      <p className="lead" style={{ marginInline: "auto" }}>
        {t("notFound.text")}
      </p>
      <Link href="/" className="button">
        {t("notFound.home")}
      </Link>
    </section>
  )
}

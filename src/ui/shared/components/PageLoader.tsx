// A page that is still loading: a spinner, announced as "Loading" to screen readers.
import { useTranslation } from "react-i18next"

export const PageLoader = () => {
  const { t } = useTranslation("common")
  return (
    <div className="page-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("loading")}</span>
    </div>
  )
}

// The Pro badge on locked items (§2, §6).
import { useTranslation } from "react-i18next"

export const ProBadge = () => {
  const { t } = useTranslation("common")
  return (
    <span className="badge pro" title={t("browse.proOnly")}>
      Pro<span className="visually-hidden"> — {t("browse.proOnly")}</span>
    </span>
  )
}

// The other ways to search, linked from the header's search submenu and modal.
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import {
  ALL_POINTS_ANCHOR,
  FULL_TEXT_HREF,
  SEARCH_HREF,
  SYMPTOM_SEARCH_HREF,
} from "../../domain/search/search-links.ts"

export const SearchLinks = ({ onNavigate }: { readonly onNavigate?: () => void }) => {
  const { t } = useTranslation("common")
  const links = [
    { href: `${SEARCH_HREF}#${ALL_POINTS_ANCHOR}`, label: t("search.links.allPoints") },
    { href: SEARCH_HREF, label: t("search.links.main") },
    { href: SYMPTOM_SEARCH_HREF, label: t("search.links.symptoms") },
    { href: FULL_TEXT_HREF, label: t("search.links.fullText") },
  ]
  return (
    <nav className="search-links" aria-label={t("search.links.label")}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} onClick={onNavigate}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

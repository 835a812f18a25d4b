// The header's search field while the search's script is on its way (shell-parts.tsx): the same
// label, field and help, focused as the search's own is, and what is typed into it is kept for the
// search (typed-search.ts), which takes over the field's place and focus with that text.
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { typedSearch } from "./typed-search.ts"

export const HeaderSearchPlaceholder = () => {
  const { t } = useTranslation("common")
  const id = useId()
  return (
    <div className="header-search">
      <div className="field search-field">
        <label htmlFor={id}>{t("search.label")}</label>
        <div className="search-input">
          <input
            id={id}
            type="search"
            name="header-search"
            aria-describedby={`${id}-help`}
            // It stands in for the search's own field, which takes focus as it opens.
            autoFocus
            onChange={(event) => typedSearch.set(event.currentTarget.value)}
          />
        </div>
        <span id={`${id}-help`} className="description">
          {t("search.help")}
        </span>
      </div>
    </div>
  )
}

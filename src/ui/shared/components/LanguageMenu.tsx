// The header's language dropdown: en, de and es can be chosen; ru is listed as under construction
// and cannot be selected (§1). Choosing a language hands it to the language flow.

import { Button as AriaButton } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"
import { IN_PROGRESS_LANGUAGES, LANGUAGES, type SelectableLanguage } from "../../../domain/shared/locales.ts"
import { LazyMenuTrigger } from "./LazyMenu.tsx"

export const LanguageMenu = ({
  current,
  onSelect,
  isBusy,
}: {
  readonly current: SelectableLanguage
  readonly onSelect: (language: string) => void
  readonly isBusy: boolean
}) => {
  const { t } = useTranslation("common")
  return (
    <LazyMenuTrigger
      label={t("language.label")}
      selectedKey={current}
      disabledKeys={IN_PROGRESS_LANGUAGES}
      onAction={onSelect}
      entries={LANGUAGES.map((language) => ({
        id: language,
        textValue: t(`language.names.${language}`),
        label: (
          <>
            <span lang={language}>{t(`language.names.${language}`)}</span>
            {IN_PROGRESS_LANGUAGES.includes(language) ? (
              <span className="badge">{t("language.inProgress")}</span>
            ) : null}
          </>
        ),
      }))}
    >
      <AriaButton className="nav-button">
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>{" "}
        <span className="visually-hidden">{t("language.label")}: </span>
        <abbr title={t(`language.names.${current}`)}>{current.toUpperCase()}</abbr>
        {isBusy ? <span className="spinner" aria-hidden="true" /> : null}
      </AriaButton>
    </LazyMenuTrigger>
  )
}

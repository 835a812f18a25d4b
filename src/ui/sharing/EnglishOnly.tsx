// Patient sharing is English only (§6): its pages speak English whatever the interface's language —
// their own texts, the shared words (buttons, field messages) and the player's controls — and say
// so to assistive technology with `lang="en"`. Dates are written the British way ("29 Dec 2026").
import { type ReactNode, useMemo } from "react"
import { I18nProvider } from "react-aria-components/I18nProvider"
import { I18nextProvider, useTranslation } from "react-i18next"

export const ENGLISH_DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
export const ENGLISH_TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" })

/** "29 Dec 2026" for an ISO time. */
export const englishDate = (iso: string) => ENGLISH_DATE.format(new Date(iso))

export const EnglishOnly = ({ children }: { readonly children: ReactNode }) => {
  const { i18n } = useTranslation()
  const english = useMemo(
    () => (i18n.language === "en" ? i18n : i18n.cloneInstance({ lng: "en", fallbackLng: "en" })),
    [i18n],
  )
  return (
    <I18nextProvider i18n={english}>
      <I18nProvider locale="en-GB">
        <div lang="en" className="english-only">
          {children}
        </div>
      </I18nProvider>
    </I18nextProvider>
  )
}

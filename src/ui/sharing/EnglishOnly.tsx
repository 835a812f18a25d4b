// Patient sharing is English only (§6): its pages speak English whatever the interface's language —
// their own texts, the shared words (buttons, field messages) and the player's controls — and say
// so to assistive technology with `lang="en"`. Dates are written the British way ("29 Dec 2026").
import type { i18n as I18n } from "i18next"
import { type ReactNode, useContext } from "react"
import { I18nProvider } from "react-aria-components/I18nProvider"
import { I18nContext, I18nextProvider, useTranslation } from "react-i18next"

export const ENGLISH_DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
export const ENGLISH_TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" })

/** "29 Dec 2026" for an ISO time. */
export const englishDate = (iso: string) => ENGLISH_DATE.format(new Date(iso))

/**
 * One English clone per instance, made once: a clone readies itself after a tick, so one made afresh
 * on a render would never be ready when its texts are asked for, and the page would wait for ever.
 */
const englishClones = new WeakMap<I18n, I18n>()
const englishOf = (i18n: I18n) => {
  if (i18n.language === "en") return i18n
  const kept = englishClones.get(i18n)
  if (kept) return kept
  const clone = i18n.cloneInstance({ lng: "en", fallbackLng: "en" })
  englishClones.set(i18n, clone)
  return clone
}

export const EnglishOnly = ({ children }: { readonly children: ReactNode }) => {
  // The instance the app provides itself: what useTranslation hands out is a wrapper made anew as
  // the texts change.
  const { i18n: wrapped } = useTranslation()
  const english = englishOf(useContext(I18nContext)?.i18n ?? wrapped)
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

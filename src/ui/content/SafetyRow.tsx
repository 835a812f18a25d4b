// The point page's safety row, under its header: "Safety:" and a list of the point's flags, each an
// icon and words (never colour alone) linking to the caution or contraindication sentence that
// states it, that sentence being the link's description. A point without flags shows no row: an
// empty row would read as "safe", and the needling section still says how to needle.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { PointPage } from "../../domain/content/content-views.ts"
import {
  type SafetyIcon as Icon,
  type SafetyItem,
  safetyItems,
  sentenceAnchor,
} from "../../domain/content/safety-row.ts"

const ICONS: Record<Icon, ReactNode> = {
  // A circle struck through: not done at all.
  forbidden: (
    <>
      <circle cx="8" cy="8" r="6.25" />
      <line x1="3.6" y1="12.4" x2="12.4" y2="3.6" />
    </>
  ),
  // A triangle with a bar: done with care.
  caution: (
    <>
      <path d="M8 1.75 14.75 14H1.25Z" />
      <line x1="8" y1="6" x2="8" y2="9.5" />
      <line x1="8" y1="11.5" x2="8" y2="11.6" />
    </>
  ),
  // An organ's outline.
  organ: (
    <path d="M8 14C4 11.5 2 9 2 6.25 2 4 3.75 2.5 5.5 2.5 6.75 2.5 7.5 3.25 8 4 8.5 3.25 9.25 2.5 10.5 2.5 12.25 2.5 14 4 14 6.25 14 9 12 11.5 8 14Z" />
  ),
  // A vessel: a wave.
  vessel: <path d="M1.5 8c1.6-3.5 3.3-3.5 4.9 0s3.3 3.5 4.9 0 2.4-2.6 3.2-1.5" />,
  // A nerve: a zigzag.
  nerve: <polyline points="1.5 8 4 4 6.5 12 9.5 4 12 12 14.5 8" />,
  // A depth: an arrow down to a line.
  depth: (
    <>
      <line x1="8" y1="1.5" x2="8" y2="10.5" />
      <polyline points="5 7.5 8 10.5 11 7.5" />
      <line x1="2.5" y1="14" x2="13.5" y2="14" />
    </>
  ),
}

export const SafetyIcon = ({ icon }: { readonly icon: Icon }) => (
  <svg className={`safety-icon safety-icon-${icon}`} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    {ICONS[icon]}
  </svg>
)

/** The first letter upper case: a glossary label begins a phrase ("lung and pleura" → "Lung and pleura beneath"). */
export const capitalized = (text: string, language: string) =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1)

export const SafetyRow = ({
  point,
  lang,
}: {
  readonly point: PointPage
  /** The `lang` attribute of a text in the given language (undefined when it is the page's). */
  readonly lang: (language: string) => string | undefined
}) => {
  const { t, i18n } = useTranslation("common")
  const items = safetyItems(point.safety, point.needling)
  if (items.length === 0) return null
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 })
  const textOf = (item: SafetyItem) =>
    capitalized(
      t(item.text, { label: item.label, cun: item.cun === undefined ? undefined : number.format(item.cun) }),
      i18n.language,
    )
  return (
    <div className="safety-row">
      <span id="safety-heading" className="safety-heading">
        {t("browse.safety.heading")}
      </span>
      <ul aria-labelledby="safety-heading" className="safety-flags">
        {items.map((item) => {
          const reasonId = `safety-reason-${item.key}`
          const content = (
            <>
              <SafetyIcon icon={item.icon} />
              <span>{textOf(item)}</span>
            </>
          )
          return (
            <li key={item.key} className={`safety-flag safety-flag-${item.icon}`}>
              <a
                href={`#${item.source ? sentenceAnchor(item.source) : "needling"}`}
                aria-describedby={item.reason === null ? undefined : reasonId}
              >
                {content}
              </a>
              {item.reason !== null && item.source !== null ? (
                // Hidden from view and from reading in turn: it is the link's description only.
                <span id={reasonId} hidden lang={lang(point.textLanguages.needling[item.source.list])}>
                  {item.reason}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

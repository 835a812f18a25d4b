// The searches' two safety checkboxes, labelled as a group: "Leave out points to avoid in pregnancy"
// and "Only points without organs beneath". The flow keeps their state; this only shows it.
import { useTranslation } from "react-i18next"
import { SAFETY_FILTERS, type SafetyFilters } from "../../domain/search/safety-filters.ts"
import { Checkbox } from "../shared/components/Checkbox.tsx"

export const SafetyFilterBoxes = ({
  value,
  onChange,
}: {
  readonly value: SafetyFilters
  readonly onChange: (change: Partial<SafetyFilters>) => void
}) => {
  const { t } = useTranslation("common")
  return (
    <fieldset className="safety-filters">
      <legend className="label">{t("search.safety.label")}</legend>
      {SAFETY_FILTERS.map((filter) => (
        <Checkbox key={filter} isSelected={value[filter]} onChange={(on) => onChange({ [filter]: on })}>
          {t(`search.safety.${filter}`)}
        </Checkbox>
      ))}
    </fieldset>
  )
}

/** The one line that says why no Pro point is listed while a safety filter is on. */
export const ProLeftOutNote = () => {
  const { t } = useTranslation("common")
  return <p className="muted pro-left-out">{t("search.safety.proLeftOut")}</p>
}

// The explorer's "Highlight" choice: which safety flags to mark on every view (or none). A React
// Aria Select like the view picker beside it; the page keeps the choice in the address, and the
// keyboard stays on the button after choosing.
import { Button as AriaButton } from "react-aria-components/Button"
import { Label } from "react-aria-components/Label"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { Popover } from "react-aria-components/Popover"
import { Select, SelectValue } from "react-aria-components/Select"
import { useTranslation } from "react-i18next"
import { CHART_HIGHLIGHTS, type ChartHighlight, parseChartHighlight } from "../../domain/charts/chart-safety.ts"

export const ChartHighlightSelect = ({
  value,
  onChange,
}: {
  readonly value: ChartHighlight
  readonly onChange: (highlight: ChartHighlight) => void
}) => {
  const { t } = useTranslation("charts")
  return (
    <Select
      className="explorer-select"
      selectedKey={value}
      onSelectionChange={(key) => {
        const next = parseChartHighlight(typeof key === "string" ? key : null)
        if (next !== value) onChange(next)
      }}
    >
      <Label className="label">{t("highlight.label")}</Label>
      <AriaButton className="select-button">
        <SelectValue />
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </AriaButton>
      <Popover placement="bottom start">
        <ListBox className="menu-popover">
          {CHART_HIGHLIGHTS.map((id) => (
            <ListBoxItem key={id} id={id} className="menu-item">
              {t(`highlight.${id}`)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  )
}

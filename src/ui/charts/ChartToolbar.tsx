// The chart's zoom and pan buttons, one toolbar (a single tab stop; arrow keys move between its
// buttons). Panning is offered once the chart is zoomed in; the same moves are on the keyboard
// (+, −, 0, Shift+arrows) and the pointer (wheel, drag, pinch).
import { Button } from "react-aria-components/Button"
import { Toolbar } from "react-aria-components/Toolbar"
import { useTranslation } from "react-i18next"
import { canZoomIn, isZoomedIn, PAN_STEP, type Zoom } from "../../domain/charts/chart-zoom.ts"

const Icon = ({ d }: { readonly d: string }) => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d={d} />
  </svg>
)

export const ChartToolbar = ({
  zoom,
  onZoomIn,
  onZoomOut,
  onReset,
  onPan,
}: {
  readonly zoom: Zoom
  readonly onZoomIn: () => void
  readonly onZoomOut: () => void
  readonly onReset: () => void
  readonly onPan: (dx: number, dy: number) => void
}) => {
  const { t } = useTranslation("charts")
  const zoomed = isZoomedIn(zoom)
  return (
    <Toolbar aria-label={t("toolsLabel")} className="chart-toolbar">
      <Button className="chart-tool" aria-label={t("zoomIn")} isDisabled={!canZoomIn(zoom)} onPress={onZoomIn}>
        <Icon d="M12 5v14M5 12h14" />
      </Button>
      <Button className="chart-tool" aria-label={t("zoomOut")} isDisabled={!zoomed} onPress={onZoomOut}>
        <Icon d="M5 12h14" />
      </Button>
      <Button className="chart-tool" aria-label={t("zoomReset")} isDisabled={!zoomed} onPress={onReset}>
        <Icon d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      </Button>
      {zoomed ? (
        <>
          <Button className="chart-tool" aria-label={t("panUp")} onPress={() => onPan(0, -PAN_STEP)}>
            <Icon d="M12 19V5M6 11l6-6 6 6" />
          </Button>
          <Button className="chart-tool" aria-label={t("panDown")} onPress={() => onPan(0, PAN_STEP)}>
            <Icon d="M12 5v14M6 13l6 6 6-6" />
          </Button>
          <Button className="chart-tool" aria-label={t("panLeft")} onPress={() => onPan(-PAN_STEP, 0)}>
            <Icon d="M19 12H5M11 6l-6 6 6 6" />
          </Button>
          <Button className="chart-tool" aria-label={t("panRight")} onPress={() => onPan(PAN_STEP, 0)}>
            <Icon d="M5 12h14M13 6l6 6-6 6" />
          </Button>
        </>
      ) : null}
    </Toolbar>
  )
}

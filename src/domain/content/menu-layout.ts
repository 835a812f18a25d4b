// The drill-down menu's layout (§2, §9): above 992 px three columns, above 622 px two, otherwise
// one; which levels are visible when more are open than fit; recalculated on resize after a
// RESIZE_DEBOUNCE_MS pause.
export const THREE_COLUMNS_ABOVE = 992
export const TWO_COLUMNS_ABOVE = 622

export const columnCount = (width: number): 1 | 2 | 3 =>
  width > THREE_COLUMNS_ABOVE ? 3 : width > TWO_COLUMNS_ABOVE ? 2 : 1

/** The first visible level when `depth` levels are open and `columns` fit. */
export const firstVisibleLevel = (depth: number, columns: number) => Math.max(0, depth - columns)

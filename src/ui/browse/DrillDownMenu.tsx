// The three-column drill-down menu (§2): channels, point groups and body areas, then their points.
// Arrow keys move within a column, Enter or Right opens, Left or Escape goes back; focus lands on the
// new column's current or first item. Locked items carry the Pro badge and open the upgrade modal.
import { useActorRef, useSelector } from "@xstate/react"
import { type KeyboardEvent, useEffect, useState } from "react"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { useTranslation } from "react-i18next"
import type { MenuEntry, MenuPoint, MenuSection } from "../../domain/content-views.ts"
import { firstVisibleLevel } from "../../domain/menu-layout.ts"
import { entryOf, sectionOf } from "../../machines/menu-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../components/Button.tsx"
import { FormMessage } from "../components/FormMessage.tsx"
import { ProBadge } from "../components/ProBadge.tsx"

type Item = MenuSection | MenuEntry | MenuPoint

const label = (item: Item) => (item.itemType === "point" ? `${item.name} ${item.title}` : item.title)

export const DrillDownMenu = ({ onClose }: { readonly onClose: () => void }) => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.menu, { input: { width: globalThis.innerWidth ?? 1280 } })
  const sections = useSelector(actor, (s) => s.context.sections)
  const path = useSelector(actor, (s) => s.context.path)
  const columns = useSelector(actor, (s) => s.context.columns)
  const loading = useSelector(actor, (s) => s.matches({ data: "loading" }))
  const failed = useSelector(actor, (s) => s.matches({ data: "failed" }))
  const error = useSelector(actor, (s) => s.context.error)
  // The column that should take focus: React Aria focuses its selected item, or its first, when the
  // list mounts with autoFocus, so a focus request remounts that column's list.
  const [focusRequest, setFocusRequest] = useState({ level: 0, n: 0 })
  const requestFocus = (level: number) => setFocusRequest((r) => ({ level, n: r.n + 1 }))

  useEffect(() => {
    const onResize = () => actor.send({ type: "viewport.resize", width: globalThis.innerWidth })
    globalThis.addEventListener("resize", onResize)
    return () => globalThis.removeEventListener("resize", onResize)
  }, [actor])

  const section = sectionOf({ sections, path })
  const entry = entryOf({ sections, path })
  const levels: Array<{ level: 0 | 1 | 2; title: string; items: ReadonlyArray<Item>; selected?: string | undefined }> =
    [{ level: 0, title: t("browse.menuTitle"), items: sections, selected: path[0] }]
  if (section) levels.push({ level: 1, title: section.title, items: section.children, selected: path[1] })
  if (section && entry) levels.push({ level: 2, title: entry.title, items: entry.points })
  const first = firstVisibleLevel(levels.length, columns)
  const visible = levels.slice(first)

  const open = (level: 0 | 1 | 2, id: string) => {
    const item = levels[level]?.items.find((i) => i.id === id)
    if (!item) return
    if (item.permission && level < 2) requestFocus(level + 1)
    actor.send({ type: "menu.select", level, id })
    if (level === 2 && item.permission) onClose()
  }

  const back = (level: number) => {
    if (level === 0) return onClose()
    requestFocus(level - 1)
    actor.send({ type: "menu.back" })
  }

  const onKeyDown = (level: 0 | 1 | 2) => (event: KeyboardEvent) => {
    const key = (event.target as HTMLElement).closest<HTMLElement>("[data-key]")?.dataset.key
    if (event.key === "ArrowRight" && key) {
      event.preventDefault()
      open(level, key)
    } else if (event.key === "ArrowLeft" || event.key === "Escape") {
      event.preventDefault()
      event.stopPropagation()
      back(level)
    }
  }

  return (
    <nav className="drilldown" aria-label={t("browse.menuLabel")}>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("loading")}
        </p>
      ) : null}
      {failed ? (
        <div>
          <FormMessage kind="error">{t(error ?? "errors.generic")}</FormMessage>
          <Button variant="secondary" onPress={() => actor.send({ type: "menu.retry" })}>
            {t("footer.retry")}
          </Button>
        </div>
      ) : null}
      {!loading && !failed ? (
        <div className="drilldown-columns" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {visible.map(({ level, title, items, selected }, index) => (
            <div key={level} className="drilldown-column">
              <div className="drilldown-column-header">
                {level > 0 && index === 0 ? (
                  <Button variant="quiet" onPress={() => back(level)}>
                    <span aria-hidden="true">←</span> {t("browse.back")}
                  </Button>
                ) : null}
                <h2 className="drilldown-title" id={`menu-col-${level}`}>
                  {title}
                </h2>
              </div>
              <div onKeyDownCapture={onKeyDown(level)}>
                <ListBox
                  key={focusRequest.level === level ? `focus-${focusRequest.n}` : "list"}
                  autoFocus={focusRequest.level === level ? "first" : false}
                  aria-labelledby={`menu-col-${level}`}
                  className="drilldown-list"
                  items={items.map((item) => ({ ...item, key: item.id }))}
                  selectionMode="single"
                  selectedKeys={selected ? [selected] : []}
                  onAction={(key) => open(level, String(key))}
                  renderEmptyState={() => <p className="muted">{t("browse.emptyColumn")}</p>}
                >
                  {(item) => (
                    <ListBoxItem
                      id={item.id}
                      textValue={label(item)}
                      className="drilldown-item"
                      data-locked={!item.permission || undefined}
                    >
                      <span className="drilldown-item-label">
                        {item.itemType === "point" ? (
                          <>
                            <span className="point-code">{item.name}</span> {item.title}
                          </>
                        ) : (
                          item.title
                        )}
                      </span>
                      {!item.permission ? <ProBadge /> : null}
                      {level < 2 && item.permission ? (
                        <span className="drilldown-chevron" aria-hidden="true">
                          ›
                        </span>
                      ) : null}
                    </ListBoxItem>
                  )}
                </ListBox>
              </div>
            </div>
          ))}
        </div>
      ) : null}
    </nav>
  )
}

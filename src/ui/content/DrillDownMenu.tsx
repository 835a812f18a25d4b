// The three-column drill-down menu (§2): channels, point categories and body areas, then their
// points. A click, a tap, Enter or Space on any item opens it, whatever is open already; Right
// opens too, Left or Escape goes back. From the keyboard, focus lands on the new column's current or
// first item; a click leaves it on the item clicked, so Escape from there closes the menu. Each
// column scrolls inside the panel. Locked items carry the Pro badge and open the upgrade modal.
import { useActorRef, useSelector } from "@xstate/react"
import { type KeyboardEvent, type ReactNode, Suspense, useEffect } from "react"
import { Header, ListBox, ListBoxItem, ListBoxSection } from "react-aria-components/ListBox"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import {
  channelVideoHref,
  menuEntryHref,
  menuSectionHref,
  pointVideosHref,
} from "../../domain/content/content-links.ts"
import type { MenuEntry, MenuGroup, MenuPoint, MenuSection } from "../../domain/content/content-views.ts"
import { firstVisibleLevel } from "../../domain/content/menu-layout.ts"
import { entryOf, GROUPS_SECTION, sectionOf } from "../../machines/content/menu-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { GroupsColumns } from "../groups/GroupsColumns.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { useColumnFocus } from "../shared/list-focus.ts"

/** The learner's own point groups, a section of the first column after the channels (§2). */
interface GroupsSectionItem {
  readonly id: typeof GROUPS_SECTION
  readonly title: string
  readonly itemType: "groups"
  readonly permission: true
}

type Item = MenuSection | MenuEntry | MenuPoint | GroupsSectionItem

/** Points and channels read with their code first ("LU-9 Tàiyuān · Great Abyss", "GV Governing Vessel"). */
const codeOf = (item: Item) => (item.itemType === "point" || item.itemType === "channel" ? item.name : null)
const label = (item: Item) => {
  const code = codeOf(item)
  return code === null ? item.title : `${code} ${item.title}`
}

interface Level {
  readonly level: 0 | 1 | 2
  readonly title: string
  readonly items: ReadonlyArray<Item>
  readonly selected?: string | undefined
  /** The page of what this column lists, linked from its header. */
  readonly page?: { readonly href: string; readonly label: string } | undefined
  /** A channel's or vessel's videos (§4 "play channel video", "play all point videos"). */
  readonly videos?: ReadonlyArray<{ readonly href: string; readonly label: string }> | undefined
}

/** Entries under their group headings, in the order the server sent them. */
const groupsOf = (items: ReadonlyArray<Item>) => {
  const groups: Array<{ group: MenuGroup; items: Array<MenuEntry> }> = []
  for (const item of items) {
    if (!("group" in item)) continue
    const last = groups.at(-1)
    if (last?.group === item.group) last.items.push(item)
    else groups.push({ group: item.group, items: [item] })
  }
  return groups
}

export const DrillDownMenu = ({
  onClose,
  onDismiss,
}: {
  /** A point was opened: the menu closes and the page takes focus. */
  readonly onClose: () => void
  /** The user left the menu (Escape, Back at the first column): focus returns to its button. */
  readonly onDismiss: () => void
}) => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.menu, { input: { width: globalThis.innerWidth ?? 1280 } })
  const sections = useSelector(actor, (s) => s.context.sections)
  const path = useSelector(actor, (s) => s.context.path)
  const columns = useSelector(actor, (s) => s.context.columns)
  const loading = useSelector(actor, (s) => s.matches({ data: "loading" }))
  const failed = useSelector(actor, (s) => s.matches({ data: "failed" }))
  const error = useSelector(actor, (s) => s.context.error)
  // The column that takes focus next (src/ui/shared/list-focus.ts).
  const focus = useColumnFocus(0)

  useEffect(() => {
    const onResize = () => actor.send({ type: "viewport.resize", width: globalThis.innerWidth })
    globalThis.addEventListener("resize", onResize)
    return () => globalThis.removeEventListener("resize", onResize)
  }, [actor])

  const section = sectionOf({ sections, path })
  const entry = entryOf({ sections, path })
  const groupsItem: GroupsSectionItem = {
    id: GROUPS_SECTION,
    title: t("browse.myGroups"),
    itemType: "groups",
    permission: true,
  }
  const firstItems: ReadonlyArray<Item> = sections.flatMap((s, i) => (i === 0 ? [s, groupsItem] : [s]))
  const levels: Array<Level> = [{ level: 0, title: t("browse.menuTitle"), items: firstItems, selected: path[0] }]
  if (section) {
    levels.push({
      level: 1,
      title: section.title,
      items: section.children,
      selected: path[1],
      page: { href: menuSectionHref(section), label: t(`browse.sectionIndex.${section.id}`) },
    })
  }
  if (section && entry) {
    levels.push({
      level: 2,
      title: label(entry),
      items: entry.points,
      page: { href: menuEntryHref(entry), label: t(`browse.entryPage.${entry.itemType}`) },
      videos:
        entry.itemType === "channel"
          ? [
              { href: channelVideoHref(entry.slug), label: t("browse.playChannelVideo") },
              { href: pointVideosHref(entry.slug), label: t("browse.playPointVideos") },
            ]
          : entry.itemType === "vessel"
            ? [{ href: channelVideoHref(entry.slug), label: t("browse.playVesselVideo") }]
            : undefined,
    })
  }
  const first = firstVisibleLevel(levels.length, columns)
  const visible = levels.slice(first)

  const open = (level: 0 | 1 | 2, id: string) => {
    const item = levels[level]?.items.find((i) => i.id === id)
    if (!item) return
    if (item.permission && level < 2) focus.request(level + 1)
    actor.send({ type: "menu.select", level, id })
    if (level === 2 && item.permission) onClose()
  }

  const back = (level: number) => {
    if (level === 0) return onDismiss()
    // Back to the item that opened this column.
    focus.request(level - 1, path[level - 1])
    actor.send({ type: "menu.back" })
  }

  const onKeyDown =
    ({ level, selected }: Level) =>
    (event: KeyboardEvent) => {
      const key = (event.target as HTMLElement).closest<HTMLElement>("[data-key]")?.dataset.key
      // Right opens like Enter; Enter on the item that is open already moves on into its column.
      if (key && (event.key === "ArrowRight" || (event.key === "Enter" && key === selected))) {
        event.preventDefault()
        open(level, key)
      } else if (event.key === "ArrowLeft" || event.key === "Escape") {
        event.preventDefault()
        event.stopPropagation()
        back(level)
      }
    }

  const renderItem = (item: Item, level: 0 | 1 | 2): ReactNode => (
    <ListBoxItem
      key={item.id}
      id={item.id}
      textValue={label(item)}
      className="drilldown-item"
      data-locked={!item.permission || undefined}
    >
      <span className="drilldown-item-label">
        {codeOf(item) !== null ? (
          <>
            <span className="point-code">{codeOf(item)}</span> {item.title}
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
  )

  const renderColumn = (column: Level, index: number): ReactNode => {
    const { level, title, items, selected, page, videos } = column
    const groups = groupsOf(items)
    return (
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
          {page ? (
            <Link href={page.href} className="drilldown-page-link">
              {page.label}
            </Link>
          ) : null}
          {videos?.map((video) => (
            <Link key={video.href} href={video.href} className="drilldown-page-link">
              <span aria-hidden="true">▶ </span>
              {video.label}
            </Link>
          ))}
        </div>
        <div className="drilldown-scroll" onKeyDownCapture={onKeyDown(column)}>
          <ListBox
            key={focus.listKey(level)}
            autoFocus={focus.autoFocus(level)}
            onFocus={focus.onFocus(level)}
            aria-labelledby={`menu-col-${level}`}
            className="drilldown-list"
            // Selection is what is open; every press selects, and selecting opens. No
            // separate action, which React Aria would ignore once something is selected.
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={selected ? [selected] : []}
            onSelectionChange={(keys) => {
              if (keys === "all") return
              const [key] = [...keys]
              if (key !== undefined) open(level, String(key))
            }}
            renderEmptyState={() => <p className="muted">{t("browse.emptyColumn")}</p>}
          >
            {groups.length > 1
              ? groups.map(({ group, items: grouped }) => (
                  <ListBoxSection key={group} id={group} className="drilldown-group">
                    <Header className="drilldown-group-title">{t(`browse.menuGroups.${group}`)}</Header>
                    {grouped.map((item) => renderItem(item, level))}
                  </ListBoxSection>
                ))
              : items.map((item) => renderItem(item, level))}
          </ListBox>
        </div>
      </div>
    )
  }

  return (
    <nav
      className="drilldown"
      aria-label={t("browse.menuLabel")}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss()
      }}
    >
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
        path[0] === GROUPS_SECTION ? (
          <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
            <GroupsColumns
              columns={columns}
              sectionsColumn={levels[0] ? renderColumn(levels[0], 0) : null}
              autoFocus={focus.autoFocus(1) !== false}
              onBack={() => back(1)}
              onPointOpened={onClose}
            />
          </Suspense>
        ) : (
          <div className="drilldown-columns" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
            {visible.map((column, index) => renderColumn(column, index))}
          </div>
        )
      ) : null}
    </nav>
  )
}

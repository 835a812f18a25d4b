// "My point groups" (§2, §4, §5): the learner's groups, then one group's points, as columns of the
// drill-down menu (after its sections column) or alone on /my-point-groups. A click, Enter or Right
// opens a group; Left or Escape goes back. Edit/done shows the delete buttons, rename in place and
// the remove buttons of points; a new group is created inline. Each point opens its page (a locked
// one, a Pro point after a downgrade, carries the Pro badge and opens the upgrade modal); each
// group links to its test. A visitor is asked to sign in.
import { useActorRef, useSelector } from "@xstate/react"
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react"
import { Form } from "react-aria-components/Form"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { useTranslation } from "react-i18next"
import { Link, useLocation } from "wouter"
import { withReturnPath } from "../../domain/account/return-path.ts"
import { firstVisibleLevel } from "../../domain/content/menu-layout.ts"
import { groupTestHref } from "../../domain/groups/group-links.ts"
import type { GroupView } from "../../domain/groups/group-views.ts"
import { groupOf, groupTestLocked } from "../../machines/groups/groups-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { ConfirmDialog } from "../shared/components/ConfirmDialog.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { useColumnFocus } from "../shared/list-focus.ts"
import { useFocusWhenReady } from "../shared/page-hooks.ts"
import "./groups.css"

export interface GroupsColumnsProps {
  /** How many columns fit (the menu's layout). */
  readonly columns: number
  /** The menu's sections column, shown before the groups when there is room. */
  readonly sectionsColumn?: ReactNode
  /** The groups column takes focus when it appears (it was opened by keyboard). */
  readonly autoFocus?: boolean
  /** Back from the groups column: to the menu's sections (or nowhere on the page). */
  readonly onBack?: () => void
  /** A point's page was opened: the menu closes. */
  readonly onPointOpened?: () => void
}

export const GroupsColumns = (props: GroupsColumnsProps) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  return signedIn ? <MemberGroups {...props} /> : <VisitorGroups {...props} />
}

const ColumnHeader = ({
  id,
  title,
  onBack,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly onBack?: (() => void) | undefined
  readonly children?: ReactNode
}) => {
  const { t } = useTranslation("common")
  return (
    <div className="drilldown-column-header">
      {onBack ? (
        <Button variant="quiet" onPress={onBack}>
          <span aria-hidden="true">←</span> {t("browse.back")}
        </Button>
      ) : null}
      <h2 className="drilldown-title" id={id}>
        {title}
      </h2>
      {children}
    </div>
  )
}

const Columns = ({ columns, nodes }: { readonly columns: number; readonly nodes: ReadonlyArray<ReactNode> }) => {
  const visible = nodes.slice(firstVisibleLevel(nodes.length, columns))
  return (
    <div
      className="drilldown-columns"
      style={{ gridTemplateColumns: `repeat(${Math.min(columns, Math.max(visible.length, 1))}, minmax(0, 1fr))` }}
    >
      {visible}
    </div>
  )
}

const VisitorGroups = ({ columns, sectionsColumn, onBack }: GroupsColumnsProps) => {
  const { t } = useTranslation("groups")
  const [location] = useLocation()
  const column = (
    <div key="groups" className="drilldown-column">
      <ColumnHeader
        id="menu-col-groups"
        title={t("title")}
        onBack={sectionsColumn && columns < 2 ? onBack : undefined}
      />
      <p className="groups-note">
        {t("signInPrompt")} <Link href={withReturnPath("/login", location)}>{t("signIn")}</Link>
      </p>
    </div>
  )
  return <Columns columns={columns} nodes={sectionsColumn ? [sectionsColumn, column] : [column]} />
}

const MemberGroups = ({ columns, sectionsColumn, autoFocus = false, onBack, onPointOpened }: GroupsColumnsProps) => {
  const { t } = useTranslation(["groups", "common"])
  const { machines } = useAppServices()
  const actor = useActorRef(machines.groups.column)
  const groups = useSelector(actor, (s) => s.context.groups)
  const open = useSelector(actor, (s) => groupOf(s.context))
  const editing = useSelector(actor, (s) => s.context.editing)
  const testLocked = useSelector(actor, groupTestLocked)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const error = useSelector(actor, (s) => s.context.error)
  // Which column takes focus next (src/ui/shared/list-focus.ts).
  const focus = useColumnFocus(autoFocus ? 1 : null)

  const openGroup = (id: number) => {
    focus.request(2)
    actor.send({ type: "group.open", id })
  }
  /** Back to the groups, on the group that was open. */
  const closeGroup = () => {
    focus.request(1, open ? String(open.id) : undefined)
    actor.send({ type: "group.close" })
  }
  const keys =
    (level: 1 | 2, selected: string | undefined, openKey: (key: string) => void) => (event: KeyboardEvent) => {
      const key = (event.target as HTMLElement).closest<HTMLElement>("[data-key]")?.dataset.key
      if (key && (event.key === "ArrowRight" || (event.key === "Enter" && key === selected))) {
        event.preventDefault()
        openKey(key)
      } else if (event.key === "ArrowLeft" || event.key === "Escape") {
        event.preventDefault()
        event.stopPropagation()
        if (level === 2) closeGroup()
        else onBack?.()
      }
    }

  const nodes: Array<ReactNode> = sectionsColumn ? [sectionsColumn] : []
  const firstShown = firstVisibleLevel(nodes.length + 1 + (open ? 1 : 0), columns)
  const groupsIndex = nodes.length

  nodes.push(
    <div key="groups" className="drilldown-column groups-column">
      <ColumnHeader
        id="menu-col-groups"
        title={t("groups:title")}
        onBack={sectionsColumn && firstShown === groupsIndex ? onBack : undefined}
      >
        {groups.length > 0 ? (
          <Button variant="quiet" aria-pressed={editing} onPress={() => actor.send({ type: "edit.toggle" })}>
            {editing ? t("groups:done") : t("groups:edit")}
          </Button>
        ) : null}
      </ColumnHeader>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
      {failed ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "groups.retry" })}>
          {t("common:footer.retry")}
        </Button>
      ) : null}
      {!loading && !failed ? (
        <div className="drilldown-scroll">
          {groups.length === 0 ? (
            <p className="muted groups-note">{t("groups:empty")}</p>
          ) : editing ? (
            <EditableGroups actor={actor} groups={groups} />
          ) : (
            <div onKeyDownCapture={keys(1, open ? String(open.id) : undefined, (key) => openGroup(Number(key)))}>
              <ListBox
                key={focus.listKey(1)}
                autoFocus={focus.autoFocus(1)}
                onFocus={focus.onFocus(1)}
                aria-labelledby="menu-col-groups"
                className="drilldown-list"
                selectionMode="single"
                disallowEmptySelection
                selectedKeys={open ? [String(open.id)] : []}
                onSelectionChange={(selection) => {
                  if (selection === "all") return
                  const [key] = [...selection]
                  if (key !== undefined) openGroup(Number(key))
                }}
                renderEmptyState={() => <p className="muted">{t("groups:empty")}</p>}
              >
                {groups.map((group) => (
                  <ListBoxItem key={group.id} id={String(group.id)} textValue={group.name} className="drilldown-item">
                    <span className="drilldown-item-label">
                      {group.name} <span>{t("groups:pointCount", { count: group.points.length })}</span>
                    </span>
                    <span className="drilldown-chevron" aria-hidden="true">
                      ›
                    </span>
                  </ListBoxItem>
                ))}
              </ListBox>
            </div>
          )}
          <CreateGroup actor={actor} />
        </div>
      ) : null}
    </div>,
  )

  if (open) {
    nodes.push(
      <div key="points" className="drilldown-column">
        <ColumnHeader
          id="menu-col-group-points"
          title={open.name}
          onBack={firstShown === groupsIndex + 1 ? closeGroup : undefined}
        >
          {testLocked ? (
            <button
              type="button"
              className="link-button drilldown-page-link"
              onClick={() => actor.send({ type: "group.test" })}
            >
              {t("groups:testGroup")} <ProBadge />
            </button>
          ) : (
            <Link href={groupTestHref(open.id)} className="drilldown-page-link">
              {t("groups:testGroup")}
            </Link>
          )}
        </ColumnHeader>
        <div className="drilldown-scroll">
          {editing ? (
            <ul className="group-edit-list" aria-labelledby="menu-col-group-points">
              {open.points.map((point) => (
                <li key={point.mapping_id}>
                  <span>
                    <span className="point-code">{point.code}</span> {point.pinyin}
                  </span>
                  <Button
                    variant="quiet"
                    aria-label={t("groups:removePoint", { point: point.code, group: open.name })}
                    onPress={() => actor.send({ type: "point.remove", mappingId: point.mapping_id })}
                  >
                    <span aria-hidden="true">✕</span> {t("groups:remove")}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <div onKeyDownCapture={keys(2, undefined, () => {})}>
              <ListBox
                key={focus.listKey(2)}
                autoFocus={focus.autoFocus(2)}
                onFocus={focus.onFocus(2)}
                aria-labelledby="menu-col-group-points"
                className="drilldown-list"
                selectionMode="single"
                selectedKeys={[]}
                onSelectionChange={(selection) => {
                  if (selection === "all") return
                  const [key] = [...selection]
                  if (key === undefined) return
                  const point = open.points.find((p) => String(p.mapping_id) === String(key))
                  actor.send({ type: "point.open", mappingId: Number(key) })
                  if (point?.permission) onPointOpened?.()
                }}
                renderEmptyState={() => <p className="muted">{t("groups:noPoints")}</p>}
              >
                {open.points.map((point) => (
                  <ListBoxItem
                    key={point.mapping_id}
                    id={String(point.mapping_id)}
                    textValue={`${point.code} ${point.pinyin} · ${point.name}`}
                    className="drilldown-item"
                    data-locked={!point.permission || undefined}
                  >
                    <span className="drilldown-item-label">
                      <span className="point-code">{point.code}</span> {point.pinyin} · {point.name}
                    </span>
                    {!point.permission ? <ProBadge /> : null}
                  </ListBoxItem>
                ))}
              </ListBox>
            </div>
          )}
        </div>
      </div>,
    )
  }
  return <Columns columns={columns} nodes={nodes} />
}

type GroupsActor = ReturnType<typeof useActorRef<ReturnType<typeof useAppServices>["machines"]["groups"]["column"]>>

/** Focuses the title field when a title was turned back. */
const useFocusOnReject = (actor: GroupsActor) => {
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const field = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (rejected > 0) field.current?.querySelector("input")?.focus()
  }, [rejected])
  return field
}

const EditableGroups = ({
  actor,
  groups,
}: {
  readonly actor: GroupsActor
  readonly groups: ReadonlyArray<GroupView>
}) => {
  const { t } = useTranslation(["groups", "common"])
  const rename = useSelector(actor, (s) => s.context.rename)
  const confirming = useSelector(actor, (s) => s.context.confirming)
  const fieldError = useSelector(actor, (s) => s.context.fieldErrors.name)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const field = useFocusOnReject(actor)
  // A group renamed or deleted: its form or row goes, so the cursor goes to the list of groups.
  const done = useFocusWhenReady<HTMLUListElement>(!busy && rename === null && confirming === null)
  return (
    <ul ref={done.ref} tabIndex={-1} className="group-edit-list" aria-labelledby="menu-col-groups">
      {groups.map((group) => (
        <li key={group.id}>
          {rename?.id === group.id ? (
            <Form
              className="group-create"
              onSubmit={(event) => {
                event.preventDefault()
                done.arm()
                actor.send({ type: "rename.submit" })
              }}
            >
              <div ref={field}>
                <TextField
                  label={t("groups:titleField")}
                  name="name"
                  autoFocus
                  value={rename.name}
                  onChange={(name) => actor.send({ type: "rename.change", name })}
                  errorMessage={fieldError ? t(`common:${fieldError}`) : null}
                />
              </div>
              <div className="button-row">
                <Button type="submit" isPending={busy}>
                  {t("groups:save")}
                </Button>
                <Button variant="secondary" onPress={() => actor.send({ type: "rename.cancel" })}>
                  {t("groups:cancel")}
                </Button>
              </div>
            </Form>
          ) : (
            <>
              <span>{group.name}</span>
              <span className="button-row">
                <Button
                  variant="quiet"
                  aria-label={t("groups:renameGroup", { group: group.name })}
                  onPress={() => actor.send({ type: "rename.start", id: group.id })}
                >
                  {t("groups:rename")}
                </Button>
                <Button
                  variant="quiet"
                  aria-label={t("groups:deleteGroup", { group: group.name })}
                  onPress={() => actor.send({ type: "group.delete", id: group.id })}
                >
                  <span aria-hidden="true">✕</span> {t("groups:delete")}
                </Button>
              </span>
            </>
          )}
          {confirming === group.id ? (
            <ConfirmDialog
              question={t("groups:confirmDelete", { group: group.name })}
              confirmLabel={t("groups:delete")}
              cancelLabel={t("groups:cancel")}
              destructive
              onConfirm={() => {
                done.arm()
                actor.send({ type: "delete.confirm" })
              }}
              onCancel={() => actor.send({ type: "delete.cancel" })}
            />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

const CreateGroup = ({ actor }: { readonly actor: GroupsActor }) => {
  const { t } = useTranslation(["groups", "common"])
  const creating = useSelector(actor, (s) => s.context.creating)
  const draft = useSelector(actor, (s) => s.context.draft)
  const renaming = useSelector(actor, (s) => s.context.rename !== null)
  const fieldError = useSelector(actor, (s) => (s.context.rename === null ? s.context.fieldErrors.name : undefined))
  const busy = useSelector(actor, (s) => s.matches({ ready: "creating" }))
  const field = useFocusOnReject(actor)
  if (!creating || renaming)
    return (
      <Button variant="secondary" onPress={() => actor.send({ type: "create.start" })}>
        <span aria-hidden="true">+</span> {t("groups:newGroup")}
      </Button>
    )
  return (
    <Form
      className="group-create"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "create.submit" })
      }}
    >
      <div ref={field}>
        <TextField
          label={t("groups:titleField")}
          name="name"
          autoFocus
          value={draft}
          onChange={(name) => actor.send({ type: "create.change", name })}
          errorMessage={fieldError ? t(`common:${fieldError}`) : null}
        />
      </div>
      <div className="button-row">
        <Button type="submit" isPending={busy}>
          {t("groups:create")}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: "create.cancel" })}>
          {t("groups:cancel")}
        </Button>
      </div>
    </Form>
  )
}

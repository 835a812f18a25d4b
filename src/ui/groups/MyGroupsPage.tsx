// /my-point-groups: the learner's point groups on a page of their own — what the account menu's
// "my point groups" opens (§2): the same columns as the drill-down menu's, as wide as the window.
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { columnCount } from "../../domain/content/menu-layout.ts"
import { usePageTitle } from "../shared/page-hooks.ts"
import { GroupsColumns } from "./GroupsColumns.tsx"

export const MyGroupsPage = () => {
  const { t } = useTranslation("groups")
  usePageTitle(t("pageTitle"))
  const [columns, setColumns] = useState(() => Math.min(2, columnCount(globalThis.innerWidth ?? 1280)))
  useEffect(() => {
    const onResize = () => setColumns(Math.min(2, columnCount(globalThis.innerWidth)))
    globalThis.addEventListener("resize", onResize)
    return () => globalThis.removeEventListener("resize", onResize)
  }, [])
  return (
    <section className="panel groups-page">
      <h1>{t("pageTitle")}</h1>
      <div className="drilldown">
        <GroupsColumns columns={columns} />
      </div>
    </section>
  )
}

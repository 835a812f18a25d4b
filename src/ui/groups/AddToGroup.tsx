// "Add to group" on a point page (one point) and a channel page (the whole channel), shown to
// signed-in learners only (groups belong to an account). The button comes with the page; the dialog
// and its flow (AddToGroupDialog.tsx) load on its first press, which waits for them — the button says
// it is loading meanwhile — rather than being lost. Offline, the place says the part could not load,
// with a retry.
import { useSelector } from "@xstate/react"
import { useCallback, useState } from "react"
import { useTranslation } from "react-i18next"
import type { AddMode } from "../../domain/groups/group-rules.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { lazyPart, PAGE_PART } from "../shared/components/lazy-part.tsx"

const AddToGroupDialog = lazyPart(() => import("./AddToGroupDialog.tsx"), PAGE_PART)

export const AddToGroup = ({
  mode,
  id,
  label,
}: {
  readonly mode: AddMode
  readonly id: string
  readonly label: string
}) => {
  const { t } = useTranslation("groups")
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const [opens, setOpens] = useState(0)
  const [shown, setShown] = useState(false)
  const onShown = useCallback(() => setShown(true), [])
  if (!signedIn) return null
  return (
    <>
      <Button variant="secondary" isPending={opens > 0 && !shown} onPress={() => setOpens((n) => n + 1)}>
        {mode === "channel" ? t("add.channelButton") : t("add.pointButton")}
      </Button>
      {opens > 0 ? <AddToGroupDialog mode={mode} id={id} label={label} opens={opens} onShown={onShown} /> : null}
    </>
  )
}

// A video's preview before sharing it: a modal dialog with the accessible player (English captions
// on, the transcript beside it); closing it puts the cursor back on its Preview button.
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { shareFormMachine } from "../../machines/sharing/share-form-machine.ts"
import { Modal } from "../shared/components/Modal.tsx"
import { PlayerFor } from "./PlayerFor.tsx"

export const previewButtonId = (videoId: string) => `preview-${videoId}`

export const VideoPreview = ({ actor }: { readonly actor: ActorRefFrom<typeof shareFormMachine> }) => {
  const { t } = useTranslation("sharing")
  const video = useSelector(actor, (s) => s.context.videoList.find((v) => v.id === s.context.preview) ?? null)
  const preferences = useSelector(actor, (s) => s.context.preferences)
  // Closed, the cursor goes back to the Preview button that opened it (also after a mouse click,
  // which leaves nothing focused for the dialog to return to).
  const opener = useRef<string | null>(null)
  useEffect(() => {
    if (video) opener.current = video.id
    else if (opener.current) {
      const id = previewButtonId(opener.current)
      opener.current = null
      requestAnimationFrame(() => document.getElementById(id)?.focus())
    }
  }, [video])
  return (
    <Modal
      isOpen={video !== null}
      onOpenChange={(open) => (open ? null : actor.send({ type: "preview.close" }))}
      title={video ? t("form.previewTitle", { title: video.title }) : ""}
      size="lg"
    >
      {video ? <PlayerFor video={video} preferences={preferences} send={actor.send} /> : null}
    </Modal>
  )
}

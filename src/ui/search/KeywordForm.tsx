// The keyword of the main search and the full text, with its search and clear buttons: both are
// disabled while the keyword is empty (§5; the machine decides), the server's keyword message
// shows under the field (§8), and Clear puts the cursor back in the field.
import { useSelector } from "@xstate/react"
import { type ReactNode, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { KEYWORD_MAX_LENGTH } from "../../domain/search/keyword-limits.ts"
import type { searchMachine } from "../../machines/search/search-machine.ts"
import { Button } from "../shared/components/Button.tsx"
import { TextField } from "../shared/components/TextField.tsx"

export const KeywordForm = ({
  actor,
  label,
  description,
  children,
}: {
  readonly actor: ActorRefFrom<typeof searchMachine>
  readonly label: string
  readonly description?: string
  /** The filters, between the keyword and the buttons. */
  readonly children?: ReactNode
}) => {
  const { t } = useTranslation("common")
  const keyword = useSelector(actor, (s) => s.context.keyword)
  const keywordError = useSelector(actor, (s) => s.context.keywordError)
  const canSearch = useSelector(actor, (s) => s.can({ type: "search.submit" }))
  const canClear = useSelector(actor, (s) => s.can({ type: "search.clear" }))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const form = useRef<HTMLFormElement>(null)
  return (
    <form
      ref={form}
      aria-label={label}
      className="search-form"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "search.submit" })
      }}
    >
      <TextField
        label={label}
        name="keyword"
        type="search"
        value={keyword}
        onChange={(value) => actor.send({ type: "keyword.change", keyword: value })}
        errorMessage={keywordError ? t(keywordError, { max: KEYWORD_MAX_LENGTH }) : null}
        description={description}
        className="keyword-field"
      />
      {children}
      <div className="button-row">
        <Button type="submit" isDisabled={!canSearch} isPending={busy}>
          {t("search.main.submit")}
        </Button>
        <Button
          variant="secondary"
          isDisabled={!canClear}
          onPress={() => {
            actor.send({ type: "search.clear" })
            form.current?.querySelector<HTMLInputElement>('input[name="keyword"]')?.focus()
          }}
        >
          {t("search.main.clear")}
        </Button>
      </div>
    </form>
  )
}

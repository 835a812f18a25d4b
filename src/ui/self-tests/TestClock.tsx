// The clock of a running self-test: the time left (counted down on this device, not a live region),
// the polite announcements at 5 min, 1 min and 30 s, and the warning before the end with its
// one-key "more time" (WCAG 2.2.1). The warning sits beside the question: answering goes on.
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { MINUTE_MS } from "../../domain/self-tests/test-timing.ts"
import { TEST_TAGS } from "../../machines/self-tests/test-session-context.ts"
import type { testSessionMachine } from "../../machines/self-tests/test-session-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { clockText } from "./question-text.ts"

type SessionActor = ActorRefFrom<typeof testSessionMachine>

/** The time left, counted down on this device from the server's deadline; not a live region. */
export const TimeLeft = ({ actor }: { readonly actor: SessionActor }) => {
  const { t } = useTranslation("self-tests")
  const { machines } = useAppServices()
  const { now } = machines.tests
  const deadline = useSelector(actor, (s) => s.context.deadline)
  const [, setTick] = useState(0)
  useEffect(() => {
    if (deadline === null) return
    const timer = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [deadline])
  if (deadline === null) return <p className="time-left practice">{t("self-tests:session.practice")}</p>
  const left = Math.max(0, deadline - now())
  return (
    <p className="time-left">
      {t("self-tests:session.timeLeft")}{" "}
      <span role="timer" aria-live="off" className="time-value">
        {clockText(left)}
      </span>
    </p>
  )
}

/** Says the time left at 5 min, 1 min and 30 s, politely; nothing in between. */
export const TimeAnnouncer = ({ actor }: { readonly actor: SessionActor }) => {
  const { t } = useTranslation("self-tests")
  const announcement = useSelector(actor, (s) => s.context.announcement)
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement === null ? "" : t(`self-tests:session.announce.${announcement}`)}
    </div>
  )
}

/**
 * The warning before the end (WCAG 2.2.1): one key — Enter on the focused button — adds time. It
 * is not modal: the question beside it can still be answered, by mouse or by Tab.
 */
export const Warning = ({ actor }: { readonly actor: SessionActor }) => {
  const { t } = useTranslation(["self-tests", "common"])
  const clock = useSelector(actor, (s) => s.context.clock)
  const extending = useSelector(actor, (s) => s.hasTag(TEST_TAGS.extending))
  const canExtend = useSelector(actor, (s) => s.can({ type: "time.extend" }) || s.hasTag(TEST_TAGS.extending))
  const error = useSelector(actor, (s) => s.context.error)
  const minutes = Math.round((clock?.extraTimeMs ?? 0) / MINUTE_MS)
  return (
    <div
      className="form-message notice time-warning"
      role="alertdialog"
      aria-labelledby="time-warning-title"
      aria-describedby="time-warning-text"
    >
      <h2 id="time-warning-title">{t("self-tests:session.warningTitle")}</h2>
      <p id="time-warning-text">
        {canExtend ? t("self-tests:session.warningText", { minutes }) : t("self-tests:session.noMoreTime")}
      </p>
      <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
      <div className="button-row">
        {canExtend ? (
          <Button autoFocus isPending={extending} onPress={() => actor.send({ type: "time.extend" })}>
            {t("self-tests:session.moreTime", { minutes })}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          autoFocus={!canExtend}
          isDisabled={extending}
          onPress={() => actor.send({ type: "warning.dismiss" })}
        >
          {t("self-tests:session.continueWithout")}
        </Button>
      </div>
    </div>
  )
}

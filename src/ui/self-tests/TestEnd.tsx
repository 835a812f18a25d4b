// The end of a running self-test: how many questions are left, "Finish the test" — which asks first
// while questions are unanswered ("Finish with 12 unanswered?"), since they count as wrong — and
// "Discard this test", which always asks. A question takes focus on its confirming button; when it
// is answered "no", focus goes back to the button that asked it.
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { TEST_TAGS, unansweredCount } from "../../machines/self-tests/test-session-context.ts"
import type { testSessionMachine } from "../../machines/self-tests/test-session-machine.ts"
import { Button } from "../shared/components/Button.tsx"

type SessionActor = ActorRefFrom<typeof testSessionMachine>

/** A question about ending the test, with its yes and no. */
const Confirm = ({
  id,
  question,
  yes,
  no,
  pending,
  onYes,
  onNo,
}: {
  readonly id: string
  readonly question: string
  readonly yes: string
  readonly no: string
  readonly pending: boolean
  readonly onYes: () => void
  readonly onNo: () => void
}) => (
  <div className="form-message notice" role="alertdialog" aria-labelledby={id}>
    <p id={id}>{question}</p>
    <div className="button-row">
      <Button variant="danger" autoFocus isPending={pending} onPress={onYes}>
        {yes}
      </Button>
      <Button variant="secondary" isDisabled={pending} onPress={onNo}>
        {no}
      </Button>
    </div>
  </div>
)

export const TestEnd = ({ actor }: { readonly actor: SessionActor }) => {
  const { t } = useTranslation("self-tests")
  const unanswered = useSelector(actor, (s) => unansweredCount(s.context))
  const mayAnswer = useSelector(actor, (s) => s.hasTag(TEST_TAGS.answering))
  const finishing = useSelector(actor, (s) => s.hasTag(TEST_TAGS.finishing))
  const confirmingFinish = useSelector(actor, (s) => s.hasTag(TEST_TAGS.confirmingFinish))
  const confirmingDiscard = useSelector(actor, (s) => s.hasTag(TEST_TAGS.confirmingDiscard))
  const discarding = useSelector(actor, (s) => s.hasTag(TEST_TAGS.discarding))
  const finishButton = useRef<HTMLButtonElement>(null)
  const discardButton = useRef<HTMLButtonElement>(null)
  // Which question was open: on "no", its button takes focus back.
  const asked = useRef<"finish" | "discard" | null>(null)

  useEffect(() => {
    if (confirmingFinish) asked.current = "finish"
    else if (confirmingDiscard || discarding) asked.current = "discard"
    else if (asked.current !== null && mayAnswer) {
      ;(asked.current === "finish" ? finishButton : discardButton).current?.focus()
      asked.current = null
    }
  }, [confirmingFinish, confirmingDiscard, discarding, mayAnswer])

  return (
    <div className="test-end">
      <p className="muted">
        {unanswered > 0
          ? t("self-tests:session.unansweredLeft", { count: unanswered })
          : t("self-tests:session.allAnswered")}
      </p>
      {confirmingFinish || (finishing && unanswered > 0) ? (
        <Confirm
          id="finish-question"
          question={t("self-tests:session.finishQuestion", { count: unanswered })}
          yes={t("self-tests:session.finishConfirm")}
          no={t("self-tests:session.finishCancel")}
          pending={finishing}
          onYes={() => actor.send({ type: "finish.confirm" })}
          onNo={() => actor.send({ type: "finish.cancel" })}
        />
      ) : confirmingDiscard || discarding ? (
        <Confirm
          id="discard-question"
          question={t("self-tests:session.discardQuestion")}
          yes={t("self-tests:session.discardConfirm")}
          no={t("self-tests:session.discardCancel")}
          pending={discarding}
          onYes={() => actor.send({ type: "discard.confirm" })}
          onNo={() => actor.send({ type: "discard.cancel" })}
        />
      ) : (
        <div className="button-row">
          <Button
            ref={finishButton}
            variant={unanswered === 0 ? "primary" : "secondary"}
            isPending={finishing}
            isDisabled={!mayAnswer && !finishing}
            onPress={() => actor.send({ type: "test.finish" })}
          >
            {t("self-tests:session.finish")}
          </Button>
          <Button
            ref={discardButton}
            variant="quiet"
            isDisabled={!mayAnswer}
            onPress={() => actor.send({ type: "test.discard" })}
          >
            {t("self-tests:session.discard")}
          </Button>
        </div>
      )}
    </div>
  )
}

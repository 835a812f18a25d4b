// /test/new/{id}: one self-test as the test-session machine runs it — the overview and Start, the
// questions one at a time with the clock (TestClock.tsx) and the end of the test (TestEnd.tsx).
// When the test ends, its result shows at /get/results?test={id} (the wiring goes there).
import { useActorRef, useSelector } from "@xstate/react"
import type { TFunction } from "i18next"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import type { SessionTestType } from "../../domain/self-tests/test-review.ts"
import { TEST_DIFFICULTY_EXPERT } from "../../domain/self-tests/test-settings.ts"
import { BEGINNER_TIME_MULTIPLIER } from "../../domain/self-tests/test-timing.ts"
import type { TestOverview } from "../../domain/self-tests/test-views.ts"
import { TEST_TAGS } from "../../machines/self-tests/test-session-context.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { QuestionView } from "./QuestionView.tsx"
import { clockText } from "./question-text.ts"
import { TimeAnnouncer, TimeLeft, Warning } from "./TestClock.tsx"
import { TestEnd } from "./TestEnd.tsx"
import "./tests.css"

type SessionActor = ReturnType<typeof useSessionActor>

const useSessionActor = (type: SessionTestType, repeat: string | undefined, group: number | undefined) => {
  const { machines } = useAppServices()
  const { session, now, clock } = machines.tests
  return useActorRef(session, { input: { type, now, repeat, group }, ...(clock ? { clock } : {}) })
}

export const TestSessionPage = ({
  type,
  repeat,
  group,
}: {
  readonly type: SessionTestType
  readonly repeat?: string | undefined
  /** A point-group test's group. */
  readonly group?: number | undefined
}) => {
  const { t } = useTranslation(["self-tests", "common"])
  const actor = useSessionActor(type, repeat, group)
  const groupName = useSelector(actor, (s) => s.context.overview?.group?.name ?? null)
  const name =
    groupName === null ? t(`self-tests:types.${type}.name`) : t("self-tests:group.title", { group: groupName })
  usePageTitle(name)
  const configuring = useSelector(actor, (s) => s.matches("configuring"))
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const running = useSelector(actor, (s) => s.matches("running"))
  // Also once the test ended, while its result page opens.
  const expired = useSelector(
    actor,
    (s) => s.matches("expired") || (s.matches("finished") && s.context.result?.expired),
  )

  return (
    <section className="panel test-page">
      {configuring || loading ? <Configuring actor={actor} name={name} /> : null}
      {running ? <Running actor={actor} name={name} /> : null}
      {expired ? <Expired actor={actor} name={name} /> : null}
    </section>
  )
}

const durationText = (t: TFunction, overview: TestOverview) =>
  overview.durationMs === null
    ? t("self-tests:new.noLimit")
    : t("self-tests:new.timeLimit", { time: clockText(overview.durationMs) })

const Configuring = ({ actor, name }: { readonly actor: SessionActor; readonly name: string }) => {
  const { t } = useTranslation(["self-tests", "common"])
  const overview = useSelector(actor, (s) => s.context.overview)
  const error = useSelector(actor, (s) => s.context.error)
  const failed = useSelector(actor, (s) => s.matches({ configuring: "failed" }))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const starting = useSelector(actor, (s) => s.matches("loading"))
  const mayStart = useSelector(actor, (s) => s.can({ type: "test.start" }))

  return (
    <div className="test-configure">
      <p className="breadcrumb">
        <Link href="/test/">{t("self-tests:title")}</Link>
      </p>
      <h1>{name}</h1>
      <p className="lead">{t(`self-tests:types.${actor.getSnapshot().context.type}.description`)}</p>
      {busy && overview === null ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
      {failed ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "test.retry" })}>
          {t("common:footer.retry")}
        </Button>
      ) : null}
      {overview ? (
        <>
          <dl className="facts">
            <dt>{t("self-tests:new.questions")}</dt>
            <dd>{overview.questionCount}</dd>
            <dt>{t("self-tests:new.time")}</dt>
            <dd>
              {durationText(t, overview)}
              {overview.durationMs !== null && overview.settings.testDifficulty !== TEST_DIFFICULTY_EXPERT
                ? ` ${t("self-tests:new.beginnerTime", { factor: BEGINNER_TIME_MULTIPLIER })}`
                : null}
            </dd>
            <dt>{t("self-tests:new.difficulty")}</dt>
            <dd>{t(`self-tests:difficulty.${overview.settings.testDifficulty}`)}</dd>
            <dt>{t("self-tests:new.points")}</dt>
            <dd>
              {overview.group
                ? t("self-tests:group.points", { count: overview.points })
                : overview.type === "review-test"
                  ? t("self-tests:new.duePoints", { count: overview.points })
                  : overview.limited
                    ? t("self-tests:new.freePoints", { count: overview.points, all: overview.allPoints })
                    : t("self-tests:new.allPoints", { count: overview.points })}
            </dd>
          </dl>
          <p>
            <Link href="/account-settings/tests-settings">{t("self-tests:new.changeSettings")}</Link>
          </p>
          {overview.questionCount === 0 ? (
            <p className="form-message notice" role="status">
              {overview.group
                ? t("self-tests:group.nothing")
                : overview.type === "review-test"
                  ? t("self-tests:new.nothingDue")
                  : t("self-tests:new.nothing")}
            </p>
          ) : null}
          <div className="button-row">
            {overview.permission ? (
              <Button
                isPending={starting}
                isDisabled={!mayStart && !starting}
                onPress={() => actor.send({ type: "test.start" })}
              >
                {t("self-tests:new.start")}
              </Button>
            ) : (
              <Button onPress={() => actor.send({ type: "upgrade.open" })}>
                {t("self-tests:new.upgrade")} <ProBadge />
              </Button>
            )}
          </div>
        </>
      ) : null}
    </div>
  )
}

const Running = ({ actor, name }: { readonly actor: SessionActor; readonly name: string }) => {
  const { t } = useTranslation(["self-tests", "common"])
  const session = useSelector(actor, (s) => s.context.session)
  const current = useSelector(actor, (s) => s.context.current)
  const answers = useSelector(actor, (s) => s.context.answers)
  const draft = useSelector(actor, (s) => s.context.draft)
  const error = useSelector(actor, (s) => s.context.error)
  const saving = useSelector(actor, (s) => s.hasTag(TEST_TAGS.saving))
  const warned = useSelector(actor, (s) => s.hasTag(TEST_TAGS.warned))
  const mayAnswer = useSelector(actor, (s) => s.hasTag(TEST_TAGS.answering))
  const canSave = useSelector(actor, (s) => s.can({ type: "answer.save" }))
  const heading = useRef<HTMLHeadingElement>(null)
  const shown = useRef<{ current: number; warned: boolean } | null>(null)

  // The question's heading takes focus when the test starts and when the question changes (after a
  // save, or a jump), so the keyboard and the screen reader carry on from the new question — also
  // with the warning open. The warning takes focus itself when it opens (its "more time" button);
  // when it closes, the question gets it back.
  useEffect(() => {
    const before = shown.current
    shown.current = { current, warned }
    const questionChanged = before === null ? !warned : before.current !== current && mayAnswer
    const warningClosed = before?.warned === true && !warned
    if (questionChanged || warningClosed) heading.current?.focus()
  }, [current, warned, mayAnswer])

  if (session === null) return null
  const question = session.questions[current]
  const total = session.questions.length
  if (question === undefined) return null

  return (
    <div className="test-running">
      <div className="test-bar">
        <p className="test-name">{name}</p>
        <TimeLeft actor={actor} />
      </div>
      <TimeAnnouncer actor={actor} />
      {warned ? <Warning actor={actor} /> : null}
      <h1 ref={heading} tabIndex={-1} className="question-heading">
        {t("self-tests:session.questionOf", { current: current + 1, total })}
      </h1>
      <form
        className="question-form"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "answer.save" })
        }}
      >
        <QuestionView
          // A new question starts with a fresh field.
          key={current}
          question={question}
          names={session.names}
          textLanguage={session.textLanguages[current] ?? "en"}
          draft={draft}
          isDisabled={!mayAnswer && !saving}
          onChange={(answer) => actor.send({ type: "answer.change", answer })}
          onSubmit={() => actor.send({ type: "answer.save" })}
        />
        {/* While the warning is open, it says what went wrong itself. */}
        <FormMessage kind="error">{error && !warned ? t(`common:${error}`) : null}</FormMessage>
        <div className="button-row">
          <Button type="submit" isPending={saving} isDisabled={!canSave && !saving}>
            {current + 1 < total ? t("self-tests:session.saveNext") : t("self-tests:session.save")}
          </Button>
          <Button
            variant="secondary"
            isDisabled={current === 0 || !mayAnswer}
            onPress={() => actor.send({ type: "question.go", index: current - 1 })}
          >
            {t("self-tests:session.previous")}
          </Button>
          <Button
            variant="secondary"
            isDisabled={current + 1 >= total || !mayAnswer}
            onPress={() => actor.send({ type: "question.go", index: current + 1 })}
          >
            {t("self-tests:session.skip")}
          </Button>
        </div>
      </form>
      <nav className="question-nav" aria-label={t("self-tests:session.questionsNav")}>
        <ol>
          {session.questions.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions keep their order
            <li key={index}>
              <button
                type="button"
                className={`question-dot ${answers[index] ? "answered" : ""}`}
                aria-current={index === current ? "step" : undefined}
                disabled={!mayAnswer}
                onClick={() => actor.send({ type: "question.go", index })}
              >
                {index + 1}
                <span className="visually-hidden">
                  {" "}
                  {answers[index] ? t("self-tests:session.answered") : t("self-tests:session.unanswered")}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <TestEnd actor={actor} />
    </div>
  )
}

const Expired = ({ actor, name }: { readonly actor: SessionActor; readonly name: string }) => {
  const { t } = useTranslation(["self-tests", "common"])
  const failed = useSelector(actor, (s) => s.matches({ expired: "failed" }))
  const error = useSelector(actor, (s) => s.context.error)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <div>
      <p className="test-name">{name}</p>
      <h1 ref={heading} tabIndex={-1}>
        {t("self-tests:session.expiredTitle")}
      </h1>
      {failed ? (
        <>
          <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
          <Button onPress={() => actor.send({ type: "test.retry" })}>{t("common:footer.retry")}</Button>
        </>
      ) : (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("self-tests:session.scoring")}
        </p>
      )}
    </div>
  )
}

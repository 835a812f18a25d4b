// /test/ (§2 "Test types in menus"): the test types with their permission flags — a locked one
// shows the Pro badge and opens the upgrade modal —, the review of due points, the days practised,
// and links to the scores and the settings. Visitors see the types and a sign-up prompt. The
// point-group test starts from a group, so its entry says that any group can be tested and leads to
// the learner's groups.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { GROUP_TEST_PARENT, MY_GROUPS_HREF } from "../../domain/groups/group-links.ts"
import { STANDALONE_TEST_TYPES } from "../../domain/self-tests/test-review.ts"
import type { ActivityView } from "../../domain/self-tests/test-views.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import "./tests.css"

/** The types a learner starts from here, and the point-group test, which starts from a group. */
const shown = new Set<string>([...STANDALONE_TEST_TYPES, GROUP_TEST_PARENT])
const hrefOf = (type: string) => (type === GROUP_TEST_PARENT ? MY_GROUPS_HREF : `/test/new/${type}`)

export const TestsHomePage = () => {
  const { t } = useTranslation(["self-tests", "common"])
  usePageTitle(t("self-tests:title"))
  const { machines, session, upgrade } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const actor = useActorRef(machines.tests.menu, { input: { slug: signedIn ? "member" : "visitor" } })
  const data = useSelector(actor, (s) => s.context.data)
  const error = useSelector(actor, (s) => s.context.error)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))

  return (
    <section className="panel tests-home">
      <h1>{t("self-tests:title")}</h1>
      <p className="lead">{t("self-tests:intro")}</p>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      <FormMessage kind="error">{error ? t(`common:${error}`) : null}</FormMessage>
      {error ? (
        <Button variant="secondary" onPress={() => actor.send({ type: "page.reload" })}>
          {t("common:footer.retry")}
        </Button>
      ) : null}
      {!signedIn ? (
        <div className="form-message notice sign-up-prompt">
          <h2>{t("self-tests:signUpTitle")}</h2>
          <p>{t("self-tests:signUpText")}</p>
          <div className="button-row">
            <Link href="/register?next=%2Ftest%2F" className="button">
              {t("self-tests:signUp")}
            </Link>
            <Link href="/login?next=%2Ftest%2F">{t("self-tests:logIn")}</Link>
          </div>
        </div>
      ) : null}
      {data ? (
        <>
          {data.types.review ? (
            <div className="review-due">
              <h2>{t("self-tests:types.review-test.name")}</h2>
              <p>
                {data.types.review.due > 0
                  ? t("self-tests:review.due", { count: data.types.review.due })
                  : data.types.review.queued > 0
                    ? t("self-tests:review.noneDue", { count: data.types.review.queued })
                    : t("self-tests:review.empty")}
              </p>
              {data.types.review.due > 0 ? (
                <Link href="/test/new/review-test" className="button">
                  {t("self-tests:review.start", { count: data.types.review.due })}
                </Link>
              ) : null}
            </div>
          ) : null}
          <h2 id="test-types">{t("self-tests:typesTitle")}</h2>
          <ul className="test-types" aria-labelledby="test-types">
            {data.types.types
              .filter((type) => shown.has(type.id))
              .map((type) => (
                <li key={type.id} className="test-type">
                  <h3>
                    {signedIn && type.permission ? (
                      <Link href={hrefOf(type.id)}>{t(`self-tests:types.${type.id}.name`)}</Link>
                    ) : signedIn ? (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
                      >
                        {t(`self-tests:types.${type.id}.name`)}
                      </button>
                    ) : (
                      t(`self-tests:types.${type.id}.name`)
                    )}{" "}
                    {type.permission ? null : <ProBadge />}
                  </h3>
                  <p>
                    {type.id === GROUP_TEST_PARENT
                      ? t("self-tests:anyGroup")
                      : t(`self-tests:types.${type.id}.description`)}
                  </p>
                </li>
              ))}
          </ul>
          {data.activity ? <Activity activity={data.activity} /> : null}
          {signedIn ? (
            <ul className="tests-links">
              <li>
                <Link href="/test/scores">{t("self-tests:scoresLink")}</Link>
              </li>
              <li>
                <Link href="/account-settings/tests-settings">{t("self-tests:settingsLink")}</Link>
              </li>
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

const Activity = ({ activity }: { readonly activity: ActivityView }) => {
  const { t, i18n } = useTranslation("self-tests")
  const recent = activity.days.slice(-7).toReversed()
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" })
  return (
    <div className="activity">
      <h2>{t("self-tests:activity.title")}</h2>
      {activity.days.length === 0 ? (
        <p>{t("self-tests:activity.none")}</p>
      ) : (
        <>
          <p>
            {t("self-tests:activity.days", { count: activity.days.length })}{" "}
            {t("self-tests:activity.streak", { count: activity.streak })}
          </p>
          <ul className="activity-days">
            {recent.map((day) => (
              <li key={day.day}>
                {format.format(new Date(`${day.day}T00:00:00Z`))}:{" "}
                {t("self-tests:activity.tests", { count: day.tests })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

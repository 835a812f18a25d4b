// The self-test routes of §2: /test/, /test/scores, /test/new/{id} (and /test/new/, which leads to
// the menu), /get/results and /account-settings/tests-settings. Pages for members send a visitor
// to sign in and back. /test/new/pointgroup/{parentId}/{groupId} is a point-group test of one of the
// learner's groups (parent: the point-group test type).
import { useSelector } from "@xstate/react"
import { Redirect, Route, Switch } from "wouter"
import { GROUP_TEST_PARENT, groupIdOf } from "../../domain/groups/group-links.ts"
import { REPEAT_PARAM, RESULTS_PATH } from "../../domain/self-tests/test-links.ts"
import { isSessionTestType, REVIEW_TEST_ID, STANDALONE_TEST_TYPES } from "../../domain/self-tests/test-review.ts"
import { useAppServices } from "../app-services.tsx"
import { SignedInOnly } from "../shared/layout/SignedInOnly.tsx"
import { useQueryParam } from "../shared/page-hooks.ts"
import { ResultsPage } from "./ResultsPage.tsx"
import { ScoresPage } from "./ScoresPage.tsx"
import { TestSessionPage } from "./TestSessionPage.tsx"
import { TestsHomePage } from "./TestsHomePage.tsx"
import { TestsSettingsPage } from "./TestsSettingsPage.tsx"

const startable = new Set<string>([...STANDALONE_TEST_TYPES, REVIEW_TEST_ID])

/** A new test of a type; the plan is part of the key, so an upgrade starts over with the new pool. */
const NewTest = ({ id }: { readonly id: string }) => {
  const { session } = useAppServices()
  const plan = useSelector(session, (s) => s.context.user?.user_subscription.plan_id ?? 0)
  const repeat = useQueryParam(REPEAT_PARAM) ?? undefined
  if (!isSessionTestType(id) || !startable.has(id)) return <Redirect to="/not-found" replace />
  return <TestSessionPage key={`${id}-${plan}-${repeat ?? ""}`} type={id} repeat={repeat} />
}

/** A point-group test: its parent is the point-group test type, its group one of the learner's (the server checks). */
const NewGroupTest = ({ parentId, groupId }: { readonly parentId: string; readonly groupId: string }) => {
  const { session } = useAppServices()
  const plan = useSelector(session, (s) => s.context.user?.user_subscription.plan_id ?? 0)
  const repeat = useQueryParam(REPEAT_PARAM) ?? undefined
  const group = groupIdOf(groupId)
  if (parentId !== GROUP_TEST_PARENT || group === null) return <Redirect to="/not-found" replace />
  return (
    <TestSessionPage
      key={`${groupId}-${plan}-${repeat ?? ""}`}
      type={GROUP_TEST_PARENT}
      group={group}
      repeat={repeat}
    />
  )
}

export const TestsRoutes = () => {
  const { session } = useAppServices()
  const plan = useSelector(session, (s) => s.context.user?.user_subscription.plan_id ?? 0)
  return (
    <Switch>
      <Route path="/test">
        <TestsHomePage key={plan} />
      </Route>
      <Route path="/test/">
        <TestsHomePage key={plan} />
      </Route>
      <Route path="/test/scores">
        <SignedInOnly>
          <ScoresPage />
        </SignedInOnly>
      </Route>
      <Route path="/test/new">
        <Redirect to="/test/" replace />
      </Route>
      <Route path="/test/new/">
        <Redirect to="/test/" replace />
      </Route>
      <Route path="/test/new/pointgroup">
        <Redirect to="/test/" replace />
      </Route>
      <Route path="/test/new/pointgroup/">
        <Redirect to="/test/" replace />
      </Route>
      <Route path="/test/new/pointgroup/:parentId/:groupId">
        {({ parentId, groupId }) => (
          <SignedInOnly>
            <NewGroupTest parentId={parentId} groupId={groupId} />
          </SignedInOnly>
        )}
      </Route>
      <Route path="/test/new/:id">
        {({ id }) => (
          <SignedInOnly>
            <NewTest id={id} />
          </SignedInOnly>
        )}
      </Route>
      <Route path={RESULTS_PATH}>
        <SignedInOnly>
          <ResultsPage />
        </SignedInOnly>
      </Route>
      <Route path="/account-settings/tests-settings">
        <SignedInOnly>
          <TestsSettingsPage />
        </SignedInOnly>
      </Route>
      <Route>
        <Redirect to="/not-found" replace />
      </Route>
    </Switch>
  )
}

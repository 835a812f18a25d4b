// Self-tests: the test-session, tests-settings and page machines with their API calls (through the
// shared api actor, so the error catalogue of §8 applies), the upgrade modal for locked types, the
// result of a test that ended at its own address, and the clock the session's timers run on (the
// browser's; a SimulatedClock in UI tests).
import { Clock, Effect } from "effect"
import type { UserSettings } from "../domain/account/user-settings.ts"
import type { LockedPage } from "../domain/content/locked-page-schema.ts"
import { resultHref } from "../domain/self-tests/test-links.ts"
import type { SessionTestType } from "../domain/self-tests/test-review.ts"
import type { TestSettingsPatch } from "../domain/self-tests/test-settings-form.ts"
import { type ActivityView, ALL_SCORES, type TestResultView } from "../domain/self-tests/test-views.ts"
import type { Client } from "../infra/api-client.ts"
import { Navigation } from "../infra/navigation.ts"
import { contentPageMachine } from "../machines/content/content-page-machine.ts"
import type { StartMode, TimerClock } from "../machines/self-tests/test-session-context.ts"
import { testSessionMachine } from "../machines/self-tests/test-session-machine.ts"
import { testsSettingsMachine } from "../machines/self-tests/tests-settings-machine.ts"
import type { BillingWiring } from "./billing.ts"
import type { Wiring } from "./shared/wiring.ts"

/** The minutes east of UTC of this device, for the days practised. */
const utcOffsetMinutes = (now: number) => -new Date(now).getTimezoneOffset()

export const wireTests = (
  w: Wiring,
  billing: Pick<BillingWiring, "openUpgradeLite" | "offerUpgradeLite">,
  /** The clock of timed flows: the browser's, or a simulated one in tests. */
  options: { readonly clock?: ({ readonly now: () => number } & TimerClock) | undefined } = {},
) => {
  const { apiActor } = w
  const openUpgrade = billing.openUpgradeLite
  /** This device's clock in epoch milliseconds. */
  const simulated = options.clock
  const now = simulated ? () => simulated.now() : () => w.runtime.runSync(Clock.currentTimeMillis)
  /** The timers' clock; XState's own (the browser's) when absent. */
  const clock: TimerClock | undefined = options.clock
  const page = <Data>(fetch: (client: Client, slug: string) => Effect.Effect<Data, unknown>) =>
    contentPageMachine<Data>().provide({
      actors: {
        fetchPage: apiActor<{ readonly slug: string }, Data | LockedPage>((client, { slug }) => fetch(client, slug)),
      },
      actions: { offerUpgrade: billing.offerUpgradeLite },
    })
  /**
   * The result of the test that just ended, for its page: shown at once instead of asked for again.
   * Kept for that one page only; a reload asks the server.
   */
  let justFinished: TestResultView | null = null
  const showResult = (_: unknown, { result }: { readonly result: TestResultView }) => {
    justFinished = result
    // The result replaces the test's address: Back leads to where the test was opened from.
    w.act(Effect.flatMap(Navigation, (navigation) => navigation.replace(resultHref(result.id))))
  }
  const resultOf = (client: Client, id: string) => {
    const kept = justFinished
    justFinished = null
    return kept?.id === id ? Effect.succeed(kept) : client.tests.result({ params: { id } })
  }
  const startTest = (client: Client, start: StartMode) => {
    switch (start.mode) {
      case "create":
        return client.tests.create({
          payload: start.group === undefined ? { type: start.type } : { type: start.type, groupId: start.group },
        })
      case "resume":
        return client.tests.session({ params: { type: start.type, extra: start.id } })
      case "repeat":
        return client.tests.repeat({ payload: { testId: start.id } })
    }
  }
  return {
    machines: {
      tests: {
        now,
        clock,
        session: testSessionMachine.provide({
          actors: {
            loadOverview: apiActor(
              (client, { type, group }: { readonly type: SessionTestType; readonly group?: number | undefined }) =>
                client.tests.overview({ params: { type }, query: group === undefined ? {} : { group } }),
            ),
            startTest: apiActor(startTest),
            saveAnswer: apiActor((client, payload) => client.tests.saveAnswer({ payload })),
            addExtraTime: apiActor((client, payload) => client.tests.addExtraTime({ payload })),
            finishTest: apiActor((client, payload) => client.tests.finish({ payload })),
            resetTest: apiActor((client, { testId }) => client.tests.reset({ params: { id: testId } })),
          },
          actions: { openUpgrade, showResult },
        }),
        settings: testsSettingsMachine.provide({
          actors: {
            loadSettings: apiActor<void, UserSettings>((client) => client.settings.get()),
            saveSettings: apiActor<TestSettingsPatch, UserSettings>((client, payload) =>
              client.settings.save({ payload }),
            ),
          },
        }),
        /** `/test/`: the test types (and, for a member, the days practised); slug "member" or "visitor". */
        menu: page((client, slug) =>
          slug === "member"
            ? Effect.all({
                types: client.tests.testTypes(),
                activity: client.tests.activity({ query: { offset: utcOffsetMinutes(now()) } }),
              })
            : Effect.map(client.tests.testTypes(), (types) => ({ types, activity: null as ActivityView | null })),
        ),
        /** `/test/scores`: the history of every type. */
        scores: page((client) => client.tests.scores({ params: { id: ALL_SCORES } })),
        /** `/get/results?test=…`: one finished test's result. */
        result: page(resultOf),
      },
    },
  }
}

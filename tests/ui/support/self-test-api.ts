// msw answers for the self-test calls: a happy path every view and model test starts from, which a
// test overrides call by call (server.use) to make one of them fail.
import { HttpResponse, http } from "msw"
import { DEFAULT_USER_SETTINGS } from "../../../src/domain/account/user-settings.ts"
import { TEST_TYPE_LIST } from "../../../src/domain/self-tests/test-types.ts"
import type { TestClockView, TestOverview, TestSessionView } from "../../../src/domain/self-tests/test-views.ts"
import {
  chartQuestion,
  clock,
  overview,
  REPEAT_ID,
  result,
  saved,
  session,
  TEST_ID,
} from "../../machines/self-tests/fixtures.ts"
import { chartsById } from "../../support/chart-fixtures.ts"
import { API, dashboard } from "./api-data.ts"

export { chartQuestion, clock, overview, REPEAT_ID, result, saved, session, TEST_ID }

/** The test menu as the server lists it: for a Standard learner, or for a Pro one (`pro`). */
export const testTypes = (locked: ReadonlyArray<string> = [], pro = false) => ({
  types: TEST_TYPE_LIST.map((rule) => ({
    id: rule.id,
    permission: (pro || !rule.proOnly) && !locked.includes(rule.id),
    proOnly: rule.proOnly,
    needsGroup: rule.needsGroup,
    subtypes: rule.subtypes,
  })),
  review: { due: 2, queued: 3 },
})

export const activity = { days: [{ day: "2026-04-30", tests: 2 }], streak: 1, today: "2026-04-30" }

export interface SelfTestState {
  overview: TestOverview
  session: TestSessionView
  extended: TestClockView
  /** Whether the test's time has run out: the result says so. */
  expired: boolean
  calls: Array<string>
}

/** Handlers for a learner's whole test; `state` decides what the next answers are. */
export const selfTestHandlers = (state: SelfTestState) => [
  http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
  // The upgrade modal loads the plans when a locked test opens it.
  http.get(`${API}/api/plan-list`, () =>
    HttpResponse.json([
      {
        id: 3,
        name: "Pro",
        prices: [{ price_id: "pro-yearly", interval: "year", unit_amt: 4999, currency: "gbp" }],
      },
    ]),
  ),
  http.get(`${API}/api/get-all-test-types`, () => HttpResponse.json(testTypes())),
  // The chart a "where is it?" question is answered on.
  http.get(`${API}/api/charts/:view`, ({ params }) => {
    state.calls.push(`chart:${String(params.view)}`)
    const chart = chartsById[String(params.view)]
    return chart
      ? HttpResponse.json(chart)
      : HttpResponse.json({ _tag: "NotFound", message: "Not found" }, { status: 404 })
  }),
  http.get(`${API}/api/test-activity`, () => HttpResponse.json(activity)),
  http.get(`${API}/api/user-settings`, () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
  http.post(`${API}/api/user-settings`, async ({ request }) =>
    HttpResponse.json({ ...DEFAULT_USER_SETTINGS, ...((await request.json()) as object) }),
  ),
  http.get(`${API}/api/test/scores/:id`, () =>
    HttpResponse.json({
      entries: [
        {
          id: TEST_ID,
          type: "location-test",
          practice: false,
          expired: false,
          score: 1,
          total: 2,
          percent: 50,
          timeUsedMs: 180_000,
          finishedAt: "2026-04-30T10:00:00.000Z",
          repeat: false,
        },
        {
          id: REPEAT_ID,
          type: "location-test",
          practice: false,
          expired: false,
          score: 2,
          total: 2,
          percent: 100,
          timeUsedMs: 120_000,
          finishedAt: "2026-04-30T10:05:00.000Z",
          repeat: true,
        },
      ],
      summaries: [
        {
          type: "location-test",
          timed: { tests: 1, bestPercent: 50, lastPercent: 50 },
          practice: { tests: 0, bestPercent: null, lastPercent: null },
        },
      ],
    }),
  ),
  http.get(`${API}/api/test/reset/:id`, () => {
    state.calls.push("reset")
    return HttpResponse.json({ ...state.overview, running: null })
  }),
  http.get(`${API}/api/test/:id/result`, () => HttpResponse.json(result())),
  http.get(`${API}/api/test/:type`, () => {
    state.calls.push("overview")
    return HttpResponse.json(state.overview)
  }),
  http.get(`${API}/api/test/:type/:id`, () => {
    state.calls.push("session")
    return HttpResponse.json(state.session)
  }),
  http.post(`${API}/api/test/new-create`, () => {
    state.calls.push("create")
    return HttpResponse.json(state.session)
  }),
  http.post(`${API}/api/test/repeat`, () => {
    state.calls.push("repeat")
    return HttpResponse.json({ ...state.session, id: REPEAT_ID })
  }),
  http.post(`${API}/api/test/save-answer`, async ({ request }) => {
    const body = (await request.json()) as { question: number }
    state.calls.push(`save:${body.question}`)
    return HttpResponse.json(saved(body.question, body.question + 1, state.session.clock.timeLeftMs))
  }),
  http.put(`${API}/api/test/add-extra-time`, () => {
    state.calls.push("extend")
    return HttpResponse.json(state.extended)
  }),
  http.post(`${API}/api/test/finish`, () => {
    state.calls.push("finish")
    return HttpResponse.json(result({ expired: state.expired }))
  }),
]

export const freshState = (patch: Partial<SelfTestState> = {}): SelfTestState => ({
  overview: overview(),
  session: session(),
  extended: clock(150_000, { extensions: 1 }),
  expired: false,
  calls: [],
  ...patch,
})

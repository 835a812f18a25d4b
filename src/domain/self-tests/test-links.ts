// Where a self-test lives in the app: the result of a finished test at its own address
// (`/get/results?test={id}` of §2), so a reload shows the same result, and the new test or the
// repeat it offers — a point-group test's in its group (`/test/new/pointgroup/…`), every other
// type's at `/test/new/{type}`.
import { GROUP_TEST_PARENT, groupTestHref } from "../groups/group-links.ts"

export const RESULTS_PATH = "/get/results"
/** The query parameter naming the test a result page shows. */
export const RESULT_PARAM = "test"
/** The query parameter of a new-test page naming the finished test to repeat. */
export const REPEAT_PARAM = "repeat"

export const resultHref = (testId: string) => `${RESULTS_PATH}?${RESULT_PARAM}=${encodeURIComponent(testId)}`

/** A finished test, as far as starting it again goes. */
export interface StartedAgain {
  readonly id: string
  readonly type: string
  readonly groupId?: number | undefined
}

/** The tests' own page, where a test whose group was deleted leads. */
export const TESTS_HREF = "/test/"

/**
 * A new test like this one: of its type, and for a point-group test of its group — or, when that
 * group has been deleted since, the tests' page.
 */
export const newTestHref = ({ type, groupId }: Omit<StartedAgain, "id">) =>
  groupId !== undefined ? groupTestHref(groupId) : type === GROUP_TEST_PARENT ? TESTS_HREF : `/test/new/${type}`

/** The same questions again, in another order; null for a point-group test whose group is gone. */
export const repeatTestHref = (test: StartedAgain): string | null =>
  test.groupId === undefined && test.type === GROUP_TEST_PARENT
    ? null
    : `${newTestHref(test)}?${REPEAT_PARAM}=${encodeURIComponent(test.id)}`

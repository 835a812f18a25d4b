// Where point groups live in the app: the page of the learner's groups (the account menu's "my
// point groups") and each group's test, `/test/new/pointgroup/{parentId}/{groupId}` of §2, whose
// parent is the point-group test type.
export const MY_GROUPS_HREF = "/my-point-groups"
export const GROUP_TEST_PARENT = "point-group-test"
export const groupTestHref = (groupId: number) => `/test/new/pointgroup/${GROUP_TEST_PARENT}/${groupId}`

/** The group id of a `/test/new/pointgroup/…` address, or null when it names none. */
export const groupIdOf = (segment: string): number | null =>
  /^[1-9]\d{0,9}$/.test(segment) && Number(segment) <= 2_147_483_647 ? Number(segment) : null

// The point-group calls against the real server on PGlite and PostgreSQL: a learner's groups with
// their points, create / rename / delete, adding a point or a whole channel without duplicates, a
// Pro point refused to Standard (403) and kept locked after a downgrade, removing by mapping id,
// another learner's ids and unknown ids answered 404, bad bodies 4xx with field messages (never
// 500), the group limit kept under parallel requests, account deletion removing the groups, and the point-group self-test built from a group (a deleted
// group's finished tests stay in the history, its running test goes).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../../src/domain/billing/plans.ts"
import { GROUP_TITLE_MAX_LENGTH, MAX_GROUPS_PER_USER } from "../../../src/domain/groups/group-rules.ts"
import {
  createVerifiedUser,
  DATABASES,
  type Json,
  signIn,
  startTestServer,
  type TestServer,
} from "../support/harness.ts"

const content = loadContent()
const channel = (code: string) => {
  const found = content.channels.find((c) => c.code === code)
  if (!found) throw new Error(`no channel ${code}`)
  return found
}
const LI = channel("LI").points.map((p) => p.code)
const LU = channel("LU").points.map((p) => p.code)
const PRO_CHANNEL = content.channels.find((c) => !content.access.free.channels.includes(c.code))!
const PRO_POINT = PRO_CHANNEL.points[0]!.code

describe.each(DATABASES)("point groups API on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let other = ""
  let pro = ""
  let proEmail = ""

  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 100 })
    standard = await signIn(server, (await createVerifiedUser(server)).email)
    other = await signIn(server, (await createVerifiedUser(server)).email)
    proEmail = (await createVerifiedUser(server)).email
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proEmail])
    pro = await signIn(server, proEmail)
  })
  afterAll(() => server.close())

  const call = async (method: string, path: string, token?: string, json?: unknown, locale?: string) => {
    const response = await server.request(path, {
      method,
      ...(token ? { token } : {}),
      ...(json !== undefined ? { json } : {}),
      ...(locale ? { locale } : {}),
    })
    const text = await response.text()
    return { status: response.status, body: (text.length > 0 ? JSON.parse(text) : {}) as Json }
  }
  const list = async (token: string) => (await call("GET", "/api/point-group/list", token)).body.groups as Json[]
  const create = (token: string, name: unknown) => call("POST", "/api/point-group/store", token, { name })
  const add = (token: string, groupId: number, mode: string, id: string) =>
    call("POST", "/api/point-to-point-group/store", token, { mode, id, groupId })
  const codes = (group: Json) => group.points.map((p: Json) => p.code)

  it("asks for a sign-in on every call", async () => {
    expect((await call("GET", "/api/point-group/list")).status).toBe(401)
    expect((await call("POST", "/api/point-group/store", undefined, { name: "x" })).status).toBe(401)
    expect((await call("PUT", "/api/point-group/update", undefined, { pointGroupId: 1, name: "x" })).status).toBe(401)
    expect((await call("DELETE", "/api/point-group/delete/1")).status).toBe(401)
    expect(
      (await call("POST", "/api/point-to-point-group/store", undefined, { mode: "point", id: "LU-9", groupId: 1 }))
        .status,
    ).toBe(401)
    expect((await call("DELETE", "/api/point-from-pointgroup/delete/1")).status).toBe(401)
  })

  it("creates a group with a trimmed title, adds a point and a whole channel without duplicates, renames it", async () => {
    const created = await create(standard, "  Headaches  ")
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ name: "Headaches", points: [] })
    const id = created.body.id as number

    const lu9 = await add(standard, id, "point", "LU-9")
    expect(lu9.status).toBe(200)
    expect(lu9.body.added).toBe(1)
    expect(lu9.body.group.points[0]).toMatchObject({ code: "LU-9", slug: "lu-9-taiyuan", permission: true })
    expect(typeof lu9.body.group.points[0].mapping_id).toBe("number")

    expect((await add(standard, id, "point", "LU-9")).body.added).toBe(0)
    const li4 = await add(standard, id, "point", "LI-4")
    expect(li4.body.added).toBe(1)
    // The channel adds only the points that are not in the group yet.
    const li = await add(standard, id, "channel", "LI")
    expect(li.status).toBe(200)
    expect(li.body.added).toBe(LI.length - 1)
    expect(codes(li.body.group)).toEqual(["LU-9", "LI-4", ...LI.filter((c) => c !== "LI-4")])
    expect((await add(standard, id, "channel", "LI")).body.added).toBe(0)

    const renamed = await call("PUT", "/api/point-group/update", standard, { pointGroupId: id, name: " Exam week " })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe("Exam week")
    const [listed] = (await list(standard)).filter((g) => g.id === id)
    expect(listed?.name).toBe("Exam week")
    expect(listed?.points).toHaveLength(LI.length + 1)

    // Removing a point by its mapping id.
    const mapping = listed!.points.find((p: Json) => p.code === "LU-9").mapping_id
    const removed = await call("DELETE", `/api/point-from-pointgroup/delete/${mapping}`, standard)
    expect(removed.status).toBe(200)
    expect(codes(removed.body)).not.toContain("LU-9")
    expect((await call("DELETE", `/api/point-from-pointgroup/delete/${mapping}`, standard)).status).toBe(404)

    const deleted = await call("DELETE", `/api/point-group/delete/${id}`, standard)
    expect(deleted.status).toBe(200)
    expect(deleted.body.groups.map((g: Json) => g.id)).not.toContain(id)
    expect((await call("DELETE", `/api/point-group/delete/${id}`, standard)).status).toBe(404)
  })

  it("answers another learner's group or mapping, and unknown ids, with 404", async () => {
    const mine = (await create(standard, "Mine")).body.id as number
    const added = await add(standard, mine, "point", "LU-1")
    const mapping = added.body.group.points[0].mapping_id as number
    expect((await add(other, mine, "point", "LU-9")).status).toBe(404)
    expect((await call("PUT", "/api/point-group/update", other, { pointGroupId: mine, name: "Theirs" })).status).toBe(
      404,
    )
    expect((await call("DELETE", `/api/point-group/delete/${mine}`, other)).status).toBe(404)
    expect((await call("DELETE", `/api/point-from-pointgroup/delete/${mapping}`, other)).status).toBe(404)
    expect(await list(other)).toEqual([])
    for (const id of ["0", "-1", "abc", "99999999", "2147483648", "1e3"]) {
      expect((await call("DELETE", `/api/point-group/delete/${id}`, standard)).status).toBe(404)
      expect((await call("DELETE", `/api/point-from-pointgroup/delete/${id}`, standard)).status).toBe(404)
    }
    expect((await add(standard, mine, "point", "XX-99")).status).toBe(404)
    expect((await add(standard, mine, "channel", "XX")).status).toBe(404)
    expect((await add(standard, 99_999_999, "point", "LU-9")).status).toBe(404)
    // Still there, unchanged.
    expect(codes((await list(standard)).find((g) => g.id === mine)!)).toEqual(["LU-1"])
  })

  it("answers bad bodies with 422 and a message per field, never 500", async () => {
    for (const name of ["", "   ", "x".repeat(GROUP_TITLE_MAX_LENGTH + 1), 42, null]) {
      const { status, body } = await create(standard, name)
      expect(status).toBe(422)
      expect(body.errors.name).toMatch(/^validation\./)
    }
    expect((await create(standard, "x".repeat(GROUP_TITLE_MAX_LENGTH))).status).toBe(200)
    expect((await call("POST", "/api/point-group/store", standard, {})).body.errors).toEqual({
      name: "validation.required",
    })
    const id = (await create(standard, "Valid")).body.id as number
    const rename = await call("PUT", "/api/point-group/update", standard, { pointGroupId: id, name: "" })
    expect(rename.status).toBe(422)
    expect(rename.body.errors.name).toBe("validation.required")
    for (const body of [
      { mode: "group", id: "LU-9", groupId: id },
      { mode: "point", id: "", groupId: id },
      { mode: "point", id: "LU-9", groupId: "x" },
      { mode: "point", id: "LU-9", groupId: -4 },
      { mode: "point", id: "x".repeat(5000), groupId: id },
    ]) {
      const { status } = await call("POST", "/api/point-to-point-group/store", standard, body)
      expect(status).toBe(422)
    }
    // A 1 MB title is refused by the body limit before it is read.
    const huge = await create(standard, "x".repeat(1024 * 1024))
    expect(huge.status).toBeGreaterThanOrEqual(400)
    expect(huge.status).toBeLessThan(500)
  })

  it("refuses a Pro point or channel to Standard (403) and keeps it, locked, after a downgrade", async () => {
    const standardGroup = (await create(standard, "Pro points")).body.id as number
    expect((await add(standard, standardGroup, "point", PRO_POINT)).status).toBe(403)
    expect((await add(standard, standardGroup, "channel", PRO_CHANNEL.code)).status).toBe(403)
    expect(codes((await list(standard)).find((g) => g.id === standardGroup)!)).toEqual([])

    const email = (await createVerifiedUser(server)).email
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, email])
    const token = await signIn(server, email)
    const group = (await create(token, "Mixed")).body.id as number
    expect((await add(token, group, "point", PRO_POINT)).status).toBe(200)
    expect((await add(token, group, "point", "LU-9")).status).toBe(200)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_STANDARD, email])
    const [listed] = await list(token)
    expect(listed!.points.map((p: Json) => [p.code, p.permission])).toEqual([
      [PRO_POINT, false],
      ["LU-9", true],
    ])
    // Only public facts of the locked point: its code, pinyin, name and address.
    expect(Object.keys(listed!.points[0]).sort()).toEqual([
      "code",
      "mapping_id",
      "name",
      "permission",
      "pinyin",
      "slug",
    ])

    // Its test asks only about LU-9: the group test needs Pro, so look at the overview as Pro first.
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, email])
    const proOverview = await call("GET", `/api/test/point-group-test?group=${group}`, token)
    expect(proOverview.status).toBe(200)
    expect(proOverview.body.points).toBe(2)
    expect(proOverview.body.group).toEqual({ id: group, name: "Mixed" })
  })

  it("flags the point-group test as locked for Standard and open for Pro, on the list and after a deletion", async () => {
    const standardList = await call("GET", "/api/point-group/list", standard)
    expect(standardList.body.test_permission).toBe(false)
    expect((await call("GET", "/api/point-group/list", pro)).body.test_permission).toBe(true)
    const id = (await create(pro, "Flag check")).body.id as number
    const deleted = await call("DELETE", `/api/point-group/delete/${id}`, pro)
    expect(deleted.status).toBe(200)
    expect(deleted.body.test_permission).toBe(true)
  })

  it("names the points in the learner's language", async () => {
    const id = (await create(pro, "Sprache")).body.id as number
    await add(pro, id, "point", "LU-9")
    const de = await call("GET", "/api/point-group/list", pro, undefined, "de")
    const point = de.body.groups.find((g: Json) => g.id === id).points[0]
    expect(point.name).toBe(
      content.channels.find((c) => c.code === "LU")!.points.find((p) => p.code === "LU-9")!.name.de,
    )
  })

  it("keeps at most the allowed number of groups", async () => {
    const token = await signIn(server, (await createVerifiedUser(server)).email)
    for (let i = 0; i < MAX_GROUPS_PER_USER; i++) expect((await create(token, `Group ${i}`)).status).toBe(200)
    const refused = await create(token, "One too many")
    expect(refused.status).toBe(422)
    expect(refused.body.errors.name).toBe("validation.groupLimit")
  })

  it("keeps the limit when requests race: parallel creations end with exactly the allowed number", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    const near = MAX_GROUPS_PER_USER - 10
    await server.sql(
      "INSERT INTO point_groups (user_id, name) SELECT id, 'Group ' || n FROM users, generate_series(1, $2::int) n WHERE email = $1",
      [email, near],
    )
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => create(token, `Racer ${i}`)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_GROUPS_PER_USER - near)
    expect(answers.filter((a) => a.status === 422)).toHaveLength(40 - (MAX_GROUPS_PER_USER - near))
    const [count] = await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM point_groups g JOIN users u ON u.id = g.user_id WHERE u.email = $1",
      [email],
    )
    expect(count?.n).toBe(MAX_GROUPS_PER_USER)
  })

  it("builds a point-group test from the group's points, for its owner only", async () => {
    const id = (await create(pro, "Test me")).body.id as number
    await add(pro, id, "channel", "LU")
    const overview = await call("GET", `/api/test/point-group-test?group=${id}`, pro)
    expect(overview.status).toBe(200)
    expect(overview.body.points).toBe(LU.length)
    expect(overview.body.questionCount).toBeGreaterThan(0)
    expect((await call("GET", `/api/test/point-group-test?group=${id}`, other)).status).toBe(404)
    expect((await call("POST", "/api/test/new-create", other, { type: "point-group-test", groupId: id })).status).toBe(
      404,
    )
    // Without a group there is nothing to ask.
    expect((await call("POST", "/api/test/new-create", pro, { type: "point-group-test" })).status).toBe(404)

    const created = await call("POST", "/api/test/new-create", pro, { type: "point-group-test", groupId: id })
    expect(created.status).toBe(200)
    const rows = await server.sql<{ questions: Array<{ explanation: { points: Array<string> } }>; group_id: number }>(
      "SELECT questions, group_id FROM self_tests WHERE id = $1",
      [created.body.id],
    )
    expect(rows[0]?.group_id).toBe(id)
    for (const q of rows[0]!.questions) for (const p of q.explanation.points) expect(LU).toContain(p)
    // The group's running test is found again; another group gets its own.
    expect((await call("GET", `/api/test/point-group-test?group=${id}`, pro)).body.running.id).toBe(created.body.id)
    const second = (await create(pro, "Second")).body.id as number
    await add(pro, second, "point", "LI-4")
    expect((await call("GET", `/api/test/point-group-test?group=${second}`, pro)).body.running).toBeNull()

    // An empty group has nothing to ask: a clear message, not an empty test.
    const empty = (await create(pro, "Empty")).body.id as number
    const emptyOverview = await call("GET", `/api/test/point-group-test?group=${empty}`, pro)
    expect(emptyOverview.body.questionCount).toBe(0)
    const refused = await call("POST", "/api/test/new-create", pro, { type: "point-group-test", groupId: empty })
    expect(refused.status).toBe(404)
    expect(refused.body.message).toBe("This group has no points you can be asked about yet.")

    // A finished test of the second group: its score outlives the group.
    const secondTest = await call("POST", "/api/test/new-create", pro, { type: "point-group-test", groupId: second })
    expect(secondTest.status).toBe(200)
    const finished = await call("POST", "/api/test/finish", pro, { testId: secondTest.body.id })
    expect(finished.status).toBe(200)
    // The result names its group, so its page can offer the group's test again.
    expect(finished.body.groupId).toBe(second)
    expect((await call("DELETE", `/api/point-group/delete/${second}`, pro)).status).toBe(200)
    const kept = await call("GET", `/api/test/${secondTest.body.id}/result`, pro)
    expect(kept.status).toBe(200)
    expect(kept.body.total).toBe(finished.body.total)
    expect(kept.body).not.toHaveProperty("groupId")
    const scores = await call("GET", "/api/test/scores/point-group-test", pro)
    expect(scores.status).toBe(200)
    expect(JSON.stringify(scores.body)).toContain(secondTest.body.id)
    expect(await server.sql("SELECT group_id FROM self_tests WHERE id = $1", [secondTest.body.id])).toEqual([
      { group_id: null },
    ])

    // Deleting a group takes its running test with it.
    expect((await call("DELETE", `/api/point-group/delete/${id}`, pro)).status).toBe(200)
    expect((await call("GET", `/api/test/point-group-test/${created.body.id}`, pro)).status).toBe(404)
    expect(await server.sql("SELECT id FROM self_tests WHERE id = $1", [created.body.id])).toEqual([])
  })

  it("removes the learner's groups with the account", async () => {
    const user = await createVerifiedUser(server)
    const token = await signIn(server, user.email)
    const id = (await create(token, "Gone soon")).body.id as number
    await add(token, id, "point", "LU-9")
    // The account's removal (the delete-account call removes the user row) takes the groups along.
    await server.sql("DELETE FROM users WHERE email = $1", [user.email])
    expect(await server.sql("SELECT id FROM point_groups WHERE id = $1", [id])).toEqual([])
    expect(await server.sql("SELECT id FROM point_group_points WHERE group_id = $1", [id])).toEqual([])
  })
})

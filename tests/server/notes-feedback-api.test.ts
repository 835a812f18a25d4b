// Notes on points and the app review against the real server on PGlite and PostgreSQL: one note per
// learner and point, saved over the version the page saw (a stale one answers 409 with the stored
// note), deleted by an empty text, listed newest first with the point in the caller's language;
// unknown points 404, Pro points 403 for Standard, bad input 422 with a field message, never 500.
// The review: stored with the language, changed later, the improve-comment only with a low rating.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../src/domain/billing/plans.ts"
import { LOW_RATING_MAX, REVIEW_COMMENT_MAX_LENGTH } from "../../src/domain/feedback/app-review.ts"
import { NOTE_MAX_LENGTH } from "../../src/domain/notes/note.ts"
import {
  createVerifiedUser,
  DATABASES,
  type Json,
  signIn,
  startTestServer,
  type TestServer,
} from "./support/harness.ts"

const FREE_POINT = "LU-9"
const PRO_POINT = "ST-36"

describe.each(DATABASES)("notes and app review API on %s", (kind) => {
  let server: TestServer
  let learner = ""
  let other = ""
  let pro = ""
  let proEmail = ""

  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 100 })
    learner = await signIn(server, (await createVerifiedUser(server)).email)
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
  const save = (token: string, json: unknown, locale?: string) =>
    call("POST", "/api/save-point-notes", token, json, locale)
  const all = (token: string, locale?: string) => call("GET", "/api/get-all-notes", token, undefined, locale)

  it("asks for a session", async () => {
    expect((await all("")).status).toBe(401)
    expect((await save("", { point: FREE_POINT, text: "x", version: null })).status).toBe(401)
    expect((await call("GET", "/api/get-app-review")).status).toBe(401)
    expect((await call("POST", "/api/save-app-review", undefined, { rating: 5 })).status).toBe(401)
  })

  it("stores, changes and deletes one note per point, over the version the page saw", async () => {
    const created = await save(learner, { point: FREE_POINT, text: "Pulse point.\nPress gently.", version: null })
    expect(created.status).toBe(200)
    expect(created.body.note).toMatchObject({ point: FREE_POINT, text: "Pulse point.\nPress gently." })
    const v1 = created.body.note.version as number

    const changed = await save(learner, { point: FREE_POINT, text: "Pulse point, lung.", version: v1 })
    expect(changed.status).toBe(200)
    expect(changed.body.note.version).not.toBe(v1)

    // Another tab still holds v1: the server refuses and sends the stored note.
    const stale = await save(learner, { point: FREE_POINT, text: "typed in the old tab", version: v1 })
    expect(stale.status).toBe(409)
    expect(stale.body._tag).toBe("NoteConflict")
    expect(stale.body.stored).toMatchObject({ text: "Pulse point, lung.", version: changed.body.note.version })
    // A second "first" note is a conflict too, never a silent overwrite.
    expect((await save(learner, { point: FREE_POINT, text: "new", version: null })).status).toBe(409)

    // Someone else's note on the same point is theirs alone.
    expect((await all(other)).body.notes).toEqual([])

    const emptied = await save(learner, { point: FREE_POINT, text: "  \n ", version: changed.body.note.version })
    expect(emptied).toEqual({ status: 200, body: { note: null } })
    expect((await all(learner)).body.notes).toEqual([])
    // Emptying what is already gone is what the page wanted.
    expect((await save(learner, { point: FREE_POINT, text: "", version: changed.body.note.version })).status).toBe(200)
    // A stale version of a deleted note: conflict with nothing stored, so the page keeps its text.
    const gone = await save(learner, { point: FREE_POINT, text: "still mine", version: changed.body.note.version })
    expect(gone.status).toBe(409)
    expect(gone.body.stored).toBeNull()
  })

  it("a choice after a conflict is itself saved over the version the conflict sent, and stays refused when stale", async () => {
    const point = "LU-1"
    const first = await save(learner, { point, text: "tab A", version: null })
    const v1 = first.body.note.version as number
    const fromB = await save(learner, { point, text: "tab B", version: v1 })
    expect(fromB.status).toBe(200)
    // Tab A still holds v1: refused, with what tab B stored.
    const refused = await save(learner, { point, text: "tab A again", version: v1 })
    expect(refused.status).toBe(409)
    expect(refused.body.stored).toMatchObject({ text: "tab B", version: fromB.body.note.version })
    // "Keep mine" in tab A: over the version the conflict sent, it is stored.
    const mine = await save(learner, { point, text: "tab A again", version: refused.body.stored.version })
    expect(mine.status).toBe(200)
    // Tab B now holds a stale version in turn: its write is refused, never a silent overwrite.
    const stale = await save(learner, { point, text: "tab B again", version: fromB.body.note.version })
    expect(stale.status).toBe(409)
    expect(stale.body.stored).toMatchObject({ text: "tab A again", version: mine.body.note.version })
    expect((await save(learner, { point, text: "", version: mine.body.note.version })).status).toBe(200)
  })

  it("lists the notes newest first with their points in the caller's language", async () => {
    const a = await save(other, { point: "LU-1", text: "first", version: null })
    const b = await save(other, { point: "LI-4", text: "second", version: null })
    expect([a.status, b.status]).toEqual([200, 200])
    const en = await all(other, "en")
    expect(en.body.notes.map((n: Json) => n.point)).toEqual(["LI-4", "LU-1"])
    expect(en.body.notes[0]).toMatchObject({ slug: expect.stringMatching(/^li-4-/), pinyin: "Hégǔ", permission: true })
    const one = await call("GET", "/api/get-all-notes?point=LU-1", other)
    expect(one.body.notes.map((n: Json) => n.text)).toEqual(["first"])
    expect((await call("GET", `/api/get-all-notes?point=${"x".repeat(100)}`, other)).status).toBe(422)
    const de = await all(other, "de")
    expect(de.body.notes[0].name).not.toBe(en.body.notes[0].name)
    // Changing the older one makes it the newest.
    await save(other, { point: "LU-1", text: "first, edited", version: a.body.note.version })
    expect((await all(other)).body.notes.map((n: Json) => n.point)).toEqual(["LU-1", "LI-4"])
  })

  it("answers 404 for an unknown point and 403 for a Pro point without Pro; a note stays after a downgrade", async () => {
    expect((await save(learner, { point: "XX-99", text: "x", version: null })).status).toBe(404)
    const locked = await save(learner, { point: PRO_POINT, text: "x", version: null })
    expect(locked.status).toBe(403)
    expect(locked.body._tag).toBe("ProRequired")
    const written = await save(pro, { point: PRO_POINT, text: "Zusanli for energy", version: null })
    expect(written.status).toBe(200)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_STANDARD, proEmail])
    const listed = await all(pro)
    expect(listed.body.notes).toMatchObject([{ point: PRO_POINT, text: "Zusanli for energy", permission: false }])
    expect((await save(pro, { point: PRO_POINT, text: "more", version: written.body.note.version })).status).toBe(403)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proEmail])
  })

  it("answers bad input with 422 and a message at the field, never 500", async () => {
    const long = await save(learner, { point: FREE_POINT, text: "a".repeat(NOTE_MAX_LENGTH + 1), version: null })
    expect(long.status).toBe(422)
    expect(long.body.errors).toEqual({ text: "validation.noteTooLong" })
    const atLimit = await save(learner, { point: "LU-2", text: "é".repeat(NOTE_MAX_LENGTH), version: null })
    expect(atLimit.status).toBe(200)
    for (const bad of [
      {},
      { point: FREE_POINT },
      { point: FREE_POINT, text: 5, version: null },
      { point: FREE_POINT, text: "nul \u0000 byte", version: null },
      { point: "", text: "x", version: null },
      { point: FREE_POINT, text: "x", version: -1 },
      { point: FREE_POINT, text: "x", version: "1" },
      { point: "x".repeat(10_000), text: "x", version: null },
    ]) {
      const answer = await save(learner, bad)
      expect(answer.status, JSON.stringify(bad).slice(0, 80)).toBe(422)
      expect(Object.keys(answer.body.errors).length).toBeGreaterThan(0)
    }
    // A megabyte is refused before it is read.
    const huge = await save(learner, { point: FREE_POINT, text: "a".repeat(1_000_000), version: null })
    expect([413, 422]).toContain(huge.status)
  })

  it("stores the app review with the language and changes it later", async () => {
    expect((await call("GET", "/api/get-app-review", learner)).body).toEqual({ review: null })
    const low = await call(
      "POST",
      "/api/save-app-review",
      learner,
      { rating: LOW_RATING_MAX, comment: " Useful ", improve: "More videos" },
      "de",
    )
    expect(low.status).toBe(200)
    expect(low.body.review).toMatchObject({ rating: 3, comment: "Useful", improve: "More videos", language: "de" })
    const high = await call("POST", "/api/save-app-review", learner, { rating: 5, improve: "ignored" }, "es")
    expect(high.body.review).toMatchObject({ rating: 5, comment: "", improve: "", language: "es" })
    expect((await call("GET", "/api/get-app-review", learner)).body.review).toMatchObject({ rating: 5 })
    expect((await call("GET", "/api/get-app-review", other)).body).toEqual({ review: null })
    const rows = await server.sql<{ n: number }>("SELECT count(*)::int AS n FROM app_reviews")
    expect(rows[0]?.n).toBe(1)
  })

  it("answers a bad review with 422 at the field", async () => {
    for (const [bad, field] of [
      [{}, "rating"],
      [{ rating: 0 }, "rating"],
      [{ rating: 6 }, "rating"],
      [{ rating: 2.5 }, "rating"],
      [{ rating: "5" }, "rating"],
      [{ rating: 4, comment: "x".repeat(REVIEW_COMMENT_MAX_LENGTH + 1) }, "comment"],
      [{ rating: 2, improve: "x".repeat(REVIEW_COMMENT_MAX_LENGTH + 1) }, "improve"],
    ] as const) {
      const answer = await call("POST", "/api/save-app-review", learner, bad)
      expect(answer.status, JSON.stringify(bad).slice(0, 60)).toBe(422)
      expect(answer.body.errors[field]).toBeDefined()
    }
  })

  it("deletes notes and the review with the account", async () => {
    const email = (await createVerifiedUser(server)).email
    const token = await signIn(server, email)
    await save(token, { point: FREE_POINT, text: "gone soon", version: null })
    await call("POST", "/api/save-app-review", token, { rating: 4 })
    await server.sql("DELETE FROM users WHERE email = $1", [email])
    const rows = await server.sql<{ n: number }>(
      "SELECT (SELECT count(*) FROM point_notes WHERE body = 'gone soon')::int AS n",
    )
    expect(rows[0]?.n).toBe(0)
  })
})

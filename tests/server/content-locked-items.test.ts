// A free page that lists a point the caller may not open (a body area, a category, a channel)
// names it by its public facts only — code, names, permission false — exactly as a locked point
// answers on its own: which categories it belongs to is Pro content, so a visitor or a Standard
// user never learns from a free page that ST-6 is one of the ghost points. A locked point's own
// answer carries no safety flags either: they are its content.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { PLAN_ID_PRO } from "../../src/domain/billing/plans.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const content = loadContent()
const free = content.access.free

/** Every free answer that lists points, by path. */
const freeListings = [
  ...content.bodyAreas
    .filter((a) => (free.bodyAreas as ReadonlyArray<string>).includes(a.id))
    .map((a) => `/api/body-area/${a.slug}`),
  ...content.categories.filter((c) => free.categories.includes(c.id)).map((c) => `/api/categories/${c.slug}`),
  ...content.channels
    .filter((c) => (free.channels as ReadonlyArray<string>).includes(c.code))
    .map((c) => `/api/channels/${c.slug}`),
]

/** What a point listed on a page carries. */
const SUMMARY_KEYS = ["categories", "code", "hanzi", "name", "permission", "pinyin", "slug"]

interface Summary {
  readonly code: string
  readonly permission: boolean
  readonly categories: ReadonlyArray<{ slug: string }>
}

/** The point summaries of a body-area, category or channel answer. */
const summariesOf = (body: Record<string, unknown>): ReadonlyArray<Summary> => {
  const groups = (body.groups as Array<{ points: Array<Summary> }> | undefined) ?? []
  const members = (body.members as Array<{ point: Summary }> | undefined) ?? []
  const points = (body.points as Array<Summary> | undefined) ?? []
  return [...groups.flatMap((g) => g.points), ...members.map((m) => m.point), ...points]
}

describe.each(DATABASES)("locked points on free pages on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    server = await startTestServer(kind)
    standard = await signIn(server, (await createVerifiedUser(server)).email)
    const proUser = await createVerifiedUser(server)
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, proUser.email])
    pro = await signIn(server, proUser.email)
  })
  afterAll(() => server.close())

  const get = async (path: string, token?: string) => {
    const response = await server.request(path, { token })
    const text = await response.text()
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text }
  }

  it("names a locked point by its public facts only, without its categories, on every free page", async () => {
    expect(freeListings.length).toBeGreaterThan(3)
    let lockedSeen = 0
    let categoriesWithPro = 0
    for (const token of [undefined, standard]) {
      for (const path of freeListings) {
        const { status, body } = await get(path, token)
        expect(status, path).toBe(200)
        const withPro = new Map(summariesOf((await get(path, pro)).body).map((p) => [p.code, p]))
        for (const point of summariesOf(body)) {
          expect(Object.keys(point).sort(), `${path} ${point.code}`).toEqual(SUMMARY_KEYS)
          if (point.permission) {
            // An open point keeps its badges: they are its own content.
            expect(point.categories, `${path} ${point.code}`).toEqual(withPro.get(point.code)!.categories)
            continue
          }
          lockedSeen++
          expect(point.categories, `${path} ${point.code}`).toEqual([])
          if (withPro.get(point.code)!.categories.length > 0) categoriesWithPro++
        }
      }
    }
    // The pages do list locked points, and Pro sees categories for many of them.
    expect(lockedSeen).toBeGreaterThan(20)
    expect(categoriesWithPro).toBeGreaterThan(10)
  })

  it("answers a locked point without its safety flags, which Pro sees", async () => {
    const flagged = ["SP-6", "GB-21", "CV-4", "GV-20", "BL-13"].map(
      (code) => [...content.channels.flatMap((c) => c.points)].find((p) => p.code === code)!,
    )
    for (const point of flagged) {
      const reason = point.needling.cautions[0]!
      for (const token of [undefined, standard]) {
        const { body, text } = await get(`/api/point/${point.slug}`, token)
        expect(body, point.code).toMatchObject({ _tag: "Locked" })
        expect(body, point.code).not.toHaveProperty("safety")
        expect(text, point.code).not.toContain(reason.slice(0, 30))
      }
      const { body } = await get(`/api/point/${point.slug}`, pro)
      expect(body.safety, point.code).toBeDefined()
    }
  })

  it("does not tell a visitor or a Standard user that ST-6 on the free head page is a ghost point", async () => {
    for (const token of [undefined, standard]) {
      const { body, text } = await get("/api/body-area/head-and-face", token)
      const st6 = summariesOf(body).find((p) => p.code === "ST-6")!
      expect(st6).toMatchObject({ code: "ST-6", permission: false, categories: [] })
      expect(text).not.toContain("ghost-points")
    }
    const { body } = await get("/api/body-area/head-and-face", pro)
    const st6 = summariesOf(body).find((p) => p.code === "ST-6")!
    expect(st6.categories.map((c) => c.slug)).toContain("ghost-points")
  })
})

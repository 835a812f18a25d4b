// The content calls as a visitor, a Standard user and a Pro user: permissions on every item, an
// answer (200, `_tag: "Locked"`) with nothing but the public facts for anything locked (every
// point, body area, category, vessel and page is walked), names in the caller's language, a
// point's safety flags with their labels and reasons in it, and 404 for unknown slugs.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { PLAN_ID_PRO, PLAN_ID_STANDARD } from "../../src/domain/billing/plans.ts"
import type { PointSafetyView } from "../../src/domain/content/point-safety.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const content = loadContent()
const free = content.access.free
const freeChannels = new Set<string>(free.channels)
const allPoints = [
  ...content.channels.flatMap((c) =>
    c.points.map((p) => ({ ...p, free: freeChannels.has(c.code), channel: c.name.en as string | undefined })),
  ),
  ...content.extraPoints.map((p) => ({ ...p, free: false, channel: undefined })),
]

type Json = Record<string, unknown>

describe.each(DATABASES)("content API on %s", (kind) => {
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

  const get = async (path: string, token?: string, locale?: string) => {
    const response = await server.request(path, { token, locale })
    const text = await response.text()
    return { status: response.status, body: text.length ? (JSON.parse(text) as Json) : {}, text }
  }

  const callers = () =>
    [
      ["a visitor", undefined, false],
      ["a Standard user", standard, false],
      ["a Pro user", pro, true],
    ] as const

  it("marks the menu's items by plan and lists no points of a locked entry", async () => {
    for (const [, token, isPro] of callers()) {
      const { status, body } = await get("/api/channel-menus", token)
      expect(status).toBe(200)
      const sections = body as unknown as Array<{
        id: string
        title: string
        children: Array<{
          id: string
          title: string
          itemType: string
          group: string
          permission: boolean
          points: Array<Json>
        }>
      }>
      expect(sections.map((s) => s.id)).toEqual(["channels", "categories", "bodyAreas"])
      // One name for the categories, the pages' name; "point groups" are the user's own.
      expect(sections.map((s) => s.title)).toEqual(["Channel pathways and points", "Point categories", "Body areas"])
      // Channels, vessels and extra points each under their own heading, in that order.
      expect([...new Set(sections[0]!.children.map((c) => c.group))]).toEqual(["channels", "vessels", "extraPoints"])
      // No two entries of a section read the same (Ren and Du are a channel and a vessel).
      for (const section of sections) {
        const titles = section.children.map((c) => c.title)
        expect(new Set(titles).size, section.id).toBe(titles.length)
      }
      const vessels = sections[0]!.children.filter((c) => c.itemType === "vessel").map((c) => c.title)
      expect(vessels).toContain("Rèn Mài · Conception Vessel")
      expect(vessels).toContain("Dū Mài · Governing Vessel")
      const channels = sections[0]!.children.filter((c) => c.itemType === "channel")
      expect(channels).toHaveLength(14)
      for (const entry of sections.flatMap((s) => s.children)) {
        if (!entry.permission) expect(entry.points).toEqual([])
      }
      const lu = channels.find((c) => c.id === "LU")!
      expect(lu.permission).toBe(true)
      expect(lu.points).toHaveLength(11)
      expect(channels.find((c) => c.id === "BL")!.permission).toBe(isPro)
      expect(sections[0]!.children.filter((c) => c.itemType === "vessel")).toHaveLength(8)
      expect(
        sections[2]!.children
          .filter((a) => a.permission)
          .map((a) => a.id)
          .sort(),
      ).toEqual(isPro ? content.bodyAreas.map((a) => a.id).sort() : [...free.bodyAreas].sort())
    }
  })

  it("lists the 18 categories with their size, by plan, in the caller's language", async () => {
    for (const [who, token, isPro] of callers()) {
      const { status, body } = await get("/api/categories", token)
      expect(status).toBe(200)
      const list = body as unknown as Array<{ slug: string; title: string; pointCount: number; permission: boolean }>
      expect(
        list.map((c) => c.slug),
        who,
      ).toEqual(content.categories.map((c) => c.slug))
      for (const [i, category] of content.categories.entries()) {
        expect(list[i]).toEqual({
          id: category.id,
          slug: category.slug,
          title: category.name.en,
          pointCount: category.members.length,
          permission: isPro || free.categories.includes(category.id),
        })
      }
    }
    const german = (await get("/api/categories", undefined, "de")).body as unknown as Array<{ title: string }>
    expect(german.map((c) => c.title)).toEqual(content.categories.map((c) => c.name.de))
  })

  it("opens every free point to everyone and locks every Pro point without leaking its body", async () => {
    for (const [who, token, isPro] of callers()) {
      for (const point of allPoints) {
        const { status, body, text } = await get(`/api/point/${point.slug}`, token)
        if (point.free || isPro) {
          expect(status, `${who} ${point.code}`).toBe(200)
          expect(body.code).toBe(point.code)
          expect(body.location).toBe(point.location)
        } else {
          // An answer, not an error: the browser shows the locked page with nothing in its console.
          expect(status, `${who} ${point.code}`).toBe(200)
          expect(body).toMatchObject({ _tag: "Locked" })
          expect(text).not.toContain(point.location.slice(0, 30))
          expect(text).not.toContain(point.commentary.slice(0, 30))
          // Only the public facts that name the point: its code, pinyin, name and channel.
          expect(Object.keys(body).sort()).toEqual(["_tag", "item", "message"])
          expect(body.item).toEqual({
            kind: "point",
            code: point.code,
            pinyin: point.pinyin,
            name: point.name.en,
            ...(point.channel === undefined ? {} : { channel: point.channel }),
          })
        }
      }
    }
  }, 120_000)

  it("locks body areas, categories, vessels, channels and pages the same way", async () => {
    const items = [
      ...content.bodyAreas.map((a) => ({
        path: `/api/body-area/${a.slug}`,
        free: (free.bodyAreas as ReadonlyArray<string>).includes(a.id),
        item: { kind: "bodyArea", code: null, pinyin: null, name: a.name.en },
      })),
      ...content.categories.map((c) => ({
        path: `/api/categories/${c.slug}`,
        free: free.categories.includes(c.id),
        item: { kind: "category", code: null, pinyin: null, name: c.name.en },
      })),
      ...content.vessels.map((v) => ({
        path: `/api/vessels/${v.slug}`,
        free: (free.vessels as ReadonlyArray<string>).includes(v.id),
        item: { kind: "vessel", code: null, pinyin: v.pinyin, name: v.name.en },
      })),
      ...content.channels.map((c) => ({
        path: `/api/channels/${c.slug}`,
        free: freeChannels.has(c.code),
        item: { kind: "channel", code: c.code, pinyin: c.pinyin, name: c.name.en },
      })),
      ...content.pages.map((p) => ({
        path: `/api/pages/${p.slug}`,
        free: free.pages.includes(p.slug),
        item: { kind: "page", code: null, pinyin: null, name: p.title.en },
      })),
      {
        path: "/api/extra-points",
        free: false,
        item: { kind: "extraPoints", code: null, pinyin: null, name: `All ${content.extraPoints.length} extra points` },
      },
    ]
    for (const [who, token, isPro] of callers()) {
      for (const item of items) {
        const { status, body } = await get(item.path, token)
        expect(status, `${who} ${item.path}`).toBe(200)
        expect(body._tag === "Locked", `${who} ${item.path}`).toBe(!(item.free || isPro))
        // A locked answer names the item by its public facts and carries nothing else.
        if (body._tag === "Locked") {
          expect(Object.keys(body).sort()).toEqual(["_tag", "item", "message"])
          expect(body.item, item.path).toEqual(item.item)
        }
      }
    }
  }, 60_000)

  it("opens a Pro item after the plan changes, and locks it again after it lapses", async () => {
    const user = await createVerifiedUser(server)
    const token = await signIn(server, user.email)
    const tagOf = async () => (await get("/api/point/bl-40-weizhong", token)).body._tag
    expect(await tagOf()).toBe("Locked")
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_PRO, user.email])
    expect(await tagOf()).toBeUndefined()
    await server.sql("UPDATE users SET plan_id = $1 WHERE email = $2", [PLAN_ID_STANDARD, user.email])
    expect(await tagOf()).toBe("Locked")
  })

  it("treats an unknown or expired token as a visitor, never 401", async () => {
    const { status } = await get("/api/point/lu-9-taiyuan", "forged-token")
    expect(status).toBe(200)
  })

  it("answers unknown slugs with 404", async () => {
    for (const path of [
      "/api/point/xx-99",
      "/api/channels/nope",
      "/api/body-area/nope",
      "/api/categories/nope",
      "/api/vessels/nope",
      "/api/pages/nope",
      "/api/point-name-fields/nope",
    ]) {
      expect((await get(path, pro)).status, path).toBe(404)
    }
  })

  it("gives a point page its categories, body areas and neighbours on the channel", async () => {
    const { body } = await get("/api/point/lu-9-taiyuan")
    expect(body).toMatchObject({
      code: "LU-9",
      channel: { code: "LU", slug: "lung-channel", permission: true },
      previous: { code: "LU-8" },
      next: { code: "LU-10" },
      textLanguage: "en",
    })
    const categories = (body.categories as Array<{ slug: string }>).map((c) => c.slug)
    expect(categories).toEqual(expect.arrayContaining(["yuan-source", "shu-stream", "hui-meeting"]))
    expect((body.bodyAreas as Array<{ slug: string }>).length).toBeGreaterThan(0)
    const first = await get("/api/point/lu-1-zhongfu")
    expect(first.body.previous).toBeNull()
  })

  it("names things in the caller's language and gives the long texts in it too", async () => {
    const de = await get("/api/point/lu-9-taiyuan", undefined, "de")
    expect(de.body.name).toBe("Großer Abgrund")
    expect(de.body.textLanguage).toBe("de")
    const es = await get("/api/channels/lung-channel", undefined, "es")
    expect(String(es.body.name)).toMatch(/Pulmón/)
    expect(es.body.points as Array<Json>).toHaveLength(11)
    const page = await get("/api/pages/measuring-with-cun", undefined, "es")
    expect(page.body.textLanguage).toBe("es")
  })

  it("gives LI-4's safety flags in the caller's language: contraindicated in pregnancy, the radial artery", async () => {
    const li4 = allPoints.find((p) => p.code === "LI-4")!
    const radialArtery = content.glossary.find((t) => t.id === "radial-artery")!
    for (const language of ["en", "de", "es"] as const) {
      const { status, body } = await get(`/api/point/${li4.slug}`, standard, language)
      expect(status).toBe(200)
      const sentences =
        language === "en" ? li4.needling : content.translations[language].channels.LI!.points["LI-4"]!.needling
      const safety = body.safety as PointSafetyView
      expect(safety.pregnancy).toEqual({
        level: "contraindicated",
        reason: sentences.contraindications[0],
        source: { list: "contraindications", index: 0 },
      })
      expect(safety.vessels).toEqual([
        {
          id: "radial-artery",
          label: radialArtery[language],
          reason: sentences.cautions[1],
          source: { list: "cautions", index: 1 },
        },
      ])
      expect(safety).toMatchObject({ organsBeneath: [], nerves: [], needlingDepthLimit: null, children: null })
    }
    const reason = async (language: string) =>
      ((await get(`/api/point/${li4.slug}`, undefined, language)).body.safety as PointSafetyView).pregnancy.reason
    expect(await reason("de")).toMatch(/Schwangerschaft/)
    expect(await reason("es")).toMatch(/embarazo/)
  })

  it("labels organs from the glossary and gives depth limits and children's flags with their reasons", async () => {
    const lu1 = (await get("/api/point/lu-1-zhongfu", undefined, "de")).body.safety as PointSafetyView
    expect(lu1.organsBeneath.map(({ id, label }) => ({ id, label }))).toEqual([
      { id: "lung-pleura", label: "Lunge und Pleura" },
    ])
    expect(lu1.pregnancy).toEqual({ level: "none", reason: null, source: null })
    const gv15 = (await get("/api/point/gv-15-yamen", pro)).body.safety as PointSafetyView
    expect(gv15.needlingDepthLimit).toMatchObject({ cun: 1, reason: expect.stringContaining("1 cun") })
    const gv20 = (await get("/api/point/gv-20-baihui", pro, "es")).body.safety as PointSafetyView
    expect(gv20.children).toMatchObject({ level: "contraindicated", source: { list: "contraindications", index: 0 } })
    expect(gv20.children?.reason).toMatch(/lactantes|fontanela/)
  })

  it("never gives the safety flags of a point the caller may not open", async () => {
    for (const token of [undefined, standard]) {
      const { body, text } = await get("/api/point/sp-6-sanyinjiao", token)
      expect(body).toMatchObject({ _tag: "Locked" })
      expect(body).not.toHaveProperty("safety")
      expect(text).not.toContain("pregnancy")
    }
    const open = (await get("/api/point/sp-6-sanyinjiao", pro)).body.safety as PointSafetyView
    expect(open.pregnancy.level).toBe("contraindicated")
  })

  it("groups a body area's points by channel in channel order", async () => {
    const { body } = await get("/api/body-area/head-and-face", pro)
    const groups = body.groups as Array<{ channel: { code: string } | null; points: Array<{ code: string }> }>
    const order = groups.map((g) => g.channel?.code ?? "EX")
    const expected = content.channels.map((c) => c.code).filter((c) => order.includes(c))
    expect(order.filter((c) => c !== "EX")).toEqual(expected)
    for (const group of groups) {
      if (group.channel) for (const p of group.points) expect(p.code.startsWith(`${group.channel.code}-`)).toBe(true)
    }
  })

  it("offers the search selects: channels without the extraordinary vessels, point fields, a channel's points", async () => {
    const channels = (await get("/api/channel-fields")).body as unknown as Array<{ slug: string; permission: boolean }>
    expect(channels).toHaveLength(14)
    expect(channels.filter((c) => c.permission).map((c) => c.slug)).toEqual(["lung-channel", "large-intestine-channel"])
    const fields = (await get("/api/point-fields")).body as unknown as Array<{ slug: string }>
    expect(fields.map((f) => f.slug)).toContain("indications")
    const lungPoints = (await get("/api/point-name-fields/lung-channel")).body as unknown as Array<{ title: string }>
    expect(lungPoints).toHaveLength(11)
    expect(lungPoints[8]?.title).toBe("LU-9 Tàiyuān")
  })
})

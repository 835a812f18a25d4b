// The chart calls as a visitor, a Standard user and a Pro user: Pro points reach a caller without
// Pro only as bare dots (no code, name, slug, location or safety flag anywhere in the answer, and
// in an order taken from their positions alone, so the public point lists cannot label them) and
// Pro pathways not at all; every point is on a view for Pro, with the flags a chart highlights; answers decode by the contract, carry an ETag per
// content version, plan level and language, and revalidate to 304; bad and unknown views answer
// 422 and 404.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../server/content/load-content.ts"
import { CHART_VIEW_IDS } from "../../src/domain/charts/chart-ids.ts"
import { channelSequence } from "../../src/domain/charts/chart-navigation.ts"
import { ChartIndex, ServedChart } from "../../src/domain/charts/chart-views.ts"
import { DATABASES, signInMembers, startTestServer, type TestServer } from "./support/harness.ts"

const content = loadContent()
const freeChannels = new Set<string>(content.access.free.channels)
const standardPoints = content.channels.flatMap((c) => c.points.map((p) => ({ ...p, channel: c.code })))
const lockedPoints = [
  ...standardPoints.filter((p) => !freeChannels.has(p.channel)),
  ...content.extraPoints.map((p) => ({ ...p, channel: "EX" })),
]
const openPoints = standardPoints.filter((p) => freeChannels.has(p.channel))

const decodeView = Schema.decodeUnknownSync(ServedChart)
const decodeIndex = Schema.decodeUnknownSync(ChartIndex)

describe.each(DATABASES)("chart API on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  beforeAll(async () => {
    server = await startTestServer(kind)
    ;({ standard, pro } = await signInMembers(server))
  })
  afterAll(() => server.close())

  const get = async (path: string, init: { token?: string; locale?: string; etag?: string } = {}) => {
    const response = await server.request(path, {
      token: init.token,
      locale: init.locale,
      headers: init.etag ? { "if-none-match": init.etag } : {},
    })
    return { response, text: await response.text() }
  }

  it("offers every view in the index, and for Pro every point of the knowledge base on a view", async () => {
    const { response, text } = await get("/api/charts", { token: pro })
    expect(response.status).toBe(200)
    const index = decodeIndex(JSON.parse(text))
    expect(index.views.map((v) => v.id)).toEqual([...CHART_VIEW_IDS])
    expect(index.views.every((v) => v.dots === 0)).toBe(true)
    const codes = [...standardPoints, ...content.extraPoints].map((p) => p.code)
    expect(codes.filter((code) => !index.points[code]?.length)).toEqual([])
    // The point page's views: the best one first, a second one of the other kind where it helps.
    expect(index.points["LU-9"]?.[0]).toEqual({ view: "hand-palm", key: expect.stringMatching(/^LU-9:/) })
    expect(index.points["LU-9"]?.[1]?.view).toMatch(/^body-/)
    for (const id of [...content.channels.map((c) => c.code), ...content.vessels.map((v) => v.id)]) {
      expect(index.pathways[id]?.length, id).toBeGreaterThan(0)
    }
    expect(index.pathways.LU?.[0]).toBe("body-front")
    expect(index.pathways.BL?.[0]).toBe("body-back")
    expect(index.areas.hand?.[0]).toMatch(/^hand-/)
    expect(index.areas["upper-back"]?.[0]).toBe("body-back")
  })

  it("lists only the points and courses a caller without Pro may open", async () => {
    for (const token of [undefined, standard]) {
      const { response, text } = await get("/api/charts", { token })
      expect(response.status).toBe(200)
      const index = decodeIndex(JSON.parse(text))
      expect(Object.keys(index.points).sort()).toEqual(openPoints.map((p) => p.code).sort())
      expect(Object.keys(index.pathways).sort()).toEqual([...freeChannels].sort())
      expect(index.views.find((v) => v.id === "body-front")!.dots).toBeGreaterThan(100)
    }
  })

  it("sends a Standard user and a visitor Pro points as bare dots only, on every view", async () => {
    for (const token of [undefined, standard]) {
      for (const id of CHART_VIEW_IDS) {
        const { response, text } = await get(`/api/charts/${id}`, { token })
        expect(response.status, id).toBe(200)
        const chart = decodeView(JSON.parse(text))
        expect(
          chart.points.every((p) => freeChannels.has(p.group)),
          id,
        ).toBe(true)
        expect(
          chart.pathways.every((p) => freeChannels.has(p.id)),
          id,
        ).toBe(true)
        // Nothing of a locked point is in the answer: not its code, slug, name or location text.
        for (const p of lockedPoints) {
          expect(text.includes(`"${p.code}`), `${id} names ${p.code}`).toBe(false)
          expect(text.includes(`${p.code}:`), `${id} keys ${p.code}`).toBe(false)
          expect(text.includes(p.slug), `${id} links ${p.slug}`).toBe(false)
          expect(text.includes(p.location), `${id} locates ${p.code}`).toBe(false)
        }
        // Every locked place is still drawn, as a dot: each place once.
        const full = decodeView(JSON.parse((await get(`/api/charts/${id}`, { token: pro })).text))
        const lockedPlaces = new Set(
          full.points
            .filter((p) => !freeChannels.has(p.group))
            .flatMap((p) => p.sites)
            .map((s) => `${s.x} ${s.y}`),
        )
        expect(chart.dots.length, id).toBe(lockedPlaces.size)
        expect(new Set(chart.dots.map(([x, y]) => `${x} ${y}`)), id).toEqual(lockedPlaces)
      }
    }
  })

  it("lists the dots of locked points in an order taken from their positions alone, as bare pairs", async () => {
    for (const token of [undefined, standard]) {
      const index = decodeIndex(JSON.parse((await get("/api/charts", { token })).text))
      for (const id of CHART_VIEW_IDS) {
        const { text } = await get(`/api/charts/${id}`, { token })
        // Read raw, not decoded: nothing beside the two numbers, no nesting per point or channel.
        const dots = (JSON.parse(text) as { dots: ReadonlyArray<unknown> }).dots
        expect(
          dots.every((d) => Array.isArray(d) && d.length === 2 && d.every((n) => typeof n === "number")),
          id,
        ).toBe(true)
        const pairs = dots as ReadonlyArray<readonly [number, number]>
        const sorted = [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1])
        expect(pairs, `${id} dots sorted by x, then y`).toEqual(sorted)
        expect(index.views.find((v) => v.id === id)!.dots, id).toBe(pairs.length)
      }
    }
  })

  it("sends a Pro user every point with its names, location text and sites, and every course", async () => {
    const { text } = await get("/api/charts/body-front", { token: pro })
    const chart = decodeView(JSON.parse(text))
    expect(chart.dots).toEqual([])
    const st36 = chart.points.find((p) => p.code === "ST-36")!
    expect(st36).toMatchObject({ slug: "st-36-zusanli", group: "ST", name: "Leg Three Miles" })
    expect(st36.location).toBe(standardPoints.find((p) => p.code === "ST-36")!.location)
    expect(st36.sites.map((s) => s.side).sort()).toEqual(["left", "right"])
    expect(chart.pathways.map((p) => p.id)).toEqual(expect.arrayContaining(["ST", "SP", "KI", "ren", "chong"]))
    expect(chart.groups).toEqual(
      expect.arrayContaining([{ id: "ST", name: expect.stringMatching(/^Stomach Channel/) }]),
    )
  })

  it("carries safety flags only for the points a caller may open: never for a locked point", async () => {
    const lockedCodes = new Set(lockedPoints.map((p) => p.code))
    const flagged = (chart: ServedChart) => chart.points.filter((p) => p.safety !== undefined)
    for (const token of [undefined, standard]) {
      for (const id of CHART_VIEW_IDS) {
        const { text } = await get(`/api/charts/${id}`, { token })
        const chart = decodeView(JSON.parse(text))
        // Every flag belongs to a point of the answer, and none of those is locked; the dots stay bare pairs.
        expect(
          flagged(chart).filter((p) => lockedCodes.has(p.code) || !freeChannels.has(p.group)),
          id,
        ).toEqual([])
        expect(text.match(/"safety":/g)?.length ?? 0, id).toBe(flagged(chart).length)
      }
    }
    // LI-4 is free: a Standard user sees its flag on the back of the hand; SP-6 is Pro and absent.
    const back = decodeView(JSON.parse((await get("/api/charts/hand-back", { token: standard })).text))
    expect(back.points.find((p) => p.code === "LI-4")?.safety?.pregnancy).toBe("contraindicated")
    const front = await get("/api/charts/body-front", { token: standard })
    expect(front.text).not.toContain("SP-6")
    expect(decodeView(JSON.parse(front.text)).points.some((p) => p.safety?.pregnancy)).toBe(false)
  })

  it("sends a Pro user the flags a chart highlights, only where a point has them", async () => {
    const back = decodeView(JSON.parse((await get("/api/charts/hand-back", { token: pro })).text))
    expect(back.points.find((p) => p.code === "LI-4")?.safety).toEqual({ pregnancy: "contraindicated" })
    const front = decodeView(JSON.parse((await get("/api/charts/body-front", { token: pro })).text))
    expect(front.points.find((p) => p.code === "SP-6")?.safety).toEqual({ pregnancy: "contraindicated" })
    // Organs by name in the caller's language, and a depth in cun, as the content says.
    const all = [...standardPoints, ...content.extraPoints]
    const withOrgans = front.points.find((p) => p.safety?.organs)!
    const source = all.find((p) => p.code === withOrgans.code)!
    const term = (id: string) => content.glossary.find((t) => t.id === id)!
    expect(withOrgans.safety!.organs).toEqual(source.safety.organsBeneath.map((o) => term(o.organ).en))
    const german = decodeView(JSON.parse((await get("/api/charts/body-front", { token: pro, locale: "de" })).text))
    expect(german.points.find((p) => p.code === withOrgans.code)!.safety!.organs).toEqual(
      source.safety.organsBeneath.map((o) => term(o.organ).de),
    )
    const deep = all.find((p) => p.safety.needlingDepthLimit !== null && front.points.some((f) => f.code === p.code))
    if (deep)
      expect(front.points.find((p) => p.code === deep.code)!.safety!.depth).toBe(deep.safety.needlingDepthLimit!.cun)
    // A point with none of these flags carries no field at all.
    const plain = all.find(
      (p) =>
        p.safety.pregnancy.level === "none" &&
        p.safety.children === null &&
        p.safety.organsBeneath.length === 0 &&
        p.safety.needlingDepthLimit === null &&
        front.points.some((f) => f.code === p.code),
    )!
    expect(front.points.find((p) => p.code === plain.code)).not.toHaveProperty("safety")
  })

  it("serves a view that can be walked along a channel by the domain's navigation", async () => {
    const { text } = await get("/api/charts/body-front")
    const chart = decodeView(JSON.parse(text))
    const sites = chart.points.flatMap((p) => p.sites.map((s) => ({ ...s, code: p.code })))
    const navigable = { view: { nearSide: chart.nearSide }, points: sites }
    const lu1 = sites.find((s) => s.code === "LU-1" && s.side === chart.nearSide)!
    expect(channelSequence(navigable, lu1).map((s) => s.code)).toEqual(
      Array.from({ length: 11 }, (_, i) => `LU-${i + 1}`),
    )
  })

  it("names views and points in the caller's language", async () => {
    const de = decodeView(JSON.parse((await get("/api/charts/hand-palm", { locale: "de" })).text))
    const en = decodeView(JSON.parse((await get("/api/charts/hand-palm", { locale: "en" })).text))
    expect(de.title).not.toBe(en.title)
    expect(de.points.find((p) => p.code === "LU-9")!.name).toBe("Großer Abgrund")
    // The location text is the German one, and says so; English stays English.
    const [deLu9, enLu9] = [de, en].map((chart) => chart.points.find((p) => p.code === "LU-9")!)
    expect(deLu9!.locationLanguage).toBe("de")
    expect(deLu9!.location).not.toBe(enLu9!.location)
    expect(deLu9!.location).toMatch(/Handgelenk/)
    expect(enLu9!).toMatchObject({ locationLanguage: "en", location: expect.stringMatching(/wrist/) })
  })

  it("tags each answer by plan level and language, keeps it private, and answers 304 to a match", async () => {
    const visitor = await get("/api/charts/hand-palm")
    const std = await get("/api/charts/hand-palm", { token: standard })
    const proView = await get("/api/charts/hand-palm", { token: pro })
    const german = await get("/api/charts/hand-palm", { locale: "de" })
    const etag = visitor.response.headers.get("etag")!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(std.response.headers.get("etag")).toBe(etag)
    expect(std.text).toBe(visitor.text)
    expect(proView.response.headers.get("etag")).not.toBe(etag)
    expect(german.response.headers.get("etag")).not.toBe(etag)
    expect(visitor.response.headers.get("cache-control")).toBe("private, no-cache")
    expect(visitor.response.headers.get("vary")).toContain("Authorization")
    expect(visitor.response.headers.get("content-type")).toContain("application/json")

    const again = await get("/api/charts/hand-palm", { etag })
    expect(again.response.status).toBe(304)
    expect(again.text).toBe("")
    expect(again.response.headers.get("etag")).toBe(etag)
    // After an upgrade the same browser copy no longer matches: Pro gets the full view.
    const upgraded = await get("/api/charts/hand-palm", { token: pro, etag })
    expect(upgraded.response.status).toBe(200)

    const index = await get("/api/charts")
    const indexAgain = await get("/api/charts", { etag: index.response.headers.get("etag")! })
    expect(indexAgain.response.status).toBe(304)
  })

  it("answers 404 for an unknown view and 422 for a malformed one", async () => {
    const unknown = await get("/api/charts/elbow-inside")
    expect(unknown.response.status).toBe(404)
    expect(JSON.parse(unknown.text)).toMatchObject({ _tag: "NotFound" })
    const malformed = await get("/api/charts/Body_Front!")
    expect(malformed.response.status).toBe(422)
    expect(JSON.parse(malformed.text)).toMatchObject({ _tag: "ValidationFailed" })
    const tooLong = await get(`/api/charts/${"a".repeat(60)}`)
    expect(tooLong.response.status).toBe(422)
  })
})

// The video calls as a visitor, a Standard user and a Pro user: every channel, vessel and point video
// is listed with its permission, and only a video the caller may watch carries addresses and caption
// words (a locked point's location text never reaches a caller without Pro). The addresses are signed:
// the MP4 answers byte ranges (206, 416) with its type, the captions are WebVTT, and an address that
// was tampered with, made for another file or expired answers 403 — so a Pro video's bytes cannot be
// fetched without Pro. Unknown channels answer 404, bad ones 422. An acupressure video has captions in
// English only: a signed address of its English captions answers WebVTT, of any other language 404.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTENT_DIR, loadContent } from "../../../server/content/load-content.ts"
import { loadVideoCatalogue } from "../../../server/videos/catalogue.ts"
import { signMediaPath } from "../../../server/videos/media-signing.ts"
import { CAPTIONS_PATH, videoMedia } from "../../../server/videos/service.ts"
import { SEE_A_PRACTITIONER } from "../../../src/domain/acupressure/acupressure-script.ts"
import { PLAN_ID_PRO } from "../../../src/domain/billing/plans.ts"
import { ChannelVideos, PointVideos, VideoListing } from "../../../src/domain/videos/video-listing.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "../support/harness.ts"

const content = loadContent()
const freeChannels = new Set<string>(content.access.free.channels)
const decodeChannels = Schema.decodeUnknownSync(ChannelVideos)
const decodePoints = Schema.decodeUnknownSync(PointVideos)
const decodeListing = Schema.decodeUnknownSync(VideoListing)
const lockedChannel = content.channels.find((c) => !freeChannels.has(c.code))!
const lockedLocation = lockedChannel.points[0]!.location
/** The secret the test server signs media addresses with. */
const SECRET = "jingluo-development-secret-not-for-production"

describe.each(DATABASES)("video API on %s", (kind) => {
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

  const json = async (path: string, token?: string, locale?: string) => {
    const response = await server.request(path, { token, locale })
    return { status: response.status, text: await response.text() }
  }

  it("lists every channel and vessel video; without Pro only the free ones carry media", async () => {
    for (const token of [undefined, standard]) {
      const { status, text } = await json("/api/channel-videos", token)
      expect(status).toBe(200)
      const { channels, vessels } = decodeChannels(JSON.parse(text))
      expect(channels.map((c) => c.subject)).toEqual(content.channels.map((c) => c.code))
      expect(vessels.map((v) => v.subject)).toEqual(content.vessels.map((v) => v.id))
      for (const video of [...channels, ...vessels]) {
        const open = freeChannels.has(video.subject)
        expect(video.permission, video.subject).toBe(open)
        expect(video.media === null, video.subject).toBe(!open)
        expect(video.duration).toBeGreaterThanOrEqual(30)
        expect(video.duration).toBeLessThanOrEqual(90)
      }
    }
    const { text } = await json("/api/channel-videos", pro)
    const all = decodeChannels(JSON.parse(text))
    expect([...all.channels, ...all.vessels].every((v) => v.permission && v.media !== null)).toBe(true)
  })

  it("titles the videos and words their captions in the caller's language", async () => {
    const { text } = await json("/api/channel-videos/lung-channel", undefined, "de")
    const lung = decodeListing(JSON.parse(text))
    expect(lung.title).toBe(content.channels.find((c) => c.code === "LU")!.name.de)
    expect(lung.subtitle).toBe("11 Punkte")
    expect(lung.media?.captions.map((c) => c.language)).toEqual(["en", "de", "es"])
    expect(lung.media?.captions.every((c) => c.cues.length > 0)).toBe(true)
  })

  it("lists a channel's point videos in order; a locked channel's without media or words", async () => {
    const { text } = await json("/api/point-videos/lung-channel")
    const lung = decodePoints(JSON.parse(text))
    expect(lung.points.map((p) => p.subject)).toEqual(content.channels[0]!.points.map((p) => p.code))
    expect(lung.points.every((p) => p.permission && p.media !== null)).toBe(true)
    expect(lung.points[8]).toMatchObject({ title: "LU-9 Tàiyuān", subtitle: "Great Abyss", slug: "lu-9-taiyuan" })
    expect(lung.points[8]!.duration).toBeGreaterThanOrEqual(6)
    expect(lung.points[8]!.duration).toBeLessThanOrEqual(15)

    const locked = await json(`/api/point-videos/${lockedChannel.slug}`, standard)
    expect(locked.status).toBe(200)
    const listed = decodePoints(JSON.parse(locked.text))
    expect(listed.channel.permission).toBe(false)
    expect(listed.points.length).toBe(lockedChannel.points.length)
    expect(listed.points.every((p) => !p.permission && p.media === null)).toBe(true)
    expect(locked.text).not.toContain(lockedLocation.slice(0, 40))

    const forPro = decodePoints(JSON.parse((await json(`/api/point-videos/${lockedChannel.slug}`, pro)).text))
    expect(forPro.points.every((p) => p.permission && p.media !== null)).toBe(true)
  })

  it("lists the extra points' videos under a head of their own: locked without Pro, every one with Pro", async () => {
    const locked = decodePoints(JSON.parse((await json("/api/point-videos/extra-points", standard)).text))
    expect(locked.channel).toMatchObject({ kind: "group", slug: "extra-points", title: "Extra points", media: null })
    expect(locked.channel.permission).toBe(false)
    expect(locked.points.map((p) => p.subject)).toEqual(content.extraPoints.map((p) => p.code))
    expect(locked.points.every((p) => !p.permission && p.media === null)).toBe(true)

    const { text } = await json("/api/point-videos/extra-points", pro, "de")
    const open = decodePoints(JSON.parse(text))
    expect(open.channel).toMatchObject({ permission: true, title: "Extrapunkte", subtitle: "48 Punkte", media: null })
    expect(open.points).toHaveLength(48)
    expect(open.points.every((p) => p.permission && p.media !== null)).toBe(true)
  })

  it("answers 404 for an unknown channel and 422 for a bad address", async () => {
    expect((await json("/api/point-videos/no-such-channel")).status).toBe(404)
    expect((await json("/api/channel-videos/no-such-channel")).status).toBe(404)
    expect((await json(`/api/point-videos/${"x".repeat(80)}`)).status).toBe(422)
  })

  it("serves a point video at its signed address in byte ranges, and its captions as WebVTT", async () => {
    const { text } = await json("/api/point-videos/lung-channel", undefined, "es")
    const video = decodePoints(JSON.parse(text)).points[8]!
    const media = video.media!
    const part = await server.request(media.src, { headers: { range: "bytes=0-99" } })
    expect(part.status).toBe(206)
    expect(part.headers.get("content-type")).toBe("video/mp4")
    expect(part.headers.get("accept-ranges")).toBe("bytes")
    const bytes = new Uint8Array(await part.arrayBuffer())
    expect(bytes.length).toBe(100)
    expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe("ftyp")
    const size = Number(part.headers.get("content-range")!.split("/")[1])
    expect(size).toBeLessThanOrEqual(300 * 1024)

    const whole = await server.request(media.src)
    expect(whole.status).toBe(200)
    expect((await whole.arrayBuffer()).byteLength).toBe(size)
    expect(whole.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/)
    const tail = await server.request(media.src, { headers: { range: "bytes=-10" } })
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    expect((await server.request(media.src, { headers: { range: `bytes=${size}-` } })).status).toBe(416)

    const poster = await server.request(media.poster)
    expect(poster.status).toBe(200)
    expect(poster.headers.get("content-type")).toMatch(/^image\//)

    const es = media.captions.find((c) => c.language === "es")!
    const vtt = await server.request(es.src)
    expect(vtt.status).toBe(200)
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8")
    const captions = await vtt.text()
    expect(captions.startsWith("WEBVTT")).toBe(true)
    expect(captions).toContain(es.cues[0]!.text.split(" ")[0])
  })

  it("serves the still version of a video (reduced motion): its own MP4, as long, signed like the video", async () => {
    const { text } = await json("/api/point-videos/lung-channel")
    const media = decodePoints(JSON.parse(text)).points[8]!.media!
    expect(media.still.split("?")[0]).toMatch(/^\/media\/videos\/point-lu-9-still-[0-9a-f]{16}\.mp4$/)
    const [moving, still] = await Promise.all([server.request(media.src), server.request(media.still)])
    expect(still.status).toBe(200)
    expect(still.headers.get("content-type")).toBe("video/mp4")
    const [a, b] = [Buffer.from(await moving.arrayBuffer()), Buffer.from(await still.arrayBuffer())]
    expect(b.subarray(4, 8).toString("latin1")).toBe("ftyp")
    expect(b.equals(a)).toBe(false)
    // The same length (mvhd duration / timescale), so the captions fit both.
    const seconds = (mp4: Buffer) => {
      const at = mp4.indexOf("mvhd")
      return mp4.readUInt32BE(at + 20) / mp4.readUInt32BE(at + 16)
    }
    expect(Math.abs(seconds(b) - seconds(a))).toBeLessThan(0.1)
    const [path] = media.still.split("?")
    expect((await server.request(`${path}?e=1&s=x`)).status).toBe(403)
  })

  it("refuses a tampered, borrowed or expired address with 403", async () => {
    const free = decodePoints(JSON.parse((await json("/api/point-videos/lung-channel")).text)).points[0]!.media!
    const forPro = decodePoints(JSON.parse((await json(`/api/point-videos/${lockedChannel.slug}`, pro)).text))
      .points[0]!.media!
    const [freePath, freeQuery] = free.src.split("?")
    const [proPath] = forPro.src.split("?")
    // The free video's signature does not open the Pro video's file.
    expect((await server.request(`${proPath}?${freeQuery}`)).status).toBe(403)
    expect((await server.request(`${freePath}?${freeQuery!.replace(/s=./, "s=A")}`)).status).toBe(403)
    expect((await server.request(freePath!)).status).toBe(403)
    const expired = signMediaPath(SECRET, freePath!, Date.now() - 8 * 3600_000)
    expect((await server.request(expired.url)).status).toBe(403)
    const captionPath = forPro.captions[0]!.src.split("?")[0]
    expect((await server.request(`${captionPath}?${freeQuery}`)).status).toBe(403)
  })
  it("serves an acupressure video's captions in English only: WebVTT at its signed address, 404 in another language", async () => {
    const script = content.acupressure[0]!
    const entry = loadVideoCatalogue(CONTENT_DIR).byScript.get(script.id)!
    expect(entry.id).toBe("acupressure-li-4")
    const media = videoMedia(SECRET, entry, Date.now())
    expect(media.captions.map((c) => c.language)).toEqual(["en"])
    const vtt = await server.request(media.captions[0]!.src)
    expect(vtt.status).toBe(200)
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8")
    const captions = await vtt.text()
    expect(captions.startsWith("WEBVTT")).toBe(true)
    expect(captions).toContain(script.find[0])
    expect(captions.trimEnd().endsWith(SEE_A_PRACTITIONER)).toBe(true)
    for (const language of ["de", "es"]) {
      const signed = signMediaPath(SECRET, `${CAPTIONS_PATH}/${entry.id}.${language}.vtt`, Date.now())
      expect((await server.request(signed.url)).status, language).toBe(404)
    }
    // A point video keeps its captions in every language.
    const point = signMediaPath(SECRET, `${CAPTIONS_PATH}/point-li-4.de.vtt`, Date.now())
    expect((await server.request(point.url)).status).toBe(200)
  })
})

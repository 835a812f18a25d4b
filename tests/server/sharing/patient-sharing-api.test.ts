// Sharing acupressure videos with patients against the real server on PGlite and PostgreSQL: only
// Pro members list and share (Standard 403, visitors 401); one English mail to the patient naming
// the member, with one link and an unsubscribe line and nothing that tracks; the address never
// stored, only masked; the patient's link opens the chosen videos without an account until it is
// revoked or expires, then says which; another member's share is not found; bad input is 422 at the
// field, never 500; the limits per member and per address hold under parallel requests; after the
// unsubscribe line no member can mail that address.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadContent } from "../../../server/content/load-content.ts"
import {
  MAILS_PER_ADDRESS_PER_DAY,
  SHARE_LINK_DAYS,
  SHARE_VIDEOS_MAX,
  SHARES_PER_MEMBER_PER_DAY,
} from "../../../src/domain/acupressure/sharing-limits.ts"
import { PLAN_ID_PRO } from "../../../src/domain/billing/plans.ts"
import {
  callJson,
  createVerifiedUser,
  DATABASES,
  type Json,
  signIn,
  startTestServer,
  type TestServer,
} from "../support/harness.ts"

const scripts = loadContent().acupressure
const [first, second, third] = scripts
const DAY_MS = 24 * 60 * 60 * 1000

describe.each(DATABASES)("patient sharing API on %s", (kind) => {
  let server: TestServer
  let standard = ""
  let pro = ""
  let otherPro = ""

  const makePro = async () => {
    const { email } = await createVerifiedUser(server)
    await server.sql("UPDATE users SET plan_id = $1, first_name = 'Anna', last_name = 'Berg' WHERE email = $2", [
      PLAN_ID_PRO,
      email,
    ])
    return { token: await signIn(server, email), email }
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { rateLimitFactor: 100 })
    standard = await signIn(server, (await createVerifiedUser(server)).email)
    pro = (await makePro()).token
    otherPro = (await makePro()).token
  })
  afterAll(() => server.close())

  const call = (method: string, path: string, token?: string, json?: unknown, locale?: string) =>
    callJson(server, method, path, token, json, locale)
  const share = (token: string, email: string, videos: ReadonlyArray<string>, locale?: string) =>
    call("POST", "/api/jing/email/patient_videos", token, { email, videos }, locale)
  const mailTo = (email: string) => server.mails.filter((m) => m.to === email && m.purpose === "patient-videos")
  const linkToken = (text: string) => /\/patient\/([A-Za-z0-9_-]{16,})/.exec(text)?.[1] ?? ""
  const unsubscribeKey = (text: string) => decodeURIComponent(/unsubscribe\?key=([^\s"<]+)/.exec(text)?.[1] ?? "")
  let n = 0
  const newAddress = () => `patient${++n}.${kind}@example.org`

  it("asks members to sign in, and lets only Pro members list and share", async () => {
    expect((await call("GET", "/api/jing/patient_videos")).status).toBe(401)
    expect((await share("", "p@example.org", [first!.id])).status).toBe(401)
    expect((await call("GET", "/api/jing/patient_shares")).status).toBe(401)
    expect((await call("DELETE", "/api/jing/patient_shares/x")).status).toBe(401)

    const listed = await call("GET", "/api/jing/patient_videos", standard)
    expect(listed.status).toBe(403)
    expect(listed.body._tag).toBe("ProRequired")
    const refused = await share(standard, "p@example.org", [first!.id])
    expect(refused.status).toBe(403)
    expect(refused.body._tag).toBe("ProRequired")
    expect(server.mails.filter((m) => m.to === "p@example.org")).toHaveLength(0)
    // What they shared while Pro stays theirs to see and revoke.
    expect((await call("GET", "/api/jing/patient_shares", standard)).body).toEqual({
      shares: [],
      sharesLeftToday: SHARES_PER_MEMBER_PER_DAY,
    })
  })

  it("lists every acupressure video to a Pro member, with English captions only", async () => {
    const { status, body } = await call("GET", "/api/jing/patient_videos", pro, undefined, "de")
    expect(status).toBe(200)
    expect(body.videos.map((v: Json) => v.id).sort()).toEqual(scripts.map((s) => s.id).sort())
    const video = body.videos.find((v: Json) => v.id === first!.id)
    expect(video).toMatchObject({ kind: "acupressure", subject: first!.point, title: first!.title, permission: true })
    expect(video.media.src).toMatch(/^\/media\/videos\/acupressure-/)
    expect(video.media.captions.map((c: Json) => c.language)).toEqual(["en"])
    expect(video.media.captions[0].cues.length).toBeGreaterThan(3)
  })

  it("mails the patient once, in English, naming the member, with one link and an unsubscribe line", async () => {
    const address = newAddress()
    const before = Date.now()
    const { status, body } = await share(pro, `  ${address.toUpperCase()} `, [second!.id, first!.id, second!.id], "de")
    expect(status).toBe(200)
    expect(body).toMatchObject({
      patient: "p•••@example.org",
      status: "active",
      videos: [
        { id: second!.id, point: second!.point, title: second!.title },
        { id: first!.id, point: first!.point, title: first!.title },
      ],
    })
    expect(Date.parse(body.expiresAt) - Date.parse(body.sentAt)).toBe(SHARE_LINK_DAYS * DAY_MS)
    expect(Date.parse(body.sentAt)).toBeGreaterThanOrEqual(before - 1000)

    const [mail, ...more] = mailTo(address)
    expect(more).toHaveLength(0)
    expect(mail!.subject).toBe("Anna Berg shared acupressure videos with you")
    expect(mail!.text).toContain(second!.title)
    expect(mail!.text).toContain(first!.title)
    expect(mail!.text).toMatch(/The link works until \d{1,2} \w+ \d{4}\./)
    // One link to the videos, one to unsubscribe, nothing else: no images, no tracking.
    const links = [...mail!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
    expect(links).toHaveLength(2)
    expect(links[0]).toMatch(/^http:\/\/app\.test\/patient\/[A-Za-z0-9_-]{22}$/)
    expect(links[1]).toMatch(/^http:\/\/app\.test\/patient\/unsubscribe\?key=/)
    expect(mail!.html).not.toMatch(/<img|utm_|pixel/i)

    // The address is not stored: only masked, and as a keyed hash; the token only as its hash.
    const rows = await server.sql("SELECT * FROM patient_shares")
    expect(JSON.stringify(rows)).not.toContain(address)
    expect(JSON.stringify(rows)).not.toContain(linkToken(mail!.text))

    const page = await call("GET", `/api/patient/${linkToken(mail!.text)}`)
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ _tag: "Open", sender: "Anna Berg", expiresAt: body.expiresAt })
    expect(page.body.videos.map((v: Json) => v.id)).toEqual([second!.id, first!.id])
    expect(page.body.videos[0].media.src).toMatch(/^\/media\/videos\/acupressure-.*\?/)
  })

  it("ends a link when its member revokes it; another member's share is not found", async () => {
    const address = newAddress()
    const shared = await share(pro, address, [third!.id])
    const token = linkToken(mailTo(address)[0]!.text)
    expect((await call("DELETE", `/api/jing/patient_shares/${shared.body.id}`, otherPro)).status).toBe(404)
    expect((await call("DELETE", "/api/jing/patient_shares/00000000-0000-4000-8000-000000000000", pro)).status).toBe(
      404,
    )
    expect((await call("DELETE", "/api/jing/patient_shares/not-a-uuid", pro)).status).toBe(404)
    expect((await call("GET", `/api/patient/${token}`)).body._tag).toBe("Open")

    const revoked = await call("DELETE", `/api/jing/patient_shares/${shared.body.id}`, pro)
    expect(revoked.status).toBe(200)
    expect(revoked.body.shares.find((s: Json) => s.id === shared.body.id).status).toBe("revoked")
    expect((await call("GET", `/api/patient/${token}`)).body).toEqual({ _tag: "Ended", reason: "revoked" })
    // Again: nothing changes.
    expect((await call("DELETE", `/api/jing/patient_shares/${shared.body.id}`, pro)).status).toBe(200)
    expect((await call("GET", "/api/jing/patient_shares", otherPro)).body.shares).toEqual([])
    const unknown = await server.request("/api/patient/unknownunknownunknown1")
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get("x-robots-tag")).toBe("noindex, nofollow")
  })

  it("ends a link after its days, and forgets the address's key", async () => {
    const address = newAddress()
    const shared = await share(pro, address, [first!.id])
    const token = linkToken(mailTo(address)[0]!.text)
    await server.sql(
      "UPDATE patient_shares SET sent_at = sent_at - interval '31 days', expires_at = expires_at - interval '31 days' WHERE id = $1",
      [shared.body.id],
    )
    expect((await call("GET", `/api/patient/${token}`)).body).toEqual({ _tag: "Ended", reason: "expired" })
    const listed = await call("GET", "/api/jing/patient_shares", pro)
    expect(listed.body.shares.find((s: Json) => s.id === shared.body.id).status).toBe("expired")
    const [row] = await server.sql<{ patient_key: string | null }>(
      "SELECT patient_key FROM patient_shares WHERE id = $1",
      [shared.body.id],
    )
    expect(row!.patient_key).toBeNull()
  })

  it("answers bad input with a message at the field, never 500", async () => {
    const cases: ReadonlyArray<[unknown, string]> = [
      [{ email: "", videos: [first!.id] }, "email"],
      [{ email: "not an address", videos: [first!.id] }, "email"],
      [{ email: "a@b.org, c@d.org", videos: [first!.id] }, "email"],
      [{ email: "a@example.org", videos: [] }, "videos"],
      [{ email: "a@example.org", videos: ["LI-4"] }, "videos"],
      [{ email: "a@example.org", videos: ["00000000-0000-4000-8000-000000000000"] }, "videos"],
      [{ email: "a@example.org", videos: Array.from({ length: SHARE_VIDEOS_MAX + 1 }, () => first!.id) }, "videos"],
      [{ email: "a@example.org" }, "videos"],
      [{ videos: [first!.id] }, "email"],
    ]
    for (const [payload, field] of cases) {
      const { status, body } = await call("POST", "/api/jing/email/patient_videos", pro, payload)
      expect(status, JSON.stringify(payload)).toBe(422)
      expect(Object.keys(body.errors), JSON.stringify(payload)).toContain(field)
    }
    const empty = await call("POST", "/api/jing/email/patient_videos", pro, { email: "a@example.org", videos: [] })
    expect(empty.body.errors.videos).toBe("validation.videosRequired")
    expect(server.mails.filter((m) => m.to === "a@example.org")).toHaveLength(0)
    expect((await call("POST", "/api/patient/unsubscribe", undefined, { key: "abc.def" })).status).toBe(422)
    expect((await call("POST", "/api/patient/unsubscribe", undefined, {})).status).toBe(422)
  })

  it("keeps the limit per address under parallel requests from several members", async () => {
    const address = newAddress()
    const answers = await Promise.all(
      Array.from({ length: MAILS_PER_ADDRESS_PER_DAY + 2 }, (_, i) =>
        share(i % 2 ? pro : otherPro, address, [first!.id]),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAILS_PER_ADDRESS_PER_DAY)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(2)
    expect(refused[0]!.body.retryAfterSeconds).toBeGreaterThan(DAY_MS / 1000 - 120)
    expect(mailTo(address)).toHaveLength(MAILS_PER_ADDRESS_PER_DAY)
  })

  it("keeps the limit per member, and says how many shares are left today", async () => {
    const { token: member, email } = await makePro()
    const left = async () => (await call("GET", "/api/jing/patient_shares", member)).body.sharesLeftToday
    expect(await left()).toBe(SHARES_PER_MEMBER_PER_DAY)
    // The day's shares but two, sent earlier today.
    const [{ id: userId }] = (await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [email])) as [
      { id: number },
    ]
    for (let i = 0; i < SHARES_PER_MEMBER_PER_DAY - 2; i++)
      await server.sql(
        `INSERT INTO patient_shares (id, user_id, token_hash, patient_masked, patient_key, videos, sent_at, expires_at)
         VALUES (gen_random_uuid(), $1, $2, 'x•••@example.org', $2, '[]'::jsonb, now() - interval '1 hour', now() + interval '29 days')`,
        [userId, `earlier-${kind}-${i}`],
      )
    expect(await left()).toBe(2)
    const answers = await Promise.all([0, 1, 2].map(() => share(member, newAddress(), [first!.id])))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429])
    expect(await left()).toBe(0)
  })

  it("stops every member's mails to an address after its unsubscribe line", async () => {
    const address = newAddress()
    await share(pro, address, [first!.id])
    const key = unsubscribeKey(mailTo(address)[0]!.text)
    expect(key).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{32}$/)
    expect((await call("POST", "/api/patient/unsubscribe", undefined, { key })).status).toBe(200)
    expect((await call("POST", "/api/patient/unsubscribe", undefined, { key })).status).toBe(200)
    const tampered = `${key.slice(0, 63)}${key[63] === "a" ? "b" : "a"}${key.slice(64)}`
    expect((await call("POST", "/api/patient/unsubscribe", undefined, { key: tampered })).status).toBe(422)

    const refused = await share(otherPro, address.toUpperCase(), [first!.id])
    expect(refused.status).toBe(422)
    expect(refused.body.errors.email).toBe("validation.patientUnsubscribed")
    expect(mailTo(address)).toHaveLength(1)
  })
})

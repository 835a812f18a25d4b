// The video settings among the user settings (`api/user-settings`) against a real database, on PGlite
// and PostgreSQL: their defaults, any subset saved beside the other settings and read back, a NULL
// column (a row from before them) read as its default, and a value no choice offers refused with 422
// and a message at its field — never 500, nothing stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_USER_SETTINGS } from "../../src/domain/account/user-settings.ts"
import { DEFAULT_VIDEO_SETTINGS } from "../../src/domain/videos/video-settings.ts"
import { createVerifiedUser, DATABASES, signIn, startTestServer, type TestServer } from "./support/harness.ts"

const CHOSEN = {
  continousPlay: true,
  videoCaptions: true,
  videoCaptionLanguage: "es",
  videoSpeed: 0.75,
  videoReducedMotion: "on",
} as const

describe.each(DATABASES)("video settings API on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  const settings = async (token: string, json?: unknown) => {
    const response = await server.request("/api/user-settings", {
      method: json === undefined ? "GET" : "POST",
      token,
      ...(json === undefined ? {} : { json }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it("asks for a session", async () => {
    expect((await server.request("/api/user-settings", { method: "POST", json: CHOSEN })).status).toBe(401)
  })

  it("start at their defaults, are saved with any subset of the settings, and a NULL column reads as its default", async () => {
    const { email } = await createVerifiedUser(server)
    const token = await signIn(server, email)
    expect((await settings(token)).body).toEqual(DEFAULT_USER_SETTINGS)
    expect(await settings(token, CHOSEN)).toEqual({ status: 200, body: { ...DEFAULT_USER_SETTINGS, ...CHOSEN } })
    const both = { ...DEFAULT_USER_SETTINGS, ...CHOSEN, videoSpeed: 2, testDuration: 30 }
    expect((await settings(token, { videoSpeed: 2, testDuration: 30 })).body).toEqual(both)
    expect((await settings(token)).body).toEqual(both)
    const [row] = await server.sql(
      `SELECT video_captions, video_caption_language, video_speed, video_reduced_motion, continuous_play
       FROM user_settings WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    )
    expect(row).toEqual({
      video_captions: true,
      video_caption_language: "es",
      video_speed: 2,
      video_reduced_motion: "on",
      continuous_play: true,
    })
    // A row from before the video settings: their columns are NULL.
    await server.sql(
      `UPDATE user_settings SET video_captions = NULL, video_caption_language = NULL, video_speed = NULL,
         video_reduced_motion = NULL WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    )
    expect((await settings(token)).body).toEqual({ ...both, ...DEFAULT_VIDEO_SETTINGS, continousPlay: true })
  })

  it("refuse a value no choice offers with 422 and a message at its field, never 500, and store nothing", async () => {
    const token = await signIn(server, (await createVerifiedUser(server)).email)
    const refused: Record<string, ReadonlyArray<unknown>> = {
      videoSpeed: [3, 0, -1, 1.1, "1", null, 2 ** 53],
      videoCaptionLanguage: ["fr", "EN", "", "e\u0000n", "interface ", 1],
      videoReducedMotion: ["yes", true, "System"],
      videoCaptions: ["true", 1, null],
      continousPlay: [1, "on"],
    }
    for (const [field, values] of Object.entries(refused))
      for (const value of values) {
        const { status, body } = await settings(token, { ...CHOSEN, [field]: value })
        expect([field, value, status, body.errors]).toEqual([field, value, 422, { [field]: "validation.invalid" }])
      }
    // A number JSON cannot hold in a double (Infinity once read) is refused the same way.
    const infinite = await server.request("/api/user-settings", {
      method: "POST",
      token,
      body: '{"videoSpeed":1e309}',
      headers: { "content-type": "application/json" },
    })
    expect(infinite.status).toBe(422)
    expect((await settings(token)).body).toEqual(DEFAULT_USER_SETTINGS)
  })
})

// The undo link of an e-mail change, over HTTP on PGlite and PostgreSQL: once a new address is
// confirmed, the replaced one is mailed a single-use 128-bit link that for 7 days restores it, ends
// every session, removes the password (the owner sets a new one with the reset code it sends) and
// whatever else the person who changed it could still use, and tells the address it replaces.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EMAIL_UNDO_DAYS } from "../../src/domain/account/email-restore.ts"
import { LINK_TOKEN_PATTERN } from "../../src/domain/account/verification-code.ts"
import { createVerifiedUser, DATABASES, PASSWORD, signIn, startTestServer, type TestServer } from "./support/harness.ts"

describe.each(DATABASES)("undoing an e-mail change on %s", (kind) => {
  let server: TestServer
  let ids: { country: number; currency: number; language: number }
  beforeAll(async () => {
    server = await startTestServer(kind)
    const { email } = await createVerifiedUser(server)
    const options = (await (
      await server.request("/api/currency-country-lang", { token: await signIn(server, email) })
    ).json()) as Record<"countries" | "currencies" | "languages", Array<{ id: number }>>
    ids = { country: options.countries[0]!.id, currency: options.currencies[0]!.id, language: options.languages[0]!.id }
  })
  afterAll(() => server.close())

  const latest = (to: string, purpose: string) =>
    server.mails.filter((m) => m.to === to && m.purpose === purpose).at(-1)
  const undoTokenIn = (text: string) => /\/restore-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ""
  const undo = (token: string) => server.request("/api/email-change/undo", { method: "POST", json: { token } })

  /** Registers an account, changes its address to `new-…` with the password and the mailed code. */
  const changedAccount = async () => {
    const { email } = await createVerifiedUser(server)
    const next = `new-${email}`
    const token = await signIn(server, email)
    const phone = await signIn(server, email)
    const saved = await server.request("/api/profile-update", {
      method: "PUT",
      token,
      json: {
        email: next,
        first_name: "Lin",
        last_name: "Wei",
        country_id: ids.country,
        currency_id: ids.currency,
        language_id: ids.language,
        promotional_emails: false,
        current_password: PASSWORD,
      },
    })
    expect(saved.status).toBe(200)
    const confirmed = await server.request("/api/profile-email-update", {
      method: "PUT",
      token,
      json: { email: next, otp: latest(next, "change-email")!.code },
    })
    expect(confirmed.status).toBe(200)
    const notice = latest(email, "email-changed")!
    return { email, next, sessions: [token, phone], notice, undoToken: undoTokenIn(notice.text) }
  }

  it("mails the old address a 128-bit undo link valid for 7 days once the change is confirmed", async () => {
    const { email, next, notice, undoToken } = await changedAccount()
    expect(notice.subject).toBe("The e-mail address of your Jingluo account was changed")
    expect(notice.text).toContain(next)
    expect(notice.text).toContain(`http://app.test/restore-email?token=${undoToken}`)
    expect(undoToken).toMatch(LINK_TOKEN_PATTERN)
    // Only the token's hash is stored.
    const [row] = await server.sql<{ token_hash: string; days: number }>(
      `SELECT token_hash, extract(epoch FROM u.expires_at - u.created_at) / 86400 AS days
       FROM email_change_undos u JOIN users ON users.id = u.user_id WHERE users.email = $1`,
      [next],
    )
    expect(row?.token_hash).not.toContain(undoToken)
    expect(Number(row?.days)).toBe(EMAIL_UNDO_DAYS)
    // While the change waits for its code, no undo link exists yet.
    expect(server.mails.filter((m) => m.to === email && m.purpose === "email-changed")).toHaveLength(1)
  })

  it("restores the old address, ends every session, removes the password, sends a reset and tells the new address", async () => {
    const { email, next, sessions, undoToken } = await changedAccount()
    for (const session of sessions)
      expect((await server.request("/api/dashboard", { token: session })).status).toBe(200)
    const response = await undo(undoToken)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      message:
        "Your e-mail address is back and every device has been signed out. Set a new password with the code we have sent to it.",
      email,
    })
    const [row] = await server.sql<{ email: string; password_hash: string | null }>(
      "SELECT email, password_hash FROM users WHERE email = $1",
      [email],
    )
    expect(row).toEqual({ email, password_hash: null })
    for (const session of sessions)
      expect((await server.request("/api/dashboard", { token: session })).status).toBe(401)
    // Whoever changed it knew the password: it signs in no more, with either address.
    for (const address of [email, next])
      expect(
        (await server.request("/api/login", { method: "POST", json: { email: address, password: PASSWORD } })).status,
      ).toBe(422)
    const told = latest(next, "email-restored")!
    expect(told.text).toContain(email)

    // The owner sets a new password with the reset mailed to the restored address.
    const reset = await server.request("/api/password/reset", {
      method: "POST",
      json: {
        email,
        code: latest(email, "reset-password")!.code,
        password: "lotus9root",
        confirmPassword: "lotus9root",
      },
    })
    expect(reset.status).toBe(200)
    await signIn(server, email, "lotus9root")
  })

  it("is single use; unknown and malformed tokens are refused alike", async () => {
    const { undoToken } = await changedAccount()
    expect((await undo(undoToken)).status).toBe(200)
    for (const token of [undoToken, "A".repeat(22), "short", "x".repeat(300)]) {
      const refused = await undo(token)
      expect(refused.status, token.slice(0, 30)).toBe(422)
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
        token: "validation.linkExpired",
      })
    }
  })

  it(`expires after ${EMAIL_UNDO_DAYS} days`, async () => {
    const { next, undoToken } = await changedAccount()
    // Seven days and a second later.
    await server.sql(
      `UPDATE email_change_undos SET created_at = created_at - interval '${EMAIL_UNDO_DAYS} days 1 second',
              expires_at = expires_at - interval '${EMAIL_UNDO_DAYS} days 1 second'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [next],
    )
    const refused = await undo(undoToken)
    expect(refused.status).toBe(422)
    expect(await server.sql("SELECT id FROM users WHERE email = $1", [next])).toHaveLength(1)
  })

  it("takes away what the change gave: later undo links, pending codes, social sign-ins linked since, spent codes", async () => {
    const { email, next, undoToken } = await changedAccount()
    const [{ id } = { id: 0 }] = await server.sql<{ id: number }>("SELECT id FROM users WHERE email = $1", [next])
    // A second change, from the new address to a third: its undo link went to the new address.
    const third = `third-${email}`
    const token = await signIn(server, next)
    const changeTo = (address: string) =>
      server.request("/api/profile-update", {
        method: "PUT",
        token,
        json: {
          email: address,
          first_name: "Lin",
          last_name: "Wei",
          country_id: ids.country,
          currency_id: ids.currency,
          language_id: ids.language,
          promotional_emails: false,
          current_password: PASSWORD,
        },
      })
    await changeTo(third)
    await server.request("/api/profile-email-update", {
      method: "PUT",
      token,
      json: { email: third, otp: latest(third, "change-email")!.code },
    })
    const laterUndo = undoTokenIn(latest(next, "email-changed")!.text)
    // A change to a fourth address waiting for its code, a reset code the third address asked for,
    // and a social sign-in linked before and one after the change.
    expect((await changeTo(`fourth-${email}`)).status).toBe(200)
    await server.request("/api/forgot-password/email", { method: "POST", json: { email: third } })
    expect(
      await server.sql(
        "SELECT purpose FROM one_time_codes WHERE user_id = $1 AND consumed_at IS NULL ORDER BY purpose",
        [id],
      ),
    ).toEqual([{ purpose: "change-email" }, { purpose: "reset-password" }])
    await server.sql(
      `INSERT INTO social_identities (user_id, provider, issuer, subject, email, created_at, last_used_at)
       VALUES ($1, 'google', 'https://accounts.google.com', $2, $3, now() - interval '1 day', now()),
              ($1, 'google', 'https://accounts.google.com', $4, $5, now(), now())`,
      [id, `owner-${id}`, email, `taker-${id}`, third],
    )

    expect((await undo(undoToken)).status).toBe(200)
    expect(await server.sql("SELECT email FROM users WHERE id = $1", [id])).toEqual([{ email }])
    // Of the codes, only the reset the undo just sent to the restored address is left: the change
    // waiting for its code can no longer be confirmed. The account had used up its codes for the
    // day (verification, three changes, a reset), yet the owner's reset goes out.
    expect(await server.sql("SELECT purpose FROM one_time_codes WHERE user_id = $1", [id])).toEqual([
      { purpose: "reset-password" },
    ])
    expect(latest(email, "reset-password")).toBeDefined()
    expect(await server.sql("SELECT subject FROM social_identities WHERE user_id = $1", [id])).toEqual([
      { subject: `owner-${id}` },
    ])
    expect((await undo(laterUndo)).status).toBe(422)
    expect(await server.sql("SELECT email FROM users WHERE id = $1", [id])).toEqual([{ email }])
  })

  it("changes nothing when another account has taken the old address meanwhile", async () => {
    const { email, next, sessions, undoToken } = await changedAccount()
    await createVerifiedUser(server, email)
    const refused = await undo(undoToken)
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
      email: "validation.emailTaken",
    })
    expect(await server.sql("SELECT email FROM users WHERE email = $1", [next])).toHaveLength(1)
    expect((await server.request("/api/dashboard", { token: sessions[0] })).status).toBe(200)
    // The link was not used up: once the address is free again, it works.
    await server.sql("DELETE FROM users WHERE email = $1", [email])
    expect((await undo(undoToken)).status).toBe(200)
  })
})

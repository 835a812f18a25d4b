// Reads the mails the server wrote to its outbox (DATA_DIR/outbox/*.eml) during a journey.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { expect, test } from "@playwright/test"
import { e2eOutbox } from "./servers.ts"

/** The outbox of the server this worker's journeys talk to. */
const outbox = () => e2eOutbox(test.info().parallelIndex)

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8")

export interface Mail {
  readonly subject: string
  readonly text: string
}

const parse = (raw: string): Mail => {
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? ""
  const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: ([^\n]+)\n\n([\s\S]*?)\n----/.exec(raw)
  const body = part
    ? part[1]?.trim() === "quoted-printable"
      ? decodeQuotedPrintable(part[2] ?? "")
      : (part[2] ?? "")
    : ""
  return { subject, text: body }
}

/** The newest mail for an address and purpose ("verify-email", "reset-password"), waiting for it. */
export const latestMail = async (to: string, purpose: string): Promise<Mail> => {
  let found: Mail | undefined
  await expect
    .poll(() => {
      const files = readdirSync(outbox())
        .filter((f) => f.includes(`-${purpose}-`) && f.endsWith(`${to}.eml`))
        .sort()
      const last = files.at(-1)
      found = last ? parse(readFileSync(join(outbox(), last), "utf8")) : undefined
      return found !== undefined
    })
    .toBe(true)
  return found!
}

export const mailCount = (to: string, purpose: string) => {
  try {
    return readdirSync(outbox()).filter((f) => f.includes(`-${purpose}-`) && f.endsWith(`${to}.eml`)).length
  } catch {
    return 0
  }
}

export const linkIn = (mail: Mail) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? ""
export const codeIn = (mail: Mail) => /^(\d{4})$/m.exec(mail.text)?.[1] ?? ""

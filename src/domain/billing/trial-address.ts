// The address a trial is remembered by: the account's e-mail as a mailbox, not as typed. Upper and
// lower case, a "+tag" after the name and, at Gmail, dots in the name all reach the same mailbox, so
// they count as one address: "Lin.Wei+pro@gmail.com" had the trial that "linwei@googlemail.com" had.
import { normalizeEmail } from "../account/email-rules.ts"

/** Domains whose mailboxes ignore dots in the name, and the one they stand for. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" }

export const trialAddress = (email: string): string => {
  const normalized = normalizeEmail(email)
  const at = normalized.lastIndexOf("@")
  if (at <= 0) return normalized
  const domain = normalized.slice(at + 1)
  const name = normalized.slice(0, at).split("+")[0] || normalized.slice(0, at)
  const dotless = DOTLESS_DOMAINS[domain]
  return dotless ? `${name.replaceAll(".", "")}@${dotless}` : `${name}@${domain}`
}

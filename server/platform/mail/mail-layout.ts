// How an e-mail looks: plain text and a simple HTML version of the same lines, a one-time code
// shown large, and a button for the main link (a second link below it, when there is one). What
// the mails say is in locales/*/mail.json; the accounts feature picks the words.
import { escapeHtml } from "../http/html.ts"

export interface MailContent {
  readonly subject: string
  readonly text: string
  readonly html: string
}

/** A message ready for the queue: its content, recipient and what it is for. */
export interface OutgoingMail extends MailContent {
  readonly to: string
  /** A short label for the outbox file name and the log, e.g. "verify-email". */
  readonly purpose: string
  /** The one-time code in the message, logged when the outbox is used. */
  readonly code?: string | undefined
}

export interface MailLink {
  readonly label: string
  readonly href: string
}

export const composeMail = (mail: {
  readonly subject: string
  readonly lines: ReadonlyArray<string>
  readonly code?: string
  readonly action: MailLink
  readonly second?: MailLink
}): MailContent => {
  const { subject, lines, code, action, second } = mail
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")
  const codeHtml =
    code === undefined ? "" : `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>`
  const button = `<p><a href="${escapeHtml(action.href)}" style="background:#0f5c4d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
  const secondHtml = second ? `<p><a href="${escapeHtml(second.href)}">${escapeHtml(second.label)}</a></p>\n` : ""
  return {
    subject,
    text: `${lines.join("\n\n")}\n\n${code === undefined ? "" : `${code}\n\n`}${action.label}: ${action.href}\n${
      second ? `\n${second.label}: ${second.href}\n` : ""
    }`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d2a27">
${paragraphs}
${codeHtml}
${button}
${secondHtml}</body></html>`,
  }
}

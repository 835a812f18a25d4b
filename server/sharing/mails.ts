// The one e-mail a patient receives when a member shares acupressure videos: English (sharing is
// English only, §6), naming the member, with one link to the videos and the unsubscribe line. No
// tracking: no images, no redirecting or tagged links. The words are in locales/en/sharing.json.
import type { TranslationsService } from "../platform/i18n/translations.ts"
import { composeMail, type MailContent } from "../platform/mail/mail-layout.ts"

export interface PatientVideosMail {
  readonly sender: string
  readonly titles: ReadonlyArray<string>
  readonly expiresAt: Date
  readonly link: string
  readonly unsubscribe: string
}

/** "29 December 2026" */
const mailDate = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date)

export const patientVideosMail = (t: TranslationsService["t"], mail: PatientVideosMail): MailContent => {
  const en = (key: Parameters<TranslationsService["t"]>[1], values?: Record<string, string>) => t("en", key, values)
  const sender = mail.sender
  return composeMail({
    subject: en("sharing:mail.subject", { sender }),
    lines: [
      en("sharing:mail.greeting"),
      en("sharing:mail.body", { sender, titles: mail.titles.join("; ") }),
      en("sharing:mail.howTo"),
      en("sharing:mail.expiry", { date: mailDate(mail.expiresAt) }),
      en("sharing:mail.why", { sender }),
    ],
    action: { label: en("sharing:mail.action"), href: mail.link },
    second: { label: en("sharing:mail.unsubscribe"), href: mail.unsubscribe },
  })
}

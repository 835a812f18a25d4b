// The e-mails of the accounts feature, in the recipient's language: the verification and
// password-reset mails (a code and a single-use link that works without it), the note to the
// owner of an address someone tried to register again, and the daily alert when an account's
// codes are used up, and the two mails of an e-mail change (the code to the new address, a notice
// to the old one). The words are in locales/*/mail.json.
import { Context, Effect, Layer } from "effect"
import { CODE_TTL_MINUTES } from "../../src/domain/account/verification-code.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { composeMail, type MailContent } from "../platform/mail/mail-layout.ts"

export class AccountMails extends Context.Service<
  AccountMails,
  {
    readonly verificationMail: (language: SelectableLanguage, name: string, code: string, link: string) => MailContent
    readonly passwordResetMail: (language: SelectableLanguage, name: string, code: string, link: string) => MailContent
    /** To the owner of an address someone tried to register again (instead of telling the stranger). */
    readonly alreadyRegisteredMail: (
      language: SelectableLanguage,
      name: string,
      signInLink: string,
      resetLink: string,
    ) => MailContent
    /** To the owner once a day when their account's code budget is used up. */
    readonly codeAlertMail: (language: SelectableLanguage, name: string, appLink: string) => MailContent
    /** To the new address of an e-mail change: the code that confirms it. */
    readonly emailChangeMail: (language: SelectableLanguage, name: string, code: string, link: string) => MailContent
    /** To the old address of an e-mail change: what is happening, and what to do if it was not them. */
    readonly emailChangeNoticeMail: (
      language: SelectableLanguage,
      name: string,
      newEmail: string,
      passwordLink: string,
    ) => MailContent
  }
>()("jingluo/server/AccountMails") {
  static readonly layer = Layer.effect(
    AccountMails,
    Effect.map(Translations, ({ t }) => {
      const withCode =
        (kind: "verify" | "reset") => (language: SelectableLanguage, name: string, code: string, link: string) =>
          composeMail({
            subject: t(language, `mail:${kind}.subject`),
            lines: [
              t(language, `mail:${kind}.greeting`, { name }),
              t(language, `mail:${kind}.body`, { minutes: CODE_TTL_MINUTES }),
            ],
            code,
            action: { label: t(language, `mail:${kind}.action`), href: link },
          })
      return AccountMails.of({
        verificationMail: withCode("verify"),
        passwordResetMail: withCode("reset"),
        alreadyRegisteredMail: (language, name, signInLink, resetLink) =>
          composeMail({
            subject: t(language, "mail:alreadyRegistered.subject"),
            lines: [
              t(language, "mail:alreadyRegistered.greeting", { name }),
              t(language, "mail:alreadyRegistered.body"),
            ],
            action: { label: t(language, "mail:alreadyRegistered.action"), href: signInLink },
            second: { label: t(language, "mail:alreadyRegistered.second"), href: resetLink },
          }),
        codeAlertMail: (language, name, appLink) =>
          composeMail({
            subject: t(language, "mail:codeAlert.subject"),
            lines: [t(language, "mail:codeAlert.greeting", { name }), t(language, "mail:codeAlert.body")],
            action: { label: t(language, "mail:codeAlert.action"), href: appLink },
          }),
        emailChangeMail: (language, name, code, link) =>
          composeMail({
            subject: t(language, "mail:emailChange.subject"),
            lines: [
              t(language, "mail:emailChange.greeting", { name }),
              t(language, "mail:emailChange.body", { minutes: CODE_TTL_MINUTES }),
            ],
            code,
            action: { label: t(language, "mail:emailChange.action"), href: link },
          }),
        emailChangeNoticeMail: (language, name, newEmail, passwordLink) =>
          composeMail({
            subject: t(language, "mail:emailChangeNotice.subject"),
            lines: [
              t(language, "mail:emailChangeNotice.greeting", { name }),
              t(language, "mail:emailChangeNotice.body", { email: newEmail }),
            ],
            action: { label: t(language, "mail:emailChangeNotice.action"), href: passwordLink },
          }),
      })
    }),
  )
}

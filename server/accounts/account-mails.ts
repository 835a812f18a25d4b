// The e-mails of the accounts feature, in the recipient's language: the verification and
// password-reset mails (a single-use link that works alone, and a code while the address's codes
// for the day last; the verification mail also says what to do if it was not asked for), the note to the owner of an address someone tried to register again, the
// daily alert when an account's codes are used up, and the two mails of an e-mail change (the code
// to the new address, a notice to the old one). A name is greeted only where its owner chose it for
// a proven address (`name` null greets neutrally): whoever registers can type any name and any
// address. The words are in locales/*/mail.json.
import { Context, Effect, Layer, Option } from "effect"
import { CODE_TTL_MINUTES, LINK_TTL_MINUTES } from "../../src/domain/account/verification-limits.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { composeMail, type MailContent } from "../platform/mail/mail-layout.ts"

export class AccountMails extends Context.Service<
  AccountMails,
  {
    /** To an address nobody has proven yet: no name, whoever typed it. */
    readonly verificationMail: (language: SelectableLanguage, code: Option.Option<string>, link: string) => MailContent
    readonly passwordResetMail: (
      language: SelectableLanguage,
      name: string | null,
      code: Option.Option<string>,
      link: string,
    ) => MailContent
    /** To the owner of an address someone tried to register again (instead of telling the stranger). */
    readonly alreadyRegisteredMail: (
      language: SelectableLanguage,
      name: string | null,
      signInLink: string,
      resetLink: string,
    ) => MailContent
    /** To the owner once a day when their account's code budget is used up. */
    readonly codeAlertMail: (language: SelectableLanguage, name: string | null, appLink: string) => MailContent
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
      const greeting = (
        language: SelectableLanguage,
        kind: "reset" | "alreadyRegistered" | "codeAlert",
        name: string | null,
      ) => (name === null ? t(language, "mail:neutralGreeting") : t(language, `mail:${kind}.greeting`, { name }))
      const withLink =
        (kind: "verify" | "reset") =>
        (language: SelectableLanguage, name: string | null, code: Option.Option<string>, link: string) =>
          composeMail({
            subject: t(language, `mail:${kind}.subject`),
            lines: [
              kind === "verify" ? t(language, "mail:neutralGreeting") : greeting(language, kind, name),
              t(language, Option.isSome(code) ? `mail:${kind}.body` : `mail:${kind}.bodyLinkOnly`, {
                minutes: CODE_TTL_MINUTES,
                linkMinutes: LINK_TTL_MINUTES,
              }),
              // Whoever typed the address may not own it: the owner learns that ignoring the mail is
              // safe, and that confirming elsewhere means choosing their own password.
              ...(kind === "verify" ? [t(language, "mail:verify.notYou")] : []),
            ],
            ...(Option.isSome(code) ? { code: code.value } : {}),
            action: { label: t(language, `mail:${kind}.action`), href: link },
          })
      const verify = withLink("verify")
      return AccountMails.of({
        verificationMail: (language, code, link) => verify(language, null, code, link),
        passwordResetMail: withLink("reset"),
        alreadyRegisteredMail: (language, name, signInLink, resetLink) =>
          composeMail({
            subject: t(language, "mail:alreadyRegistered.subject"),
            lines: [greeting(language, "alreadyRegistered", name), t(language, "mail:alreadyRegistered.body")],
            action: { label: t(language, "mail:alreadyRegistered.action"), href: signInLink },
            second: { label: t(language, "mail:alreadyRegistered.second"), href: resetLink },
          }),
        codeAlertMail: (language, name, appLink) =>
          composeMail({
            subject: t(language, "mail:codeAlert.subject"),
            lines: [greeting(language, "codeAlert", name), t(language, "mail:codeAlert.body")],
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

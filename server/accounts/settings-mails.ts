// The e-mails of the account settings' re-authentication and undo, in the recipient's language:
// the code that proves an account without a password, the notice to a replaced address with its
// undo link, and the note to the address that was replaced in turn when the change is undone. The
// words are in locales/*/mail.json. (The code to a new address and the notice while it waits for it
// are account-mails.ts.)
import { Context, Effect, Layer } from "effect"
import { EMAIL_UNDO_DAYS } from "../../src/domain/account/email-restore.ts"
import { CODE_TTL_MINUTES } from "../../src/domain/account/verification-limits.ts"
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"
import { Translations } from "../platform/i18n/translations.ts"
import { composeMail, type MailContent } from "../platform/mail/mail-layout.ts"

export class SettingsMails extends Context.Service<
  SettingsMails,
  {
    /** To the account's address: the code that lets a change of its keys go ahead. */
    readonly reauthCodeMail: (
      language: SelectableLanguage,
      name: string,
      code: string,
      devicesLink: string,
    ) => MailContent
    /** To the replaced address of an e-mail change: what changed, and the link that undoes it. */
    readonly emailChangedMail: (
      language: SelectableLanguage,
      name: string,
      newEmail: string,
      undoLink: string,
    ) => MailContent
    /** To the address an undo replaced: the account went back to its previous address. */
    readonly emailRestoredMail: (
      language: SelectableLanguage,
      name: string,
      restoredEmail: string,
      appLink: string,
    ) => MailContent
  }
>()("jingluo/server/SettingsMails") {
  static readonly layer = Layer.effect(
    SettingsMails,
    Effect.map(Translations, ({ t }) =>
      SettingsMails.of({
        reauthCodeMail: (language, name, code, devicesLink) =>
          composeMail({
            subject: t(language, "mail:reauthCode.subject"),
            lines: [
              t(language, "mail:reauthCode.greeting", { name }),
              t(language, "mail:reauthCode.body", { minutes: CODE_TTL_MINUTES }),
            ],
            code,
            action: { label: t(language, "mail:reauthCode.action"), href: devicesLink },
          }),
        emailChangedMail: (language, name, newEmail, undoLink) =>
          composeMail({
            subject: t(language, "mail:emailChanged.subject"),
            lines: [
              t(language, "mail:emailChanged.greeting", { name }),
              t(language, "mail:emailChanged.body", { email: newEmail, days: EMAIL_UNDO_DAYS }),
            ],
            action: { label: t(language, "mail:emailChanged.action"), href: undoLink },
          }),
        emailRestoredMail: (language, name, restoredEmail, appLink) =>
          composeMail({
            subject: t(language, "mail:emailRestored.subject"),
            lines: [
              t(language, "mail:emailRestored.greeting", { name }),
              t(language, "mail:emailRestored.body", { email: restoredEmail }),
            ],
            action: { label: t(language, "mail:emailRestored.action"), href: appLink },
          }),
      }),
    ),
  )
}

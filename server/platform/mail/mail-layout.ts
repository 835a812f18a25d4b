// The e-mails the server sends, in the recipient's language (en, de, es). Plain text and a simple
// HTML version; codes are shown large, and the link carries a single-use 128-bit token that works
// without the code.

import { CODE_TTL_MINUTES } from "../../../src/domain/account/verification-code.ts"
import type { SelectableLanguage } from "../../../src/domain/shared/locales.ts"
import { escapeHtml } from "../http/html.ts"

export interface MailContent {
  readonly subject: string
  readonly text: string
  readonly html: string
}

const layout = (lines: ReadonlyArray<string>, code: string | null, link?: { href: string; label: string }) => {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="background:#0f5c4d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : ""
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d2a27">
${paragraphs}
${code === null ? "" : `<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>`}
${button}
</body></html>`
}

const copy = {
  verify: {
    en: {
      subject: "Verify your e-mail address for Jingluo",
      greeting: (name: string) => `Hello ${name},`,
      body: `welcome to Jingluo. Confirm your e-mail address with the link below or enter this code on the verification page. The code is valid for ${CODE_TTL_MINUTES} minutes.`,
      action: "Verify e-mail address",
    },
    de: {
      subject: "Bestätige deine E-Mail-Adresse für Jingluo",
      greeting: (name: string) => `Hallo ${name},`,
      body: `willkommen bei Jingluo. Bestätige deine E-Mail-Adresse über den Link unten oder gib diesen Code auf der Bestätigungsseite ein. Der Code ist ${CODE_TTL_MINUTES} Minuten gültig.`,
      action: "E-Mail-Adresse bestätigen",
    },
    es: {
      subject: "Verifica tu correo electrónico para Jingluo",
      greeting: (name: string) => `Hola ${name}:`,
      body: `te damos la bienvenida a Jingluo. Confirma tu dirección de correo con el enlace de abajo o introduce este código en la página de verificación. El código es válido durante ${CODE_TTL_MINUTES} minutos.`,
      action: "Verificar correo electrónico",
    },
  },
  reset: {
    en: {
      subject: "Your Jingluo password reset code",
      greeting: (name: string) => `Hello ${name},`,
      body: `someone asked to reset the password of your Jingluo account. Choose a new password through the link below, or enter this code on the password reset page. Both are valid for ${CODE_TTL_MINUTES} minutes. If it was not you, ignore this e-mail: your password stays as it is.`,
      action: "Reset password",
    },
    de: {
      subject: "Dein Code zum Zurücksetzen des Jingluo-Passworts",
      greeting: (name: string) => `Hallo ${name},`,
      body: `jemand möchte das Passwort deines Jingluo-Kontos zurücksetzen. Wähle über den Link unten ein neues Passwort oder gib diesen Code auf der Seite „Passwort zurücksetzen“ ein. Beides ist ${CODE_TTL_MINUTES} Minuten gültig. Warst du das nicht, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.`,
      action: "Passwort zurücksetzen",
    },
    es: {
      subject: "Tu código para restablecer la contraseña de Jingluo",
      greeting: (name: string) => `Hola ${name}:`,
      body: `alguien ha pedido restablecer la contraseña de tu cuenta de Jingluo. Elige una contraseña nueva con el enlace de abajo o introduce este código en la página de restablecimiento. Ambos son válidos durante ${CODE_TTL_MINUTES} minutos. Si no fuiste tú, ignora este correo: tu contraseña no cambia.`,
      action: "Restablecer contraseña",
    },
  },
} as const

const notices = {
  alreadyRegistered: {
    en: {
      subject: "You already have a Jingluo account",
      greeting: (name: string) => `Hello ${name},`,
      body: "someone tried to create a Jingluo account with this e-mail address, which already has one. If it was you, sign in with your password, or reset it if you have forgotten it. If it was not you, you can ignore this e-mail: nothing has changed.",
      action: "Sign in",
      second: "Reset password",
    },
    de: {
      subject: "Du hast schon ein Jingluo-Konto",
      greeting: (name: string) => `Hallo ${name},`,
      body: "jemand wollte mit dieser E-Mail-Adresse ein Jingluo-Konto anlegen, doch es gibt schon eines. Warst du das, melde dich mit deinem Passwort an oder setze es zurück, falls du es vergessen hast. Warst du es nicht, kannst du diese E-Mail ignorieren: Es hat sich nichts geändert.",
      action: "Anmelden",
      second: "Passwort zurücksetzen",
    },
    es: {
      subject: "Ya tienes una cuenta de Jingluo",
      greeting: (name: string) => `Hola ${name}:`,
      body: "alguien ha intentado crear una cuenta de Jingluo con esta dirección de correo, que ya tiene una. Si fuiste tú, inicia sesión con tu contraseña o restablécela si la has olvidado. Si no fuiste tú, puedes ignorar este correo: no ha cambiado nada.",
      action: "Iniciar sesión",
      second: "Restablecer contraseña",
    },
  },
  codeAlert: {
    en: {
      subject: "Someone is trying codes for your Jingluo account",
      greeting: (name: string) => `Hello ${name},`,
      body: "someone has asked for or typed many codes for your Jingluo account today (verification, password reset or e-mail change). To protect it, we accept and send no more codes for this account for 24 hours. The link in the last e-mail we sent you still works. If this was not you, nobody has got in: your password is unchanged. If you want, change it once you can sign in.",
      action: "Open Jingluo",
      second: null,
    },
    de: {
      subject: "Jemand probiert Codes für dein Jingluo-Konto aus",
      greeting: (name: string) => `Hallo ${name},`,
      body: "jemand hat heute viele Codes für dein Jingluo-Konto angefordert oder eingegeben (Bestätigung, Passwort zurücksetzen oder E-Mail-Änderung). Zum Schutz nehmen und senden wir 24 Stunden lang keine Codes mehr für dieses Konto. Der Link in unserer letzten E-Mail an dich funktioniert weiterhin. Warst du das nicht, ist niemand hineingekommen: Dein Passwort ist unverändert. Wenn du willst, ändere es, sobald du dich anmelden kannst.",
      action: "Jingluo öffnen",
      second: null,
    },
    es: {
      subject: "Alguien está probando códigos de tu cuenta de Jingluo",
      greeting: (name: string) => `Hola ${name}:`,
      body: "alguien ha pedido o introducido hoy muchos códigos de tu cuenta de Jingluo (verificación, restablecimiento de contraseña o cambio de correo). Para protegerla, durante 24 horas no aceptamos ni enviamos más códigos para esta cuenta. El enlace del último correo que te enviamos sigue funcionando. Si no fuiste tú, nadie ha entrado: tu contraseña no ha cambiado. Si quieres, cámbiala cuando puedas iniciar sesión.",
      action: "Abrir Jingluo",
      second: null,
    },
  },
} as const

const render = (
  kind: keyof typeof copy,
  language: SelectableLanguage,
  name: string,
  code: string,
  href: string,
): MailContent => {
  const c = copy[kind][language]
  const lines = [c.greeting(name), c.body]
  return {
    subject: c.subject,
    text: `${lines.join("\n\n")}\n\n${code}\n\n${c.action}: ${href}\n`,
    html: layout(lines, code, { href, label: c.action }),
  }
}

const renderNotice = (
  kind: keyof typeof notices,
  language: SelectableLanguage,
  name: string,
  href: string,
  secondHref?: string,
): MailContent => {
  const c = notices[kind][language]
  const lines = [c.greeting(name), c.body]
  const second = c.second !== null && secondHref ? `\n${c.second}: ${secondHref}\n` : ""
  const secondButton =
    c.second !== null && secondHref
      ? `<p><a href="${escapeHtml(secondHref)}">${escapeHtml(c.second)}</a></p>\n</body>`
      : "</body>"
  return {
    subject: c.subject,
    text: `${lines.join("\n\n")}\n\n${c.action}: ${href}\n${second}`,
    html: layout(lines, null, { href, label: c.action }).replace("</body>", secondButton),
  }
}

export const verificationMail = (language: SelectableLanguage, name: string, code: string, link: string) =>
  render("verify", language, name, code, link)

export const passwordResetMail = (language: SelectableLanguage, name: string, code: string, link: string) =>
  render("reset", language, name, code, link)

/** To the owner of an address someone tried to register again (instead of telling the stranger). */
export const alreadyRegisteredMail = (
  language: SelectableLanguage,
  name: string,
  signInLink: string,
  resetLink: string,
) => renderNotice("alreadyRegistered", language, name, signInLink, resetLink)

/** To the owner once a day when their account's code budget is used up. */
export const codeAlertMail = (language: SelectableLanguage, name: string, appLink: string) =>
  renderNotice("codeAlert", language, name, appLink)

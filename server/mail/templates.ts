// The e-mails the server sends, in the recipient's language (en, de, es). Plain text and a simple
// HTML version; codes are shown large and the link carries the same code.
import type { SelectableLanguage } from "../../src/domain/locales.ts"
import { CODE_TTL_MINUTES } from "../../src/domain/verification-code.ts"
import { escapeHtml } from "../html.ts"

export interface MailContent {
  readonly subject: string
  readonly text: string
  readonly html: string
}

const layout = (lines: ReadonlyArray<string>, code: string, link?: { href: string; label: string }) => {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="background:#0f5c4d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : ""
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d2a27">
${paragraphs}
<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>
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
      body: `someone asked to reset the password of your Jingluo account. Enter this code on the password reset page. It is valid for ${CODE_TTL_MINUTES} minutes. If it was not you, ignore this e-mail: your password stays as it is.`,
      action: "Reset password",
    },
    de: {
      subject: "Dein Code zum Zurücksetzen des Jingluo-Passworts",
      greeting: (name: string) => `Hallo ${name},`,
      body: `jemand möchte das Passwort deines Jingluo-Kontos zurücksetzen. Gib diesen Code auf der Seite „Passwort zurücksetzen“ ein. Er ist ${CODE_TTL_MINUTES} Minuten gültig. Warst du das nicht, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.`,
      action: "Passwort zurücksetzen",
    },
    es: {
      subject: "Tu código para restablecer la contraseña de Jingluo",
      greeting: (name: string) => `Hola ${name}:`,
      body: `alguien ha pedido restablecer la contraseña de tu cuenta de Jingluo. Introduce este código en la página de restablecimiento. Es válido durante ${CODE_TTL_MINUTES} minutos. Si no fuiste tú, ignora este correo: tu contraseña no cambia.`,
      action: "Restablecer contraseña",
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

export const verificationMail = (language: SelectableLanguage, name: string, code: string, link: string) =>
  render("verify", language, name, code, link)

export const passwordResetMail = (language: SelectableLanguage, name: string, code: string, link: string) =>
  render("reset", language, name, code, link)

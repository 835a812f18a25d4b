// The few sentences the server itself says (toasts show them as they come, §8), in en, de and es.
import type { SelectableLanguage } from "../../../src/domain/shared/locales.ts"

const messages = {
  registered: {
    en: "Your account has been created. We have sent you an e-mail to verify your address.",
    de: "Dein Konto wurde angelegt. Wir haben dir eine E-Mail zur Bestätigung deiner Adresse geschickt.",
    es: "Tu cuenta se ha creado. Te hemos enviado un correo para verificar tu dirección.",
  },
  verificationSent: {
    en: "Verification mail has been sent successfully. Please check your inbox.",
    de: "Die Bestätigungs-E-Mail wurde gesendet. Bitte sieh in deinem Posteingang nach.",
    es: "El correo de verificación se ha enviado. Revisa tu bandeja de entrada.",
  },
  emailVerified: {
    en: "Your e-mail address is verified. You can sign in now.",
    de: "Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt anmelden.",
    es: "Tu dirección de correo está verificada. Ya puedes iniciar sesión.",
  },
  resetCodeSent: {
    en: "If an account exists for this address, we have sent a reset code to it.",
    de: "Falls zu dieser Adresse ein Konto existiert, haben wir einen Code zum Zurücksetzen dorthin geschickt.",
    es: "Si existe una cuenta con esta dirección, le hemos enviado un código de restablecimiento.",
  },
  passwordReset: {
    en: "Your password has been changed. Sign in with your new password.",
    de: "Dein Passwort wurde geändert. Melde dich mit dem neuen Passwort an.",
    es: "Tu contraseña se ha cambiado. Inicia sesión con la nueva contraseña.",
  },
  loggedOut: { en: "You have been signed out.", de: "Du wurdest abgemeldet.", es: "Has cerrado sesión." },
  loggedOutEverywhere: {
    en: "You have been signed out on all devices.",
    de: "Du wurdest auf allen Geräten abgemeldet.",
    es: "Has cerrado sesión en todos los dispositivos.",
  },
  invalidCredentials: { en: "Invalid credentials", de: "Ungültige Anmeldedaten", es: "Credenciales no válidas" },
  emailNotVerified: {
    en: "Please verify your e-mail address before signing in.",
    de: "Bitte bestätige deine E-Mail-Adresse, bevor du dich anmeldest.",
    es: "Verifica tu dirección de correo antes de iniciar sesión.",
  },
  tooManyRequests: {
    en: "Too many attempts. Please wait a moment and try again.",
    de: "Zu viele Versuche. Bitte warte einen Moment und versuche es erneut.",
    es: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
  },
  codesPaused: {
    en: "Too many wrong codes for this account today. For its safety, codes are paused for 24 hours; the link in our last e-mail still works.",
    de: "Heute wurden zu viele falsche Codes für dieses Konto eingegeben. Zu seinem Schutz sind Codes 24 Stunden lang gesperrt; der Link in unserer letzten E-Mail funktioniert weiterhin.",
    es: "Hoy se han introducido demasiados códigos incorrectos para esta cuenta. Por seguridad, los códigos quedan en pausa durante 24 horas; el enlace de nuestro último correo sigue funcionando.",
  },
  unauthorized: {
    en: "Your session has ended. Please sign in again.",
    de: "Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.",
    es: "Tu sesión ha terminado. Inicia sesión de nuevo.",
  },
  forbidden: {
    en: "You are not allowed to do this.",
    de: "Dazu bist du nicht berechtigt.",
    es: "No tienes permiso para hacer esto.",
  },
  notFound: { en: "Not found", de: "Nicht gefunden", es: "No encontrado" },
  validationFailed: {
    en: "Please check the highlighted fields.",
    de: "Bitte prüfe die markierten Felder.",
    es: "Revisa los campos marcados.",
  },
  serverError: {
    en: "Something went wrong on our side. Please try again.",
    de: "Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut.",
    es: "Algo ha fallado por nuestra parte. Inténtalo de nuevo.",
  },
  proRequired: {
    en: "This is part of Jingluo Pro.",
    de: "Das gehört zu Jingluo Pro.",
    es: "Esto forma parte de Jingluo Pro.",
  },
  alreadySubscribed: {
    en: "You already have a Pro subscription.",
    de: "Du hast bereits ein Pro-Abo.",
    es: "Ya tienes una suscripción Pro.",
  },
  subscriptionCancelled: {
    en: "Your subscription is cancelled. Pro stays open until the end of the current period.",
    de: "Dein Abo ist gekündigt. Pro bleibt bis zum Ende des laufenden Zeitraums offen.",
    es: "Tu suscripción está cancelada. Pro sigue disponible hasta el final del periodo actual.",
  },
  notCancellable: {
    en: "There is no active subscription to cancel.",
    de: "Es gibt kein laufendes Abo, das gekündigt werden kann.",
    es: "No hay ninguna suscripción activa que cancelar.",
  },
  cancelInStore: {
    en: "This subscription was bought in an app store; cancel it in the store's subscription settings.",
    de: "Dieses Abo wurde in einem App-Store gekauft; kündige es in den Abo-Einstellungen des Stores.",
    es: "Esta suscripción se compró en una tienda de aplicaciones; cancélala en los ajustes de suscripciones de la tienda.",
  },
  payloadTooLarge: {
    en: "The request is too large.",
    de: "Die Anfrage ist zu groß.",
    es: "La solicitud es demasiado grande.",
  },
} as const satisfies Record<string, Record<SelectableLanguage, string>>

export type MessageId = keyof typeof messages

export const message = (id: MessageId, language: SelectableLanguage) => messages[id][language]

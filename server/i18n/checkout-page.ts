// The words of the built-in checkout page, which stands in for the payment provider locally.
import type { SelectableLanguage } from "../../src/domain/locales.ts"

export const checkoutCopy = {
  en: {
    title: "Jingluo checkout",
    notice: "Local payment page: it plays the payment provider's part on this installation. No money is taken.",
    plan: "Jingluo Pro",
    yearly: "yearly",
    monthly: "monthly",
    trial: (days: number, price: string, interval: string) =>
      `${days}-day free trial, then ${price} per ${interval === "year" ? "year" : "month"}. Cancel at any time.`,
    card: "Test card",
    cardApproves: "approves every payment",
    cardDeclinesRenewal: "approves now, declined at renewal",
    pay: "Start trial",
    decline: "Cancel payment",
    closedTitle: "This checkout is closed",
    closedText: "It was completed or cancelled already. Return to Jingluo to see your membership.",
    back: "Back to Jingluo",
  },
  de: {
    title: "Jingluo-Bezahlung",
    notice:
      "Lokale Bezahlseite: Sie übernimmt auf dieser Installation die Rolle des Zahlungsanbieters. Es wird kein Geld abgebucht.",
    plan: "Jingluo Pro",
    yearly: "jährlich",
    monthly: "monatlich",
    trial: (days: number, price: string, interval: string) =>
      `${days} Tage kostenlos testen, danach ${price} pro ${interval === "year" ? "Jahr" : "Monat"}. Jederzeit kündbar.`,
    card: "Testkarte",
    cardApproves: "genehmigt jede Zahlung",
    cardDeclinesRenewal: "jetzt genehmigt, bei der Verlängerung abgelehnt",
    pay: "Test starten",
    decline: "Zahlung abbrechen",
    closedTitle: "Diese Bezahlung ist abgeschlossen",
    closedText:
      "Sie wurde bereits abgeschlossen oder abgebrochen. Kehre zu Jingluo zurück, um deine Mitgliedschaft zu sehen.",
    back: "Zurück zu Jingluo",
  },
  es: {
    title: "Pago de Jingluo",
    notice: "Página de pago local: hace el papel del proveedor de pagos en esta instalación. No se cobra dinero.",
    plan: "Jingluo Pro",
    yearly: "anual",
    monthly: "mensual",
    trial: (days: number, price: string, interval: string) =>
      `Prueba gratuita de ${days} días y después ${price} al ${interval === "year" ? "año" : "mes"}. Cancela cuando quieras.`,
    card: "Tarjeta de prueba",
    cardApproves: "aprueba todos los pagos",
    cardDeclinesRenewal: "aprueba ahora, rechazada en la renovación",
    pay: "Empezar la prueba",
    decline: "Cancelar el pago",
    closedTitle: "Este pago está cerrado",
    closedText: "Ya se completó o se canceló. Vuelve a Jingluo para ver tu suscripción.",
    back: "Volver a Jingluo",
  },
} satisfies Record<SelectableLanguage, unknown>

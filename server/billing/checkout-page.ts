// The words of the built-in checkout page, which stands in for the payment provider locally. It
// takes no money, and says so first. German says "du", as the app does.
import type { SelectableLanguage } from "../../src/domain/shared/locales.ts"

export const checkoutCopy = {
  en: {
    title: "Jingluo checkout",
    testModeTitle: "Test mode — no money is taken",
    testModeText:
      "This installation has no payment provider set up. This page plays its part: paying here grants Pro without charging anything.",
    plan: "Jingluo Pro",
    yearly: "yearly",
    monthly: "monthly",
    trial: (days: number, price: string, interval: string) =>
      `${days}-day free trial, then ${price} per ${interval === "year" ? "year" : "month"}. Cancel at any time.`,
    noTrial: (price: string, interval: string) =>
      `You have had a trial before, so the first ${interval === "year" ? "year" : "month"} is paid now: ${price}. Cancel at any time.`,
    card: "Test card",
    cardApproves: "approves every payment",
    cardDeclinesRenewal: "approves now, declined at renewal",
    pay: "Start trial",
    payNow: "Pay now",
    decline: "Cancel payment",
    closedTitle: "This checkout is closed",
    closedText:
      "It was completed, cancelled or replaced by a newer checkout. Return to Jingluo to see your membership.",
    back: "Back to Jingluo",
  },
  de: {
    title: "Jingluo-Bezahlung",
    testModeTitle: "Testmodus – es wird kein Geld abgebucht",
    testModeText:
      "Auf dieser Installation ist kein Zahlungsanbieter eingerichtet. Diese Seite übernimmt seine Rolle: Wenn du hier bezahlst, bekommst du Pro, ohne dass etwas abgebucht wird.",
    plan: "Jingluo Pro",
    yearly: "jährlich",
    monthly: "monatlich",
    trial: (days: number, price: string, interval: string) =>
      `${days} Tage kostenlos testen, danach ${price} pro ${interval === "year" ? "Jahr" : "Monat"}. Du kannst jederzeit kündigen.`,
    noTrial: (price: string, interval: string) =>
      `Du hattest schon einen Testzeitraum, deshalb zahlst du ${interval === "year" ? "das erste Jahr" : "den ersten Monat"} jetzt: ${price}. Du kannst jederzeit kündigen.`,
    card: "Testkarte",
    cardApproves: "genehmigt jede Zahlung",
    cardDeclinesRenewal: "jetzt genehmigt, bei der Verlängerung abgelehnt",
    pay: "Test starten",
    payNow: "Jetzt bezahlen",
    decline: "Zahlung abbrechen",
    closedTitle: "Diese Bezahlung ist abgeschlossen",
    closedText:
      "Du hast sie schon abgeschlossen oder abgebrochen, oder eine neuere Bezahlung hat sie ersetzt. Kehre zu Jingluo zurück, um deine Mitgliedschaft zu sehen.",
    back: "Zurück zu Jingluo",
  },
  es: {
    title: "Pago de Jingluo",
    testModeTitle: "Modo de prueba: no se cobra dinero",
    testModeText:
      "Esta instalación no tiene un proveedor de pagos configurado. Esta página hace su papel: pagar aquí activa Pro sin cobrar nada.",
    plan: "Jingluo Pro",
    yearly: "anual",
    monthly: "mensual",
    trial: (days: number, price: string, interval: string) =>
      `Prueba gratuita de ${days} días y después ${price} al ${interval === "year" ? "año" : "mes"}. Cancela cuando quieras.`,
    noTrial: (price: string, interval: string) =>
      `Ya tuviste una prueba, así que ${interval === "year" ? "el primer año se paga" : "el primer mes se paga"} ahora: ${price}. Cancela cuando quieras.`,
    card: "Tarjeta de prueba",
    cardApproves: "aprueba todos los pagos",
    cardDeclinesRenewal: "aprueba ahora, rechazada en la renovación",
    pay: "Empezar la prueba",
    payNow: "Pagar ahora",
    decline: "Cancelar el pago",
    closedTitle: "Este pago está cerrado",
    closedText:
      "Ya se completó, se canceló o lo sustituyó un pago más reciente. Vuelve a Jingluo para ver tu suscripción.",
    back: "Volver a Jingluo",
  },
} satisfies Record<SelectableLanguage, unknown>

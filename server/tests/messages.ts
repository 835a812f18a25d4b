// The sentences the self-test calls say themselves (the app shows its own texts for these cases;
// these reach API clients and the error toasts), in en, de and es.
import type { SelectableLanguage } from "../../src/domain/locales.ts"

const messages = {
  timeUp: {
    en: "The time for this test is up; answers can no longer be saved.",
    de: "Die Zeit für diesen Test ist abgelaufen; Antworten können nicht mehr gespeichert werden.",
    es: "El tiempo de esta prueba se ha agotado; ya no se pueden guardar respuestas.",
  },
  finished: {
    en: "This test is finished; answers can no longer be saved.",
    de: "Dieser Test ist beendet; Antworten können nicht mehr gespeichert werden.",
    es: "Esta prueba ha terminado; ya no se pueden guardar respuestas.",
  },
  nothingToTest: {
    en: "There is nothing to ask in this test.",
    de: "Für diesen Test gibt es keine Fragen.",
    es: "No hay nada que preguntar en esta prueba.",
  },
  proRequired: {
    en: "This test needs Jingluo Pro.",
    de: "Für diesen Test brauchst du Jingluo Pro.",
    es: "Esta prueba necesita Jingluo Pro.",
  },
} as const satisfies Record<string, Record<SelectableLanguage, string>>

export const testMessage = (key: keyof typeof messages, language: SelectableLanguage) => messages[key][language]

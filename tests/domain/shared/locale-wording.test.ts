// One verb for one action across the locales: signing out is "sign out" in English ("Do you want to
// sign out?" is answered with "Yes, sign out", never "log out"), "abmelden" in German and "cerrar
// sesión" in Spanish, in every namespace the app and the server's mails use.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const LOCALES = join(import.meta.dirname, "..", "..", "..", "locales")

type Tree = { readonly [key: string]: string | Tree }
const flatten = (tree: Tree, prefix = ""): ReadonlyArray<readonly [string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as const] : flatten(value, `${prefix}${key}.`),
  )

/** Every string of a language, as "namespace:key" and its text. */
const strings = (language: string) =>
  readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) =>
      flatten(JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")) as Tree).map(
        ([key, text]) => [`${file.replace(/\.json$/, "")}:${key}`, text] as const,
      ),
    )

/** The other verbs each language could use for signing out; none of them may appear. */
const OTHER_SIGN_OUT_VERBS = {
  en: /\blog(?:ged|ging)?[\s-]?out\b|\blogout\b/i,
  de: /ausgeloggt|\bauslogg|\blogout\b/i,
  es: /\bsalir\b|\bdesconect|\blogout\b/i,
} as const

/** The verb each language uses; the sign-out strings of the header, the bar and the modal say it. */
const SIGN_OUT_VERB = {
  en: /\bsign(?:ed)? out\b/i,
  de: /abmelde|abgemeldet/i,
  es: /cerrar sesi|cerrado sesi/i,
} as const

describe("signing out has one verb in each language", () => {
  for (const language of ["en", "de", "es"] as const) {
    it(`${language}: no string names it with another verb`, () => {
      const offending = strings(language).filter(([, text]) => OTHER_SIGN_OUT_VERBS[language].test(text))
      expect(offending).toEqual([])
    })

    it(`${language}: the header, the confirmation and the modal ask and answer with the same verb`, () => {
      const all = Object.fromEntries(strings(language))
      for (const key of [
        "common:nav.logout",
        "common:logout.label",
        "common:logout.question",
        "common:logout.confirm",
        "common:logout.done",
        "billing:signOut",
        "billing:signOutQuestion",
      ])
        expect(all[key], key).toMatch(SIGN_OUT_VERB[language])
    })
  }
})

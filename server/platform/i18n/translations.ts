// The words the server says itself — answers that toasts show as they come (§8), the knowledge
// base's menu and search-field titles, e-mails, the built-in checkout page — live in locales/ like
// the app's, in the namespaces server, mail, checkout and sharing (English only), so a translator edits JSON only. Keys are
// typed from the English files; the other languages have the same keys (tests/content/translations).
import { Context, Layer } from "effect"
import deCheckout from "../../../locales/de/checkout.json" with { type: "json" }
import deMail from "../../../locales/de/mail.json" with { type: "json" }
import deServer from "../../../locales/de/server.json" with { type: "json" }
import enCheckout from "../../../locales/en/checkout.json" with { type: "json" }
import enMail from "../../../locales/en/mail.json" with { type: "json" }
import enServer from "../../../locales/en/server.json" with { type: "json" }
import enSharing from "../../../locales/en/sharing.json" with { type: "json" }
import esCheckout from "../../../locales/es/checkout.json" with { type: "json" }
import esMail from "../../../locales/es/mail.json" with { type: "json" }
import esServer from "../../../locales/es/server.json" with { type: "json" }
import type { SelectableLanguage } from "../../../src/domain/shared/locales.ts"

// What patients receive is English in every language: sharing is English only (§6).
const BUNDLES = {
  en: { server: enServer, mail: enMail, checkout: enCheckout, sharing: enSharing },
  de: { server: deServer, mail: deMail, checkout: deCheckout, sharing: enSharing },
  es: { server: esServer, mail: esMail, checkout: esCheckout, sharing: enSharing },
} as const

type Bundle = (typeof BUNDLES)["en"]

/** "a.b.c" for every string leaf of a translation file. */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** A key with its namespace, as i18next writes it: "server:messages.notFound", "mail:verify.subject". */
export type TranslationKey = { [N in keyof Bundle]: `${N}:${Leaves<Bundle[N]>}` }[keyof Bundle]

/** Values for the `{{name}}` placeholders of a text. */
export type TranslationValues = Readonly<Record<string, string | number>>

const lookup = (language: SelectableLanguage, key: TranslationKey): string | undefined => {
  const [namespace, path] = key.split(":") as [keyof Bundle, string]
  let node: unknown = BUNDLES[language][namespace]
  for (const part of path.split("."))
    node = typeof node === "object" && node !== null ? (node as never)[part] : undefined
  return typeof node === "string" ? node : undefined
}

const interpolate = (text: string, values: TranslationValues | undefined) =>
  values ? text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole)) : text

/** The sentences of answers: `message` of the contract's errors and successes. */
export type MessageId = keyof Bundle["server"]["messages"]

export interface TranslationsService {
  /** The text for `key` in `language` (English where a text is missing), its placeholders filled in. */
  readonly t: (language: SelectableLanguage, key: TranslationKey, values?: TranslationValues) => string
  /** The sentence of an answer, `server:messages.<id>`. */
  readonly message: (id: MessageId, language: SelectableLanguage) => string
}

const t: TranslationsService["t"] = (language, key, values) =>
  interpolate(lookup(language, key) ?? lookup("en", key) ?? key, values)

export class Translations extends Context.Service<Translations, TranslationsService>()("jingluo/server/Translations") {
  static readonly layer = Layer.succeed(
    Translations,
    Translations.of({ t, message: (id, language) => t(language, `server:messages.${id}`) }),
  )
}

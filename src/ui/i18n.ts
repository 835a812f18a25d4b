// i18next for the app: JSON namespaces under locales/{lng}/, loaded on demand (common everywhere,
// the others with the pages that read them: PAGE_GROUP_TEXTS in src/domain/shared/page-groups.ts). Missing German or Spanish keys fall back to English.
import i18next, { type BackendModule, type i18n } from "i18next"
import { initReactI18next } from "react-i18next"
import { FIRST_NAME_MIN_LENGTH, LAST_NAME_MIN_LENGTH } from "../domain/account/name-limits.ts"
import { PASSWORD_MIN_LENGTH } from "../domain/account/password-limits.ts"
import { CODE_LENGTH } from "../domain/account/verification-limits.ts"
import { SHARE_VIDEOS_MAX } from "../domain/acupressure/sharing-limits.ts"
import { DEFAULT_LANGUAGE, type SelectableLanguage } from "../domain/shared/locales.ts"

// The server's namespaces (server, mail, checkout) are the server's words: never bundled with the app.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>([
  "../../locales/*/*.json",
  "!../../locales/*/{server,mail,checkout}.json",
])

const lazyBundles: BackendModule = {
  type: "backend",
  init: () => {},
  read: (language, namespace, callback) => {
    const load = bundles[`../../locales/${language}/${namespace}.json`]
    if (!load) return callback(null, {})
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/**
 * An i18next instance in `language` with the first namespaces loaded, and `more` (the namespaces a
 * page the server drew used, so the app's first render has every text the server's had).
 */
export const createI18n = async (language: SelectableLanguage, more: ReadonlyArray<string> = []): Promise<i18n> => {
  const instance = i18next.createInstance()
  await instance
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ["en", "de", "es"],
      // A namespace without a bundle loads as empty.
      ns: [...new Set(["common", ...more])],
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: {
        escapeValue: false,
        // Limits quoted in validation messages come from the rules themselves.
        defaultVariables: {
          passwordMin: PASSWORD_MIN_LENGTH,
          firstNameMin: FIRST_NAME_MIN_LENGTH,
          lastNameMin: LAST_NAME_MIN_LENGTH,
          codeLength: CODE_LENGTH,
          shareVideosMax: SHARE_VIDEOS_MAX,
        },
      },
      returnNull: false,
      react: { useSuspense: true },
    })
  return instance
}

/** Every namespace the app has a bundle of: what the server's drawing loads once, so no text waits. */
export const APP_NAMESPACES = [
  ...new Set(Object.keys(bundles).map((path) => path.slice(path.lastIndexOf("/") + 1, -".json".length))),
]

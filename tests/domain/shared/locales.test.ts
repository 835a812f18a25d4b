import { describe, expect, it } from "vitest"
import {
  DEFAULT_LANGUAGE,
  IN_PROGRESS_LANGUAGES,
  isSelectableLanguage,
  LANGUAGES,
  NAMESPACES,
  namespacesForPath,
  resolveLanguage,
  SELECTABLE_LANGUAGES,
} from "../../../src/domain/shared/locales.ts"

describe("languages (§1, §9)", () => {
  it("has the locales en, de, es, ru with en as default", () => {
    expect([...LANGUAGES].sort()).toEqual(["de", "en", "es", "ru"])
    expect(DEFAULT_LANGUAGE).toBe("en")
  })

  it("makes every language selectable except the ones in progress", () => {
    expect([...SELECTABLE_LANGUAGES].sort()).toEqual(LANGUAGES.filter((l) => !IN_PROGRESS_LANGUAGES.includes(l)).sort())
    expect(IN_PROGRESS_LANGUAGES).toEqual(["ru"])
  })

  it.each([...SELECTABLE_LANGUAGES])("treats %s as selectable", (language) => {
    expect(isSelectableLanguage(language)).toBe(true)
  })

  it.each(["ru", "fr", "", "EN", 1, null])("does not treat %j as selectable", (value) => {
    expect(isSelectableLanguage(value)).toBe(false)
  })
})

describe("resolveLanguage", () => {
  it.each([...SELECTABLE_LANGUAGES])("keeps %s", (language) => {
    expect(resolveLanguage(language)).toBe(language)
  })

  it.each([
    ["de-DE", "de"],
    ["es-419", "es"],
    ["en-GB,en;q=0.9", "en"],
    ["DE", "de"],
    [" es ", "es"],
    // A browser's list, by its weights: the selectable language it prefers most.
    ["ru-RU,ru;q=0.9,de;q=0.8,en;q=0.7", "de"],
    ["fr-FR, fr;q=0.9, es;q=0.5, en;q=0.4", "es"],
    ["en;q=0.5,de;q=0.9", "de"],
    ["de;q=0.8,es;q=0.8", "de"],
    ["es;q=0,de;q=0.1", "de"],
    ["fr,de;Q=0.6", "de"],
    ["*;q=0.5,es;q=0.3", "es"],
    ["de;q=abc,es;q=0.2", "es"],
  ])("resolves %j to %s", (value, expected) => {
    expect(resolveLanguage(value)).toBe(expected)
  })

  it.each([
    ["ru, which is in progress", "ru"],
    ["ru-RU", "ru-RU"],
    ["an unknown language", "fr"],
    ["an unknown region tag", "fr-DE"],
    ["an empty string", ""],
    ["a single letter", "d"],
    ["a list of unknown languages", "fr-FR,fr;q=0.9,it;q=0.8"],
    ["a list refusing every selectable language", "de;q=0,es;q=0"],
    ["null", null],
    ["undefined", undefined],
  ])("falls back to the default for %s", (_, value) => {
    expect(resolveLanguage(value)).toBe(DEFAULT_LANGUAGE)
  })
})

describe("namespacesForPath (§9)", () => {
  it("loads common and home on /", () => {
    expect(namespacesForPath("/")).toEqual(["common", "home"])
  })

  it("loads common and about on /about", () => {
    expect(namespacesForPath("/about")).toEqual(["common", "about"])
  })

  it.each(["/login", "/register", "/account-settings/my-profile"])(
    "loads common and the account's texts on %j",
    (path) => {
      expect(namespacesForPath(path)).toEqual(["common", "user"])
    },
  )

  it("loads common and the plans' texts on the pricing page, and the tests' on the tests' pages", () => {
    expect(namespacesForPath("/pricing")).toEqual(["common", "billing"])
    expect(namespacesForPath("/test/")).toEqual(["common", "self-tests"])
    expect(namespacesForPath("/account-settings/my-membership")).toEqual(["common", "user", "billing"])
  })

  it.each(["/about-us", "/about/", "/search", "/point/li-4", ""])("loads only common on %j", (path) => {
    expect(namespacesForPath(path)).toEqual(["common"])
  })

  it("only names known namespaces", () => {
    for (const path of ["/", "/about", "/login"]) {
      for (const namespace of namespacesForPath(path)) expect(NAMESPACES).toContain(namespace)
    }
  })
})

import { describe, expect, it } from "vitest"
import { languagePageName } from "../../../src/domain/shared/locales.ts"
import {
  PAGE_GROUP_SETS,
  PAGE_GROUPS,
  type PageGroup,
  pageGroupsOf,
  SETTINGS_LAYOUT_ADDRESSES,
} from "../../../src/domain/shared/page-groups.ts"

const ADDRESSES = [
  ["/book/pages", ["content"]],
  ["/book/pages/channels/lung-channel", ["content"]],
  ["/point/lu-9-taiyuan", ["content"]],
  ["/body-area/hand", ["content"]],
  ["/test/", ["self-tests"]],
  ["/test/new/location-test", ["self-tests"]],
  ["/get/results", ["self-tests"]],
  // The tests settings have no settings layout around them: the tests group alone shows them.
  ["/account-settings/tests-settings", ["self-tests"]],
  // Signing in needs none of the settings' selects and switches: its own group.
  ["/login", ["sign-in"]],
  ["/register", ["sign-up"]],
  ["/social/callback", ["sign-up"]],
  ["/resetpassword", ["sign-up"]],
  ["/verify-email", ["sign-up"]],
  ["/restore-email", ["sign-up"]],
  ["/account-settings/my-profile", ["account"]],
  ["/account-settings/delete-account", ["account"]],
  ["/account-settings/video-settings", ["account"]],
  ["/pricing", ["billing"]],
  ["/plan-pro", ["billing"]],
  ["/payment-success", ["billing"]],
  // Pages of other features inside the account settings layout: the layout's group first.
  ["/account-settings/my-membership", ["account", "billing"]],
  ["/search", ["search"]],
  ["/full-text", ["search"]],
  ["/my-point-groups", ["groups"]],
  ["/my-notes", ["notes"]],
  ["/account-settings/support", ["account", "feedback"]],
  ["/acupressure-videos", ["sharing"]],
  ["/patient/3Fq9xkLm2", ["sharing"]],
  ["/patient/unsubscribe", ["sharing"]],
] as const satisfies ReadonlyArray<readonly [string, ReadonlyArray<PageGroup>]>

describe("page groups", () => {
  it.each(ADDRESSES)("%s is shown by %j", (path, groups) => {
    expect(pageGroupsOf(path)).toEqual(groups)
  })

  it.each([
    "/",
    "/about",
    "/about-us",
    "/not-found",
    "/book/charts",
    "/login/extra",
    "/testing",
    "/searching",
    "/patient",
    "/patient/a/b",
  ])("%s comes with the app itself", (path) => {
    expect(pageGroupsOf(path)).toEqual([])
  })

  it("names each group once for an address, the account group first", () => {
    for (const [path] of ADDRESSES) {
      const groups = pageGroupsOf(path)
      expect(new Set(groups).size, path).toBe(groups.length)
      if (groups.length > 1) expect(groups[0], path).toBe("account")
    }
  })

  it("has a page for every set of groups an address needs, and no other", () => {
    const names = PAGE_GROUP_SETS.map((set) => set.join("+"))
    expect(new Set(names).size).toBe(names.length)
    expect(names.sort()).toEqual([...Object.keys(PAGE_GROUPS), "account+billing", "account+feedback"].sort())
    for (const path of [...ADDRESSES.map(([path]) => path), ...SETTINGS_LAYOUT_ADDRESSES])
      expect(PAGE_GROUP_SETS, path).toContainEqual(pageGroupsOf(path))
  })

  it("names the page of a language and its groups", () => {
    expect(languagePageName("de")).toBe("index.de.html")
    expect(languagePageName("de", [])).toBe("index.de.html")
    expect(languagePageName("de", ["content"])).toBe("index.de.content.html")
    expect(languagePageName("es", ["account", "billing"])).toBe("index.es.account+billing.html")
  })
})

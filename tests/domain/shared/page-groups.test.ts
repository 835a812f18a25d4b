import { describe, expect, it } from "vitest"
import { languagePageName } from "../../../src/domain/shared/locales.ts"
import { pageGroupOf } from "../../../src/domain/shared/page-groups.ts"

describe("page groups", () => {
  it.each([
    ["/book/pages", "content"],
    ["/book/pages/channels/lung-channel", "content"],
    ["/point/lu-9-taiyuan", "content"],
    ["/body-area/hand", "content"],
    ["/test/", "tests"],
    ["/test/new/location-test", "tests"],
    ["/get/results", "tests"],
    ["/account-settings/tests-settings", "tests"],
    ["/login", "account"],
    ["/register", "account"],
    ["/social/callback", "account"],
    ["/resetpassword", "account"],
    ["/verify-email", "account"],
    ["/account-settings/my-profile", "account"],
    ["/account-settings/delete-account", "account"],
    ["/pricing", "billing"],
    ["/plan-pro", "billing"],
    ["/payment-success", "billing"],
    ["/account-settings/my-membership", "billing"],
    ["/search", "search"],
    ["/full-text", "search"],
    ["/my-point-groups", "groups"],
    ["/my-notes", "notes"],
    ["/account-settings/support", "feedback"],
  ] as const)("%s is shown by the %s group", (path, group) => {
    expect(pageGroupOf(path)).toBe(group)
  })

  it.each(["/", "/about", "/about-us", "/not-found", "/book/charts", "/login/extra", "/testing", "/searching"])(
    "%s comes with the app itself",
    (path) => {
      expect(pageGroupOf(path)).toBeUndefined()
    },
  )

  it("names the page of a language and group", () => {
    expect(languagePageName("de")).toBe("index.de.html")
    expect(languagePageName("de", "content")).toBe("index.de.content.html")
  })
})

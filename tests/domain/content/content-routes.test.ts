// The content routes as data (src/domain/content/content-routes.ts) read every address as the app's
// router does (src/ui/App.tsx): the first route that matches wins, so the book's index pages are
// never taken for a book page of that slug, and a point address the app looks up and replaces
// (`/point/LU9`) is no content page of its own.
import { describe, expect, it } from "vitest"
import { type ContentRoute, contentAnswerKey, contentRouteOf } from "../../../src/domain/content/content-routes.ts"

describe("contentRouteOf", () => {
  it.each<readonly [string, ContentRoute]>([
    ["/book/pages", { page: "bookIndex", slug: "" }],
    ["/book/pages/channels", { page: "channelIndex", slug: "" }],
    ["/book/pages/channels/lung-channel", { page: "channel", slug: "lung-channel" }],
    ["/book/pages/categories", { page: "categoryIndex", slug: "" }],
    ["/book/pages/body-areas", { page: "bodyAreaIndex", slug: "" }],
    ["/book/pages/categories/ghost-points", { page: "category", slug: "ghost-points" }],
    ["/book/pages/vessels/governing-vessel", { page: "vessel", slug: "governing-vessel" }],
    ["/book/pages/extra-points", { page: "extraPoints", slug: "" }],
    ["/book/pages/point-categories", { page: "bookPage", slug: "point-categories" }],
    ["/book/pages/introduction", { page: "bookPage", slug: "introduction" }],
    ["/point/lu-9-taiyuan", { page: "point", slug: "lu-9-taiyuan" }],
    ["/point/st-36-zusanli", { page: "point", slug: "st-36-zusanli" }],
    ["/point/ex-hn3-yintang", { page: "point", slug: "ex-hn3-yintang" }],
    ["/body-area/hand", { page: "bodyArea", slug: "hand" }],
  ])("reads %s", (path, route) => {
    expect(contentRouteOf(path)).toEqual(route)
  })

  it("takes the book's index pages before a book page of the same slug, as the app's router does", () => {
    expect(contentRouteOf("/book/pages/channels")?.page).toBe("channelIndex")
    expect(contentRouteOf("/book/pages/categories")?.page).toBe("categoryIndex")
    expect(contentRouteOf("/book/pages/body-areas")?.page).toBe("bodyAreaIndex")
    expect(contentRouteOf("/book/pages/extra-points")?.page).toBe("extraPoints")
    // A vessel's or channel's own page is not a book page called "vessels" or "channels".
    expect(contentRouteOf("/book/pages/vessels")).toEqual({ page: "bookPage", slug: "vessels" })
  })

  it.each([
    // Looked up by the app and replaced by the point's own address.
    "/point/LU9",
    "/point/lu9",
    "/point/lu-9",
    "/point/LU-9-TAIYUAN",
    "/point/lu-9-taiyuan-",
    "/point/lu-123-taiyuan",
    // No content page.
    "/point/",
    "/point/lu-9-taiyuan/notes",
    "/book",
    "/book/pages/",
    "/book/pages/channels/",
    "/book/pages/channels/lung-channel/points",
    "/book/pages/vessels/",
    "/body-area",
    "/body-area/",
    "/body-area/hand/points",
    "/points/lu-9-taiyuan",
    "/",
    "/my-notes",
    "",
  ])("is no content page at %j", (path) => {
    expect(contentRouteOf(path)).toBeUndefined()
  })
})

describe("contentAnswerKey", () => {
  it("names an answer by its page and slug, an index page by its page alone", () => {
    expect(contentAnswerKey({ page: "point", slug: "lu-9-taiyuan" })).toBe("point/lu-9-taiyuan")
    expect(contentAnswerKey({ page: "bookPage", slug: "point-categories" })).toBe("bookPage/point-categories")
    expect(contentAnswerKey({ page: "categoryIndex", slug: "" })).toBe("categoryIndex/")
    expect(contentAnswerKey({ page: "channelIndex", slug: "" })).toBe("channelIndex/")
  })

  it("gives each content address its own key", () => {
    const paths = [
      "/book/pages",
      "/book/pages/channels",
      "/book/pages/channels/lung-channel",
      "/book/pages/categories",
      "/book/pages/body-areas",
      "/book/pages/categories/ghost-points",
      "/book/pages/vessels/governing-vessel",
      "/book/pages/extra-points",
      "/book/pages/point-categories",
      "/point/lu-9-taiyuan",
      "/body-area/hand",
    ]
    const keys = paths.map((path) => contentAnswerKey(contentRouteOf(path)!))
    expect(new Set(keys).size).toBe(paths.length)
  })
})

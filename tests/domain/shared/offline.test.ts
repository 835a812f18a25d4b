// What the service worker keeps and never keeps (src/domain/shared/offline.ts): the routing of each
// request, the content answers held to the contract, the caches an update or a sign-out drops.
import { describe, expect, it } from "vitest"
import { Api } from "../../../src/domain/api/api.ts"
import {
  CONTENT_CACHE,
  isContentAnswer,
  isContentCache,
  isKeepable,
  isStaleCache,
  keepsPage,
  offlineRoute,
  SHELL_PAGE,
  shellCacheName,
} from "../../../src/domain/shared/offline.ts"

const ORIGIN = "https://jingluo.app"
const SHELL = new Set([SHELL_PAGE, "/assets/index-Ab12Cd.js", "/assets/index-Ef34Gh.css", "/manifest.webmanifest"])
const route = (path: string, { method = "GET", mode = "cors", origin = ORIGIN } = {}) =>
  offlineRoute({ method, url: `${origin}${path}`, mode }, ORIGIN, SHELL)

/** Every endpoint of the contract as [group, method, a path of it]. */
const endpoints = Object.values(Api.groups).flatMap((group) =>
  Object.values(group.endpoints).map(
    (endpoint) => [group.identifier, endpoint.method, endpoint.path.replace(/:\w+/g, "lu-9-taiyuan")] as const,
  ),
)

describe("the content answers a device may keep", () => {
  it("are the GET answers of the content and charts groups of the contract, and no other endpoint", () => {
    expect(endpoints.length).toBeGreaterThan(50)
    for (const [group, method, path] of endpoints) {
      const content = (group === "content" || group === "charts") && method === "GET"
      expect(isContentAnswer(path), `${group} ${method} ${path}`).toBe(content)
      expect(route(path, { method }), `${group} ${method} ${path}`).toBe(content ? "content" : "network")
    }
  })

  it("never include the account, payments, sessions, notes, groups, searches or self-tests", () => {
    for (const path of [
      "/api/dashboard",
      "/api/login",
      "/api/subscription",
      "/api/plan-list",
      "/api/registered-devices",
      "/api/get-all-notes",
      "/api/point-group/list",
      "/api/point-search",
      "/api/suggestion/keyword-search",
      "/api/test/scores/1",
      "/api/user-settings",
      "/api/point-videos/lu-9",
      "/api/point/lu-9-taiyuan/extra",
      "/api/pointless",
    ])
      expect(route(path), path).toBe("network")
  })

  it("are kept only as answered to a GET: a POST, PUT or DELETE to the same address goes to the network", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "HEAD"])
      expect(route("/api/point/lu-9-taiyuan", { method })).toBe("network")
    expect(route("/api/point/lu-9-taiyuan")).toBe("content")
    expect(route("/api/point/lu-9-taiyuan?lang=de")).toBe("content")
  })
})

describe("a request's route", () => {
  it("takes the shell's files from the shell, other built files cache first", () => {
    expect(route("/assets/index-Ab12Cd.js")).toBe("shell")
    expect(route("/manifest.webmanifest")).toBe("shell")
    expect(route(SHELL_PAGE)).toBe("shell")
    expect(route("/assets/noto-serif-sc-12-Zz99.woff2")).toBe("asset")
  })

  it("answers navigations as pages, but for the API's own pages", () => {
    for (const path of ["/", "/point/lu-9-taiyuan", "/account-settings/my-profile", "/login", "/no-such-page"])
      expect(route(path, { mode: "navigate" }), path).toBe("page")
    expect(route("/api/docs", { mode: "navigate" })).toBe("network")
    expect(route("/api/verify-email/a/1234", { mode: "navigate" })).toBe("network")
  })

  it("leaves other origins, the worker itself and unknown files to the network", () => {
    expect(route("/assets/index-Ab12Cd.js", { origin: "https://cdn.example.com" })).toBe("network")
    expect(route("/", { origin: "https://cdn.example.com", mode: "navigate" })).toBe("network")
    expect(route("/sw.js")).toBe("network")
    expect(route("/robots.txt")).toBe("network")
    expect(route("/media/videos/lu-9.mp4")).toBe("network")
  })
})

describe("pages kept once opened", () => {
  it("are the pages the server draws with content: home, points, channels, the book, areas, categories", () => {
    for (const path of [
      "/",
      "/point/lu-9-taiyuan",
      "/book/pages/channels/lung-channel",
      "/book/pages",
      "/body-area/hand",
      "/book/pages/categories/yuan-source",
      "/about",
    ])
      expect(keepsPage(path), path).toBe(true)
  })

  it("are never a member's own pages, sign-in, checkout, a self-test or a patient's link", () => {
    for (const path of [
      "/login",
      "/register",
      "/account-settings/my-profile",
      "/my-notes",
      "/my-point-groups",
      "/checkout/abc",
      "/tests",
      "/patient/abc",
      "/search",
      "/api/point/lu-9-taiyuan",
    ])
      expect(keepsPage(path), path).toBe(false)
  })
})

describe("answers kept", () => {
  it("are full 200s of the app's own origin only", () => {
    expect(isKeepable({ status: 200, type: "basic" })).toBe(true)
    for (const status of [201, 204, 206, 301, 304, 401, 403, 404, 500, 503])
      expect(isKeepable({ status, type: "basic" }), String(status)).toBe(false)
    for (const type of ["opaque", "opaqueredirect", "cors", "error"])
      expect(isKeepable({ status: 200, type }), type).toBe(false)
  })
})

describe("the caches", () => {
  it("an update drops: another build's shell and an older content shape, never this build's or others' caches", () => {
    expect(isStaleCache(shellCacheName("old"), "new")).toBe(true)
    expect(isStaleCache(shellCacheName("new"), "new")).toBe(false)
    expect(isStaleCache("jingluo-content-0", "new")).toBe(true)
    expect(isStaleCache(CONTENT_CACHE, "new")).toBe(false)
    expect(isStaleCache("another-app", "new")).toBe(false)
  })

  it("a sign-out clears: the content caches, never the shell", () => {
    expect(isContentCache(CONTENT_CACHE)).toBe(true)
    expect(isContentCache("jingluo-content-0")).toBe(true)
    expect(isContentCache(shellCacheName("v1"))).toBe(false)
  })
})

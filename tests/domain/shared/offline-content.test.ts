// Which answers the device keeps of the learner's part: each page the answers mark open, never a
// locked one, and whether a kept copy is of the current content version, language and plan.
import { describe, expect, it } from "vitest"
import { isContentAnswer } from "../../../src/domain/shared/offline.ts"
import {
  answerStamp,
  type ContentIndex,
  INDEX_ANSWERS,
  isCurrent,
  isDeviceSettingKey,
  keepsContent,
  OFFLINE_SETTING_KEY,
  openedMoreBefore,
  openPoints,
  plannedAnswers,
} from "../../../src/domain/shared/offline-content.ts"

const point = (slug: string, permission: boolean) => ({ slug, permission })

const index: ContentIndex = {
  menus: [
    {
      slug: "channels",
      permission: true,
      points: [],
      children: [
        { slug: "lung-channel", permission: true, points: [point("lu-1-zhongfu", true), point("lu-9-taiyuan", true)] },
        // A locked entry lists no points; one marked locked anyway is never fetched.
        { slug: "stomach-channel", permission: false, points: [point("st-36-zusanli", false)] },
        { slug: "governing-vessel", permission: false, points: [] },
      ],
    },
    {
      slug: "categories",
      permission: true,
      points: [],
      children: [{ slug: "source-points", permission: true, points: [point("lu-9-taiyuan", true)] }],
    },
  ],
  channels: {
    channels: [
      { slug: "lung-channel", permission: true },
      { slug: "stomach-channel", permission: false },
    ],
    vessels: [{ slug: "governing-vessel", permission: false }],
    extraPoints: { permission: false },
  },
  categories: [
    { slug: "source-points", permission: true },
    { slug: "sea-points", permission: false },
  ],
  bodyAreas: [{ slug: "hand", permission: true }],
  bookPages: [
    { slug: "channels", permission: true },
    { slug: "pro-page", permission: false },
  ],
  charts: { views: [{ id: "front" }, { id: "hand-lateral" }] },
}

describe("the learner's part kept offline", () => {
  it("lists each point the menus open once, and no locked one", () => {
    expect(openPoints(index.menus)).toEqual(["lu-1-zhongfu", "lu-9-taiyuan"])
  })

  it("plans the search's index and the open pages first, then the points, every one a content answer the worker keeps", () => {
    const planned = plannedAnswers(index)
    expect(planned).toEqual([
      { path: "/api/point-index", point: false },
      { path: "/api/channels/lung-channel", point: false },
      { path: "/api/categories/source-points", point: false },
      { path: "/api/body-area/hand", point: false },
      { path: "/api/pages/channels", point: false },
      { path: "/api/charts/front", point: false },
      { path: "/api/charts/hand-lateral", point: false },
      { path: "/api/point/lu-1-zhongfu", point: true },
      { path: "/api/point/lu-9-taiyuan", point: true },
    ])
    for (const { path } of [...planned, ...INDEX_ANSWERS.map((path) => ({ path }))])
      expect(isContentAnswer(path), path).toBe(true)
  })

  it("for Pro, adds the vessels and the extra points", () => {
    const pro = {
      ...index,
      channels: {
        ...index.channels,
        vessels: [{ slug: "governing-vessel", permission: true }],
        extraPoints: { permission: true },
      },
    }
    const paths = plannedAnswers(pro).map((answer) => answer.path)
    expect(paths).toContain("/api/vessels/governing-vessel")
    expect(paths).toContain("/api/extra-points")
  })

  it("reads the content version, language and plan from a content answer's ETag, in any coding", () => {
    expect(answerStamp('"AbC-12_x-en-standard-q1w2e3r4t5y6u7i8"')).toBe("AbC-12_x-en-standard")
    expect(answerStamp('W/"AbC-12_x-de-pro-q1w2e3r4t5y6u7i8-br"')).toBe("AbC-12_x-de-pro")
    // The charts' ETags name their bytes only.
    expect(answerStamp('"q1w2e3r4t5y6u7i8q1w2e3r4t5y6u7i"')).toBeNull()
    expect(answerStamp(null)).toBeNull()
  })

  it("skips a kept copy only when it is of the current version, language and plan", () => {
    const current = answerStamp('"v1v1v1v1-en-standard-menus"')
    expect(isCurrent('"v1v1v1v1-en-standard-point-gz"', current)).toBe(true)
    expect(isCurrent('"v0v0v0v0-en-standard-point"', current)).toBe(false)
    expect(isCurrent('"v1v1v1v1-en-pro-point"', current)).toBe(false)
    expect(isCurrent('"v1v1v1v1-de-standard-point"', current)).toBe(false)
    expect(isCurrent(null, current)).toBe(false)
    expect(isCurrent('"v1v1v1v1-en-standard-point"', null)).toBe(false)
  })

  it("knows when the copies were made for a plan that opened more than the learner's does now", () => {
    const standard = '"v1v1v1v1-en-standard-menus"'
    expect(openedMoreBefore('"v0v0v0v0-en-pro-point"', standard)).toBe(true)
    expect(openedMoreBefore('"v1v1v1v1-de-pro-point-br"', standard)).toBe(true)
    expect(openedMoreBefore('"v1v1v1v1-en-standard-point"', standard)).toBe(false)
    // Pro now opens more than Standard did: the copies are asked for again, one by one.
    expect(openedMoreBefore('"v1v1v1v1-en-standard-point"', '"v1v1v1v1-en-pro-menus"')).toBe(false)
    expect(openedMoreBefore(null, standard)).toBe(false)
    expect(openedMoreBefore('"q1w2e3r4t5y6u7i8"', standard)).toBe(false)
  })

  it("keeps the content unless turned off on this device, a setting sign-out keeps", () => {
    expect(keepsContent(undefined)).toBe(true)
    expect(keepsContent("on")).toBe(true)
    expect(keepsContent("off")).toBe(false)
    expect(isDeviceSettingKey(OFFLINE_SETTING_KEY)).toBe(true)
    expect(isDeviceSettingKey("jingluo.notes.draft")).toBe(false)
  })
})

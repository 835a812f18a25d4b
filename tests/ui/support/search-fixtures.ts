// Answers of the search calls for view and model tests: channel, point and field options (one
// locked channel), a keyword hit with a highlighted snippet, and the point search's LU-9.
import { HttpResponse, http } from "msw"
import type { KeywordHit, KeywordSearchResponse, PointSearchResponse } from "../../../src/domain/api/search-api.ts"
import { API, dashboard } from "./api-data.ts"

export const channelFields = [
  { slug: "lung-channel", title: "LU · Lung Channel of Hand Taiyin", permission: true },
  { slug: "stomach-channel", title: "ST · Stomach Channel of Foot Yangming", permission: false },
]
export const pointFields = [
  { slug: "indications", title: "Indications", permission: true },
  { slug: "commentary", title: "Commentary", permission: true },
]
export const lungPoints = [{ slug: "lu-9-taiyuan", title: "LU-9 Tàiyuān", permission: true }]

export const keywordHit = (overrides: Partial<KeywordHit> = {}): KeywordHit => ({
  slug: "lu-7-lieque",
  point: "LU-7",
  pinyin: "Lièquē",
  hanzi: "列缺",
  name: "Broken Sequence",
  channel: "LU",
  permission: true,
  exact: false,
  content: [
    {
      field: "indications",
      segments: [
        { text: "Headache", match: true },
        { text: " and stiff neck", match: false },
      ],
      clippedStart: false,
      clippedEnd: false,
    },
  ],
  ...overrides,
})

/** A page of results; `locked` counts the matches the caller may not open (the server lists them last). */
export const keywordAnswer = (
  results: ReadonlyArray<KeywordHit>,
  total = results.length,
  locked = results.filter((r) => !r.permission && !r.exact).length,
): KeywordSearchResponse => ({
  keyword: "headache",
  page: 1,
  pageSize: 10,
  total,
  locked,
  results,
})

export const pointAnswer: PointSearchResponse = {
  keyword: "lu9",
  mode: "name",
  total: 1,
  results: [
    {
      slug: "lu-9-taiyuan",
      point: "LU-9",
      pinyin: "Tàiyuān",
      hanzi: { traditional: "太淵", simplified: "太渊" },
      name: "Great Abyss",
      permission: true,
      exact: true,
      matched: { field: "code", segments: [{ text: "LU-9", match: true }] },
    },
  ],
}

/** The search screens' calls answered as they usually are. */
export const searchDefaults = () => [
  http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
  http.get(`${API}/api/channel-fields`, () => HttpResponse.json(channelFields)),
  http.get(`${API}/api/point-fields`, () => HttpResponse.json(pointFields)),
  http.get(`${API}/api/point-name-fields/:channel`, () => HttpResponse.json(lungPoints)),
  http.post(`${API}/api/keyword-search`, () => HttpResponse.json(keywordAnswer([keywordHit()]))),
  http.get(`${API}/api/suggestion/keyword-search`, () =>
    HttpResponse.json({ keyword: "cough", total: 1, locked: 0, results: [keywordHit()] }),
  ),
  http.post(`${API}/api/point-search`, () => HttpResponse.json(pointAnswer)),
  // The device keeps no copy of the all-points search's index unless a test gives it one.
  http.get(`${API}/api/point-index`, () => HttpResponse.error()),
]

/** The all-points search's index as a Standard learner's device keeps it: LU-9 open, ST-36 locked. */
export const pointIndex = [
  {
    code: "LU-9",
    altCodes: ["P9"],
    slug: "lu-9-taiyuan",
    pinyin: "Tàiyuān",
    hanzi: { traditional: "太淵", simplified: "太渊" },
    names: { en: "Great Abyss", de: "Großer Abgrund", es: "Gran Abismo" },
    permission: true,
  },
  {
    code: "ST-36",
    altCodes: ["E36"],
    slug: "st-36-zusanli",
    pinyin: "Zúsānlǐ",
    hanzi: { traditional: "足三里", simplified: "足三里" },
    names: { en: "Leg Three Miles", de: "Drei Meilen am Bein", es: "Tres Millas de la Pierna" },
    permission: false,
  },
]

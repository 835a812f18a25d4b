// Small served chart views and an index for the machine, view and model-based tests: a "front"
// view with the Lung channel on both sides (LU-1 … LU-4, the first two over the lung), two Large
// Intestine points and two Pro dots, and a "palm" view with LU-3 and LU-4 only. Shapes are the contract's.
import type { ChartIndex, ServedChart, ServedPoint } from "../../src/domain/charts/chart-views.ts"

const point = (
  code: string,
  pinyin: string,
  name: string,
  sites: ReadonlyArray<readonly [side: "left" | "right" | "midline", x: number, y: number]>,
): ServedPoint => ({
  code,
  slug: `${code.toLowerCase()}-${pinyin
    .normalize("NFD")
    .replace(/[^a-zA-Z]/g, "")
    .toLowerCase()}`,
  pinyin,
  name,
  location: `${name}: where ${code} lies, in words.`,
  locationLanguage: "en",
  group: code.split("-")[0]!,
  sites: sites.map(([side, x, y]) => ({ key: side === "midline" ? code : `${code}:${side}`, site: null, side, x, y })),
})

/** Both sides: the patient's right is drawn on the left of the picture. */
const both = (x: number, y: number) =>
  [
    ["right", 100 - x, y],
    ["left", 100 + x, y],
  ] as const

export const frontChart: ServedChart = {
  id: "body-front",
  title: "Whole body, front",
  description: "The whole body from the front, arms at the sides.",
  viewBox: [0, 0, 200, 400],
  nearSide: "right",
  art: [
    { kind: "outline", d: "M100 10C140 10 160 60 160 120L150 390L50 390L40 120C40 60 60 10 100 10Z" },
    { kind: "guide", d: "M100 20L100 380" },
  ],
  regions: [{ area: "chest", d: "M60 100L140 100L140 160L60 160Z" }],
  points: [
    { ...point("LU-1", "Zhōngfǔ", "Central Treasury", both(40, 100)), safety: { organs: ["lung and pleura"] } },
    { ...point("LU-2", "Yúnmén", "Cloud Gate", both(42, 90)), safety: { organs: ["lung and pleura"] } },
    point("LU-3", "Tiānfǔ", "Heavenly Storehouse", both(60, 150)),
    point("LU-4", "Xiábái", "Guarding White", both(62, 170)),
    point("LI-1", "Shāngyáng", "Metal Yang", both(80, 260)),
    point("LI-2", "Èrjiān", "Second Space", both(78, 250)),
  ],
  dots: [
    [100, 200],
    [100, 220],
  ],
  lockedPoints: 2,
  pathways: [
    { id: "LU", kind: "channel", side: "right", d: "M60 100L58 90L40 150L38 170", stops: ["LU-1:right", "LU-2:right"] },
    {
      id: "LU",
      kind: "channel",
      side: "left",
      d: "M140 100L142 90L160 150L162 170",
      stops: ["LU-1:left", "LU-2:left"],
    },
  ],
  groups: [
    { id: "LU", name: "Lung Channel" },
    { id: "LI", name: "Large Intestine Channel" },
  ],
}

export const palmChart: ServedChart = {
  id: "hand-palm",
  title: "Hand, palm",
  description: "The right hand and forearm, palm up.",
  viewBox: [0, 0, 100, 200],
  nearSide: "right",
  art: [{ kind: "outline", d: "M20 10L80 10L80 190L20 190Z" }],
  regions: [],
  points: [
    point("LU-3", "Tiānfǔ", "Heavenly Storehouse", [["right", 50, 150]]),
    point("LU-4", "Xiábái", "Guarding White", [["right", 52, 120]]),
  ],
  dots: [],
  lockedPoints: 0,
  pathways: [],
  groups: [{ id: "LU", name: "Lung Channel" }],
}

export const chartIndex: ChartIndex = {
  views: [
    { id: "body-front", title: "Whole body, front", points: 6, dots: 2 },
    { id: "hand-palm", title: "Hand, palm", points: 2, dots: 0 },
  ],
  points: {
    "LU-1": [{ view: "body-front", key: "LU-1:right" }],
    "LU-3": [
      { view: "hand-palm", key: "LU-3:right" },
      { view: "body-front", key: "LU-3:right" },
    ],
  },
  pathways: { LU: ["body-front", "hand-palm"] },
  areas: { chest: ["body-front"] },
}

export const chartsById: Record<string, ServedChart> = { "body-front": frontChart, "hand-palm": palmChart }

// The standard proportional measures (bone-proportional cun) the location texts rely on, keyed by
// the landmark names the chart files use. A frame whose stations or width name such a pair must
// give it exactly this many cun; the content tests check every view against this table.

export interface ProportionalMeasure {
  /** Two landmark names, or one landmark and its mirror image (`mirrored`). */
  readonly from: string
  readonly to: string | "mirrored"
  readonly cun: number
  readonly what: string
}

export const PROPORTIONAL_CUN: ReadonlyArray<ProportionalMeasure> = [
  { from: "hairline-front", to: "hairline-back", cun: 12, what: "anterior to posterior hairline over the vertex" },
  { from: "glabella", to: "hairline-mid", cun: 3, what: "glabella to the anterior hairline" },
  { from: "glabella", to: "hairline-front", cun: 3, what: "glabella to the anterior hairline" },
  { from: "hairline-back", to: "c7", cun: 3, what: "posterior hairline to the spinous process of C7" },
  { from: "frontal-angle", to: "mirrored", cun: 9, what: "between the two frontal angles of the hairline (ST-8)" },
  { from: "mastoid", to: "mirrored", cun: 9, what: "between the two mastoid processes" },
  { from: "suprasternal", to: "xiphisternal", cun: 9, what: "suprasternal notch to the sternocostal angle" },
  { from: "xiphisternal", to: "umbilicus", cun: 8, what: "sternocostal angle to the centre of the umbilicus" },
  {
    from: "umbilicus",
    to: "pubis",
    cun: 5,
    what: "centre of the umbilicus to the upper border of the pubic symphysis",
  },
  { from: "nipple", to: "mirrored", cun: 8, what: "between the nipples" },
  { from: "axilla", to: "rib11-tip", cun: 12, what: "apex of the axilla to the free end of the 11th rib" },
  { from: "rib11-tip", to: "greater-trochanter", cun: 9, what: "free end of the 11th rib to the greater trochanter" },
  { from: "scapula-medial-border", to: "mirrored", cun: 6, what: "between the medial borders of the scapulae" },
  { from: "arm-fold-level", to: "elbow-crease", cun: 9, what: "anterior axillary fold to the cubital crease" },
  { from: "posterior-fold-level", to: "olecranon", cun: 9, what: "posterior axillary fold to the tip of the elbow" },
  { from: "elbow-crease", to: "wrist-crease", cun: 12, what: "cubital crease to the palmar wrist crease" },
  { from: "olecranon", to: "wrist-crease-dorsal", cun: 12, what: "tip of the elbow to the dorsal wrist crease" },
  {
    from: "thigh-top",
    to: "patella-base",
    cun: 18,
    what: "upper border of the pubic symphysis to the base of the patella",
  },
  { from: "greater-trochanter", to: "knee-line", cun: 19, what: "greater trochanter to the popliteal crease (knee)" },
  { from: "gluteal-fold", to: "popliteal-crease", cun: 14, what: "gluteal fold to the popliteal crease" },
  {
    from: "knee-line",
    to: "ankle-line",
    cun: 16,
    what: "popliteal crease (knee) to the prominence of the lateral malleolus",
  },
  {
    from: "popliteal-crease",
    to: "ankle-line",
    cun: 16,
    what: "popliteal crease to the prominence of the lateral malleolus",
  },
  {
    from: "medial-condyle-lower",
    to: "medial-malleolus",
    cun: 13,
    what: "lower border of the medial condyle of the tibia to the prominence of the medial malleolus",
  },
  { from: "malleolus-lateral", to: "sole", cun: 3, what: "prominence of the lateral malleolus to the sole" },
  {
    from: "middle-pip-crease",
    to: "middle-dip-crease",
    cun: 1,
    what: "middle-finger cun: between the creases at the two ends of the middle finger's middle phalanx",
  },
  {
    from: "index-pip-radial",
    to: "little-pip-ulnar",
    cun: 3,
    what: "four fingers held together, measured across the middle finger's middle joint",
  },
]

/** The standard measure between two landmarks (in either order), if there is one. */
export const standardMeasure = (a: string, b: string): ProportionalMeasure | undefined =>
  PROPORTIONAL_CUN.find((m) => (m.from === a && m.to === b) || (m.from === b && m.to === a))

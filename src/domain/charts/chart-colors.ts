// The colours of the channels and vessels on the charts and in the videos: one calm, dark hue per channel (each at
// least 4.5:1 on white, so a dot and its course read on the paper), slate for the Ren and Du
// channels, brown for extra points. Forced-colours mode replaces them all (charts.css).

const CHANNEL_COLORS: Readonly<Record<string, string>> = {
  LU: "#8a5d00",
  LI: "#6f6400",
  ST: "#b0271f",
  SP: "#b35300",
  HT: "#ad1457",
  SI: "#8e2466",
  BL: "#1d4f9c",
  KI: "#303f9f",
  PC: "#7b2fa8",
  TE: "#5e35a1",
  GB: "#2e7031",
  LR: "#00695c",
  CV: "#455a64",
  GV: "#455a64",
}

const VESSEL_COLORS: Readonly<Record<string, string>> = {
  chong: "#ad1457",
  ren: "#3949ab",
  du: "#6d4c41",
  dai: "#00796b",
  "yin-qiao": "#8e24aa",
  "yang-qiao": "#bf360c",
  "yin-wei": "#1565c0",
  "yang-wei": "#558b2f",
}

const EXTRA_COLOR = "#6b4a35"

/** The colour of a point group ("LU", "EX-HN") or a pathway ("ST", "ren"). */
export const groupColor = (group: string): string =>
  CHANNEL_COLORS[group] ?? VESSEL_COLORS[group] ?? (group.startsWith("EX") ? EXTRA_COLOR : "#455a64")

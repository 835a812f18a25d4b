// Types of the two font tools `npm run fonts` and the font coverage test use (they ship none).
declare module "subset-font" {
  const subsetFont: (
    font: Uint8Array,
    text: string,
    options?: { readonly targetFormat?: "woff2" | "woff" | "sfnt" | "truetype" },
  ) => Promise<Buffer>
  export default subsetFont
}
declare module "fontverter" {
  const fontverter: {
    readonly convert: (font: Uint8Array, to: "woff2" | "woff" | "sfnt" | "truetype") => Promise<Buffer>
  }
  export default fontverter
}

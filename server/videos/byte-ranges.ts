// One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14): the first range only
// (players ask for one), `a-b`, `a-` and the suffix `-n`. Unsatisfiable ranges answer 416; a header
// that is not a byte range is ignored and the whole file is sent.
export type RangeAnswer =
  | { readonly _tag: "Whole" }
  | { readonly _tag: "Part"; readonly start: number; readonly end: number }
  | { readonly _tag: "Unsatisfiable" }

export const parseRange = (header: string | undefined, size: number): RangeAnswer => {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*(?:,.*)?$/.exec(header ?? "")
  if (!match) return { _tag: "Whole" }
  const [, from = "", to = ""] = match
  if (from === "" && to === "") return { _tag: "Whole" }
  if (from === "") {
    const suffix = Number(to)
    if (suffix === 0 || size === 0) return { _tag: "Unsatisfiable" }
    return { _tag: "Part", start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1)
  if (start >= size || end < start) return { _tag: "Unsatisfiable" }
  return { _tag: "Part", start, end }
}

// Lookups shared by the content tests. Each test file loads the content once itself and passes it in.
import type { Content } from "../../server/content/load-content.ts"
import type { ChannelCode, Point } from "../../src/domain/content/content-schema.ts"

/** The 361 points of the fourteen channels, in channel order. */
export const standardPoints = (content: Content): ReadonlyArray<Point> => content.channels.flatMap((c) => c.points)

/** Standard points followed by the extra points. */
export const allPoints = (content: Content): ReadonlyArray<Point> => [
  ...standardPoints(content),
  ...content.extraPoints,
]

/** "LU-9" → "LU"; "EX-HN3" → "EX". */
export const channelOfCode = (code: string): string => code.slice(0, code.indexOf("-"))

export const pointIndex = (content: Content): ReadonlyMap<string, Point> =>
  new Map(allPoints(content).map((p) => [p.code, p]))

export const getPoint = (content: Content, code: string): Point => {
  const point = allPoints(content).find((p) => p.code === code)
  if (!point) throw new Error(`no point ${code}`)
  return point
}

export const getChannel = (content: Content, code: ChannelCode) => {
  const channel = content.channels.find((c) => c.code === code)
  if (!channel) throw new Error(`no channel ${code}`)
  return channel
}

export const getCategory = (content: Content, id: string) => {
  const category = content.categories.find((c) => c.id === id)
  if (!category) throw new Error(`no category ${id}`)
  return category
}

export const getVessel = (content: Content, id: string) => {
  const vessel = content.vessels.find((v) => v.id === id)
  if (!vessel) throw new Error(`no vessel ${id}`)
  return vessel
}

/** Codes of a category's members, in file order. */
export const memberCodes = (content: Content, id: string): ReadonlyArray<string> =>
  getCategory(content, id).members.map((m) => m.point)

/** The member entry of `code` in category `id`, or undefined. */
export const memberOf = (content: Content, id: string, code: string) =>
  getCategory(content, id).members.find((m) => m.point === code)

/** Values that occur more than once. */
export const duplicates = <A>(values: ReadonlyArray<A>): ReadonlyArray<A> => {
  const seen = new Set<A>()
  const repeated = new Set<A>()
  for (const v of values) {
    if (seen.has(v)) repeated.add(v)
    seen.add(v)
  }
  return [...repeated]
}

/** Every string in a decoded value with the path leading to it. */
export const collectStrings = (value: unknown, path = ""): ReadonlyArray<readonly [string, string]> => {
  if (typeof value === "string") return [[path, value]]
  if (Array.isArray(value)) return value.flatMap((v, i) => collectStrings(v, `${path}[${i}]`))
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => collectStrings(v, path ? `${path}.${k}` : k))
  return []
}

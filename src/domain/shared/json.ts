// Reading back JSON the app wrote itself (a cookie, a local storage entry) where the app reads it at
// its start, before any Schema has loaded: a text that is not JSON, or not an object, is nothing.

/** The value a JSON text holds, or undefined when it is not JSON. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** An object of JSON (not an array, not null), its members not yet known. */
export const isJsonObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

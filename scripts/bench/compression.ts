// What goes over the wire when the client says it takes brotli and gzip, read with node:http so
// the bytes are counted as sent (fetch would decompress them behind our back).
import { request } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"

export interface WireAnswer {
  readonly path: string
  readonly status: number
  readonly encoding: string
  readonly wire: number
  readonly decoded: number
  readonly vary: string
  readonly cacheControl: string
}

export const fetchRaw = (
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; rawHeaders: Array<string>; body: Buffer }> =>
  new Promise((done, fail) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      )
      res.on("error", fail)
    })
    req.on("error", fail)
    req.end()
  })

export const header = (rawHeaders: ReadonlyArray<string>, name: string) => {
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]!.toLowerCase() === name) return rawHeaders[i + 1] ?? ""
  return undefined
}

export const wireAnswer = async (base: string, path: string, accept: string): Promise<WireAnswer> => {
  const answer = await fetchRaw(base, path, { "accept-encoding": "br, gzip", accept })
  const encoding = header(answer.rawHeaders, "content-encoding") ?? "none"
  const decoded =
    encoding === "br"
      ? brotliDecompressSync(answer.body).length
      : encoding === "gzip"
        ? gunzipSync(answer.body).length
        : answer.body.length
  return {
    path,
    status: answer.status,
    encoding,
    wire: answer.body.length,
    decoded,
    vary: header(answer.rawHeaders, "vary") ?? "—",
    cacheControl: header(answer.rawHeaders, "cache-control") ?? "—",
  }
}

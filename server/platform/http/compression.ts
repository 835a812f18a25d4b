// Content coding for answers: which coding a client takes (brotli first, then gzip, else none, from
// its Accept-Encoding), and the codings at the costs they are paid at. Build output is compressed
// once at the highest setting; a cached content answer once per content version off the main
// thread at brotli 9 (brotli 10–11 cost 15× the time for ~10% fewer bytes, too much while serving);
// a JSON answer made per request on the spot at a setting that costs about a millisecond.
import { promisify } from "node:util"
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib"

export type Coding = "br" | "gzip" | "identity"

/** Answers smaller than this go out as they are: a coding saves less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024

/**
 * The coding to send among those on offer, by the client's Accept-Encoding: the highest q-value,
 * brotli before gzip at the same value, identity when neither is taken (q=0 refuses a coding).
 */
export const negotiateCoding = (
  acceptEncoding: string | undefined,
  offered: ReadonlyArray<"br" | "gzip"> = ["br", "gzip"],
): Coding => {
  if (acceptEncoding === undefined || acceptEncoding === "") return "identity"
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";")
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const weight = q === undefined ? 1 : Number(q)
    if (name.trim() !== "") weights.set(name.trim(), Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (coding: string) =>
    weights.get(coding) ?? (coding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*") ?? 0
  const br = offered.includes("br") ? weightOf("br") : 0
  const gz = offered.includes("gzip") ? weightOf("gzip") : 0
  if (br > 0 && br >= gz) return "br"
  if (gz > 0) return "gzip"
  return "identity"
}

/**
 * Brotli's window fitted to the input: an encoder's memory grows with its window (the default 4 MB
 * window costs tens of MB per encoder at high quality), and a window larger than the input gains nothing.
 */
const brotliOptions = (quality: number, size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(
      constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(constants.BROTLI_MIN_WINDOW_BITS + 6, Math.ceil(Math.log2(Math.max(size, 1)))),
    ),
  },
})

/** Highest compression, for bytes compressed once at build time and sent many times. */
export const compressOnce = {
  br: (body: Uint8Array) => brotliCompressSync(body, brotliOptions(constants.BROTLI_MAX_QUALITY, body.length)),
  gzip: (body: Uint8Array) => gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** For cached answers: once per content version, off the main thread (zlib's thread pool). */
export const compressCached = {
  br: (body: Uint8Array): Promise<Uint8Array> => brotliAsync(body, brotliOptions(9, body.length)),
  gzip: (body: Uint8Array): Promise<Uint8Array> => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
}

/** Fast settings for an answer made per request: brotli 4 and gzip 6 take ~1 ms for 40 kB of JSON. */
export const compressPerRequest = {
  br: (body: Uint8Array) => brotliCompressSync(body, brotliOptions(4, body.length)),
  gzip: (body: Uint8Array) => gzipSync(body, { level: 6 }),
}

/** Whether an If-None-Match header names one of the given entity tags (weak or strong, or `*`). */
export const matchesEtag = (ifNoneMatch: string | undefined, etags: ReadonlyArray<string>) => {
  if (ifNoneMatch === undefined) return false
  const wanted = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""))
  return wanted.includes("*") || wanted.some((tag) => etags.includes(tag))
}

/** Adds a token to a Vary header value without repeating it. */
export const varyWith = (current: string | undefined, ...names: ReadonlyArray<string>) => {
  const present = (current ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
  for (const name of names) if (!present.some((p) => p.toLowerCase() === name.toLowerCase())) present.push(name)
  return present.join(", ")
}

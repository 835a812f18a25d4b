// Content answers against the floor: autocannon at 50 connections on one content endpoint of the
// real server, then, in the same run, on a bare node:http server (a child process, like the real
// one) that sends the very same status, headers and bytes. Then a CPU profile of the real server
// under the same load says where its time goes.
import { type ChildProcess, fork } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import autocannon from "autocannon"
import { fetchRaw, header } from "./compression.ts"
import { sleep } from "./util.ts"

/** What a browser's fetch of a content answer sends (the app asks for JSON; browsers take br and gzip). */
export const CONTENT_REQUEST_HEADERS = {
  accept: "application/json",
  "accept-encoding": "br, gzip",
  "accept-language": "en",
}

/** What a browser sends for a page it navigates to, taking brotli only: the drawn page's brotli copy is the one measured. */
export const PAGE_REQUEST_HEADERS = {
  accept: "text/html",
  "accept-encoding": "br",
  "accept-language": "en",
}

export interface LoadResult {
  readonly requestsPerSecond: number
  readonly p50: number
  readonly p99: number
  readonly total: number
  readonly non2xx: number
  readonly errors: number
}

export const load = async (
  url: string,
  seconds: number,
  connections = 50,
  headers: Record<string, string> = CONTENT_REQUEST_HEADERS,
): Promise<LoadResult> => {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

// Node writes these itself on every answer; the bare server lets it, as the real one does.
const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"])

export interface RecordedAnswer {
  readonly status: number
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly body: Buffer
  readonly chunked: boolean
}

export const recordAnswer = async (
  base: string,
  path: string,
  requestHeaders: Record<string, string> = CONTENT_REQUEST_HEADERS,
): Promise<RecordedAnswer> => {
  const answer = await fetchRaw(base, path, requestHeaders)
  const headers: Array<readonly [string, string]> = []
  for (let i = 0; i < answer.rawHeaders.length; i += 2)
    if (!HOP_HEADERS.has(answer.rawHeaders[i]!.toLowerCase()))
      headers.push([answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!])
  const chunked = (header(answer.rawHeaders, "transfer-encoding") ?? "").toLowerCase().includes("chunked")
  return { status: answer.status, headers, body: answer.body, chunked }
}

export const startBareServer = async (answer: RecordedAnswer): Promise<{ base: string; stop: () => void }> => {
  const child: ChildProcess = fork(join(import.meta.dirname, "bare-server.ts"), [], { stdio: "ignore" })
  const port = await new Promise<number>((done, fail) => {
    child.once("message", (message: { port: number }) => done(message.port))
    child.once("exit", () => fail(new Error("the bare server exited")))
    child.send({
      status: answer.status,
      headers: answer.headers,
      bodyBase64: answer.body.toString("base64"),
      chunked: answer.chunked,
    })
  })
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") }
}

/** Whether the bare server's answer has the same status, headers (but Date) and body bytes. */
export const sameAnswer = async (
  bareBase: string,
  path: string,
  recorded: RecordedAnswer,
  requestHeaders: Record<string, string> = CONTENT_REQUEST_HEADERS,
) => {
  const bare = await recordAnswer(bareBase, path, requestHeaders)
  const list = (h: ReadonlyArray<readonly [string, string]>) => JSON.stringify(h.map(([k, v]) => [k.toLowerCase(), v]))
  return (
    bare.status === recorded.status && list(bare.headers) === list(recorded.headers) && bare.body.equals(recorded.body)
  )
}

// --- CPU profile -------------------------------------------------------------------------------

interface ProfileNode {
  readonly id: number
  readonly callFrame: { functionName: string; url: string; lineNumber: number }
  readonly hitCount?: number
}

interface CpuProfile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly startTime: number
  readonly endTime: number
  readonly samples: ReadonlyArray<number>
}

export interface ProfileSummary {
  readonly seconds: number
  /** Share of the samples in which the server thread did nothing (waiting for I/O). */
  readonly idleShare: number
  readonly gcShare: number
  readonly topFunctions: ReadonlyArray<{ name: string; where: string; share: number }>
  readonly topFiles: ReadonlyArray<{ where: string; share: number }>
  /** Self time by layer of the stack (every sample counted, not only the top 10). */
  readonly layers: ReadonlyArray<{ layer: string; share: number }>
}

/** The layer of the stack a place belongs to, for the finding the bench prints. */
export const layerOf = (place: string): string => {
  if (place === "(garbage collector)") return "garbage collection"
  if (place === "(program)") return "V8 outside JS (program)"
  if (place.startsWith("WebAssembly") || place.startsWith("@electric-sql/")) return "PGlite (database)"
  if (place === "effect" || place.startsWith("effect/") || place.startsWith("@effect/"))
    return "Effect (runtime, router, HttpApi, middleware)"
  if (place.startsWith("node:") || place.startsWith("(")) return "Node (http parser, sockets, zlib, native)"
  if (place.startsWith("server/") || place.startsWith("src/")) return "Jingluo code (server/, src/domain)"
  return `other packages`
}

/** A file as a reader looks for it: the package it belongs to, or its path in the project. */
const placeOf = (root: string, url: string) => {
  if (url === "") return "(native / V8)"
  if (url.startsWith("wasm://")) return "WebAssembly (PGlite's Postgres)"
  if (url.startsWith("node:")) return url
  const path = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url
  const modules = path.lastIndexOf("/node_modules/")
  if (modules >= 0) {
    const parts = path.slice(modules + "/node_modules/".length).split("/")
    const pkg = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!
    const rest = parts.slice(pkg.includes("/") ? 2 : 1).join("/")
    return `${pkg}/${rest}`
  }
  return path.startsWith(root) ? relative(root, path) : path
}

const packageOf = (place: string) => {
  if (!place.includes("/") || place.startsWith("node:") || place.startsWith("(") || place.startsWith("WebAssembly"))
    return place
  const parts = place.split("/")
  if (place.startsWith("@")) return `${parts[0]}/${parts[1]}`
  if (["server", "src", "scripts"].includes(parts[0]!)) return place
  return parts[0]!
}

export const summariseProfile = (root: string, profile: CpuProfile): ProfileSummary => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const hits = new Map<number, number>()
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1)
  const total = profile.samples.length || 1
  let idle = 0
  let gc = 0
  const functions = new Map<string, { name: string; where: string; count: number }>()
  const files = new Map<string, number>()
  for (const [id, count] of hits) {
    const frame = byId.get(id)?.callFrame
    if (frame === undefined) continue
    if (frame.functionName === "(idle)") {
      idle += count
      continue
    }
    if (frame.functionName === "(garbage collector)") gc += count
    const place = placeOf(root, frame.url)
    const name = frame.functionName || "(anonymous)"
    const where = frame.url === "" ? place : `${place}:${frame.lineNumber + 1}`
    const key = `${name}@${where}`
    const entry = functions.get(key) ?? { name, where, count: 0 }
    entry.count += count
    functions.set(key, entry)
    const pkg = frame.url === "" ? (name.startsWith("(") ? name : place) : packageOf(place)
    files.set(pkg, (files.get(pkg) ?? 0) + count)
  }
  const layers = new Map<string, number>()
  for (const [pkg, count] of files) layers.set(layerOf(pkg), (layers.get(layerOf(pkg)) ?? 0) + count)
  return {
    seconds: (profile.endTime - profile.startTime) / 1e6,
    idleShare: idle / total,
    gcShare: gc / total,
    topFunctions: [...functions.values()]
      .sort((a, b) => b.count - a.count)
      .slice(0, 10)
      .map((f) => ({ name: f.name, where: f.where, share: f.count / total })),
    topFiles: [...files.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([where, count]) => ({ where, share: count / total })),
    layers: [...layers.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([layer, count]) => ({ layer, share: count / total })),
  }
}

const waitForFile = async (path: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear within ${timeoutMs / 1000} s`)
    await sleep(50)
  }
}

/** Profiles the server (started with profile-hook.ts) while autocannon loads `url`. */
export const profileUnderLoad = async (
  root: string,
  pid: number,
  profilePath: string,
  url: string,
  seconds: number,
) => {
  process.kill(pid, "SIGUSR2")
  await waitForFile(`${profilePath}.started`, 10_000)
  const result = await load(url, seconds)
  process.kill(pid, "SIGUSR2")
  await waitForFile(profilePath, 30_000)
  const profile = JSON.parse(readFileSync(profilePath, "utf8")) as CpuProfile
  return { result, summary: summariseProfile(root, profile) }
}

/**
 * The profile read in one sentence: which layer the answer's time goes to. A content answer is sent
 * from memory (server/content/content-cache.ts), so what is left is the HTTP stack per request.
 */
export const profileFinding = (summary: ProfileSummary): string => {
  const share = (layer: string) =>
    summary.layers.filter((l) => l.layer.startsWith(layer)).reduce((sum, l) => sum + l.share, 0)
  const pct = (n: number) => `${(n * 100).toFixed(0)}%`
  const [top] = summary.layers
  if (top === undefined) return "no samples"
  const database = share("PGlite")
  const ours = share("Jingluo")
  return [
    `${top.layer} takes the largest share (${pct(top.share)} of the samples).`,
    database < 0.02
      ? `The database is out of the path (PGlite ${pct(database)}): the answer comes from memory.`
      : `PGlite still takes ${pct(database)}: something on the path asks the database.`,
    `Jingluo's own code is ${pct(ours)}; Effect's per-request work (router, HttpApi decoding, middleware, fibers) is ${pct(share("Effect"))}, Node's HTTP and socket writes ${pct(share("Node"))}, garbage collection ${pct(share("garbage"))}.`,
  ].join(" ")
}

/**
 * The first drawing of each page, one after another (no page asked before, so no kept document and
 * usually no kept content answer): the time from sending the request to the last byte, brotli
 * included, as a first visitor waits for it. Each answer must be a drawn page (its data embedded).
 */
export const coldDraws = async (base: string, paths: ReadonlyArray<string>): Promise<Array<number>> => {
  const times: Array<number> = []
  for (const path of paths) {
    const started = performance.now()
    const answer = await fetchRaw(base, path, PAGE_REQUEST_HEADERS)
    times.push(performance.now() - started)
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
    if (header(answer.rawHeaders, "etag")?.startsWith('"p-') !== true) throw new Error(`${path} was not drawn`)
  }
  return times
}

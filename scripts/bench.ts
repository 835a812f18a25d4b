// `npm run bench`: measures what tests must not time, on the built app served by the real server
// (`server/main.ts`, fresh embedded database): the JS and CSS each route group downloads,
// compression on the wire, Lighthouse's mobile performance, content answers against a bare Node
// server sending the same bytes (and a CPU profile of where the time goes), server memory idle and
// under 200 simulated learners, cold start and single-call latency. Prints detail sections, then
// one table of what | measured | goal | met?. It measures only: a missed goal never fails it.
// `npm run bench -- charts search` runs only the named sections (after the build and the server):
// routes, compression, lighthouse, startup, latency, search, throughput, memory, charts.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { MAX_VIEW_GZIP_BYTES } from "../src/domain/charts/chart-ids.ts"
import { type Account, createAccount, jsonPost } from "./bench/accounts.ts"
import { measureChartDraws, measureChartSizes } from "./bench/charts.ts"
import { fetchRaw, header, wireAnswer } from "./bench/compression.ts"
import { formatSpread, rootHeading, spread } from "./bench/documents.ts"
import { measureLatency } from "./bench/latency.ts"
import { readCatalogue, runLearners } from "./bench/learners.ts"
import { runLighthouse } from "./bench/lighthouse.ts"
import {
  indexReferences,
  jsBeforeUsable,
  measureRoutes,
  printRouteLoads,
  printScriptParts,
  scriptParts,
} from "./bench/route-js.ts"
import { type RunningServer, startServer } from "./bench/server.ts"
import { profileStartup } from "./bench/startup.ts"
import {
  coldDraws,
  load,
  PAGE_REQUEST_HEADERS,
  profileFinding,
  profileUnderLoad,
  recordAnswer,
  sameAnswer,
  startBareServer,
} from "./bench/throughput.ts"
import {
  heading,
  kb,
  mb,
  ms,
  percentile,
  printTable,
  processMemory,
  type Row,
  row,
  section,
  sleep,
} from "./bench/util.ts"

const root = resolve(import.meta.dirname, "..")
const distDir = join(root, "dist")
const rows: Array<Row> = []
const benchStarted = performance.now()

const JS_GOAL_BYTES = 150_000
const ROUTE_GROUPS = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "point", path: "/point/lu-9-taiyuan" },
  { name: "channel", path: "/book/pages/channels/lung-channel" },
  { name: "pricing", path: "/pricing" },
]
/** The four pages of the first-visit goals: Lighthouse, the JS before usable, the text in the HTML. */
const LIGHTHOUSE_PAGES = [
  { name: "home", path: "/" },
  { name: "point", path: "/point/lu-9-taiyuan" },
  { name: "login", path: "/login" },
  { name: "channels", path: "/book/pages/channels" },
]
/** Each Lighthouse page is measured this many times; rows print min–median–max and judge the median. */
const LIGHTHOUSE_ROUNDS = 3
/** The figures before the server drew the first page (all four pages, npm run bench on this machine). */
const BEFORE_DRAWN = {
  js: "297–316 kB",
  score: "0.65–0.84",
  lcp: "2.9–3.4 s",
  tbt: "550–1000 ms",
  cls: "≤ 0.02",
}
const JS_BEFORE_USABLE_GOAL_BYTES = 200_000
/** Pages whose `<h1>` must be in the HTML: the four above, a channel page and a locked point. */
const HEADING_PAGES = [
  ...LIGHTHOUSE_PAGES.map((p) => p.path),
  "/book/pages/channels/lung-channel",
  "/point/st-36-zusanli",
]
const DRAWN_PATH = "/point/lu-9-taiyuan"
const DRAWN_RUNS = 3
const DRAWN_GOAL_RPS = 1000
const DRAWN_GOAL_P99_MS = 50
/** How many point pages the cold-drawing row draws, each once. */
const COLD_DRAWS = 30
const CONTENT_PATH = "/api/point/lu-9-taiyuan"
const LEARNERS = 200
const LEARNER_SECONDS = 20
/** Drawing a view with all its points (issue 15). */
const CHART_DRAW_GOAL_MS = 16

const SECTIONS = [
  "routes",
  "first-page",
  "compression",
  "lighthouse",
  "startup",
  "latency",
  "search",
  "throughput",
  "drawing",
  "memory",
  "charts",
] as const
type SectionName = (typeof SECTIONS)[number]
const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"))
const unknown = asked.filter((a) => !(SECTIONS as ReadonlyArray<string>).includes(a))
if (unknown.length > 0) {
  console.error(`Unknown bench section ${unknown.join(", ")}; the sections are: ${SECTIONS.join(", ")}.`)
  process.exit(2)
}
/** Whether a section runs: all of them without arguments, else those named. */
const wanted = (name: SectionName) => asked.length === 0 || asked.includes(name)

// 1. The production build, as `npm start` serves it.
heading("Build (npm run build)")
const npm = process.env.npm_execpath
const build = spawnSync(npm ? process.execPath : "npm", [...(npm ? [npm] : []), "run", "--silent", "build"], {
  cwd: root,
  stdio: "inherit",
})
if (build.status !== 0) {
  console.error("The build failed: there is nothing to measure.")
  process.exit(1)
}

// 2. The real server on a fresh data directory. The profile hook stays idle until the CPU profile.
const dataDir = mkdtempSync(join(tmpdir(), "jingluo-bench-"))
const scratch = mkdtempSync(join(tmpdir(), "jingluo-bench-profile-"))
const profilePath = join(scratch, "server.cpuprofile")
const cleanUp = () => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
}
process.once("exit", cleanUp)

let server: RunningServer
heading("Cold start and idle memory")
try {
  server = await startServer(root, dataDir, {
    nodeArgs: ["--import", join(root, "scripts", "bench", "profile-hook.ts")],
    env: { BENCH_CPU_PROFILE: profilePath },
  })
} catch (error) {
  console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`)
  cleanUp()
  process.exit(1)
}
const base = server.base
console.log(`  cold start (migrations + full content seed, fresh PGlite): ${ms(server.startMs)}`)
rows.push(row("cold start: migrate + seed, fresh PGlite", `${(server.startMs / 1000).toFixed(1)} s`))
// Idle: nothing has asked anything yet; a few seconds let the seed's garbage be collected.
await sleep(5000)
const idle = processMemory(server.pid)
if (idle !== undefined) {
  console.log(`  RSS idle after seed: ${mb(idle.rss)} (VmRSS); peak so far ${mb(idle.hwm)} (VmHWM, during the seed)`)
  rows.push(row("server RSS idle after seed", mb(idle.rss), "≤ 400 MB", (idle.rss * 1024) / 1e6 <= 400))
}

// Accounts for the signed-in rows: free members and Pro members, made as a person makes them.
const accounts = await section("Bench accounts", rows, async () => {
  const free: Array<Account> = []
  const pro: Array<Account> = []
  for (let i = 0; i < 3; i++) free.push(await createAccount(base, dataDir, `bench-free-${i}@example.com`, false))
  for (let i = 0; i < 2; i++) pro.push(await createAccount(base, dataDir, `bench-pro-${i}@example.com`, true))
  console.log(`  ${free.length} free and ${pro.length} Pro accounts, signed in`)
  return { free, pro }
})

// 3. JS and CSS per route group, as Chromium downloads them.
if (wanted("routes"))
  await section("JS and CSS per route (Chromium, cold cache)", rows, async () => {
    const loads = await measureRoutes(base, ROUTE_GROUPS)
    printRouteLoads(loads)
    console.log("  what those scripts are made of (source maps; each part gzipped on its own):")
    const shares = loads.map((l) => {
      console.log(`    ${l.route.path}`)
      return printScriptParts(scriptParts(distDir, l))
    })
    for (const l of loads)
      rows.push(
        row(
          `JS for ${l.route.path}`,
          `${kb(l.js.gzip)} gzip · ${kb(l.js.raw)} raw · ${kb(l.js.wire)} wire · CSS ${kb(l.css.gzip)} gzip`,
          "≤ 150 kB gzip",
          l.js.gzip <= JS_GOAL_BYTES,
        ),
      )
    // The floor the goal meets: what the libraries alone weigh on the smallest route.
    const floor = Math.min(...shares.map((s) => s.libraries))
    rows.push(row("libraries in the smallest route's JS", `${kb(floor)} gzip`))
    const index = indexReferences(distDir)
    console.log("  referenced by dist/index.html:")
    for (const f of index.files)
      console.log(`      ${f.path.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`)
    rows.push(
      row(
        "JS referenced by index.html",
        `${kb(index.js.gzip)} gzip · ${kb(index.js.raw)} raw · CSS ${kb(index.css.gzip)} gzip`,
        "≤ 150 kB gzip",
        index.js.gzip <= JS_GOAL_BYTES,
      ),
    )
  })

// 3b. The first page as the server sends it, before any script runs: the JS its document makes the
// browser fetch and run before the page is usable, and whether its heading is already in `#root`.
if (wanted("first-page"))
  await section("The first page's HTML (Accept: text/html, before any script runs)", rows, async () => {
    const documentOf = async (path: string) => {
      const answer = await fetchRaw(base, path, { accept: "text/html", "accept-language": "en" })
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
      return answer.body.toString("utf8")
    }
    console.log("  JS before usable: the module entry, every modulepreload and their static imports, gzip (zlib):")
    for (const { path } of LIGHTHOUSE_PAGES) {
      const js = jsBeforeUsable(distDir, await documentOf(path))
      console.log(`    ${path}: ${kb(js.gzip)} gzip, ${kb(js.raw)} raw, ${js.files.length} scripts`)
      for (const f of [...js.files].sort((a, b) => b.gzip - a.gzip))
        console.log(`        ${f.path.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`)
      rows.push(
        row(
          `JS before usable: ${path}`,
          `${kb(js.gzip)} gzip (${js.files.length} scripts)`,
          `≤ ${JS_BEFORE_USABLE_GOAL_BYTES / 1000} kB, aim 150 (before ${BEFORE_DRAWN.js})`,
          js.gzip <= JS_BEFORE_USABLE_GOAL_BYTES,
        ),
      )
    }
    console.log("  the page's <h1> inside #root as sent:")
    for (const path of HEADING_PAGES) {
      const text = rootHeading(await documentOf(path))
      console.log(`    ${path.padEnd(40)} ${text === undefined ? "none" : `"${text.slice(0, 60)}"`}`)
      rows.push(
        row(`text in the HTML: ${path}`, text === undefined ? "no" : "yes", "yes (before no)", text !== undefined),
      )
    }
  })

// 4. Compression on the wire for a client that takes brotli and gzip.
if (wanted("compression"))
  await section("Compression (Accept-Encoding: br, gzip)", rows, async () => {
    const index = indexReferences(distDir)
    const mainJs = [...index.files].filter((f) => !f.css).sort((a, b) => b.raw - a.raw)[0]
    if (mainJs === undefined) throw new Error("dist/index.html references no script")
    const answers = [
      { label: `main JS (${mainJs.path})`, answer: await wireAnswer(base, mainJs.path, "*/*") },
      { label: "/api/channel-menus", answer: await wireAnswer(base, "/api/channel-menus", "application/json") },
    ]
    const shell = await wireAnswer(base, "/", "text/html")
    for (const { label, answer } of [...answers, { label: "index.html", answer: shell }])
      console.log(
        `  ${label.padEnd(42)} ${String(answer.status)} ${answer.encoding.padEnd(5)} ${kb(answer.wire).padStart(10)} on the wire, ${kb(answer.decoded).padStart(10)} decoded; Vary: ${answer.vary}; Cache-Control: ${answer.cacheControl}`,
      )
    // Content answers and index.html are meant to revalidate cheaply: does a repeat answer 304?
    for (const path of [CONTENT_PATH, "/"]) {
      const first = await fetchRaw(base, path, { accept: path === "/" ? "text/html" : "application/json" })
      const etag = header(first.rawHeaders, "etag")
      const again =
        etag === undefined
          ? undefined
          : await fetchRaw(base, path, {
              accept: path === "/" ? "text/html" : "application/json",
              "if-none-match": etag,
            })
      console.log(
        `  ${`${path} revalidation`.padEnd(42)} ETag: ${etag ?? "none"}; If-None-Match answers ${again?.status ?? "—"}`,
      )
    }
    for (const { label, answer } of answers)
      rows.push(
        row(
          `compression: ${label}`,
          `${answer.encoding}, ${kb(answer.wire)} on the wire (${kb(answer.decoded)} raw)`,
          "br or gzip",
          answer.encoding === "br" || answer.encoding === "gzip",
        ),
      )
  })

// 5. Lighthouse, mobile preset.
if (wanted("lighthouse"))
  await section("Lighthouse mobile performance (simulated mid-range phone, slow 4G)", rows, async () => {
    const runs = await runLighthouse(base, LIGHTHOUSE_PAGES, LIGHTHOUSE_ROUNDS)
    for (const r of runs) {
      if ("error" in r) {
        console.log(`  ${`${r.name} (${r.path})`.padEnd(46)} not measured: ${r.error.split("\n")[0]}`)
        continue
      }
      console.log(
        `  ${`${r.name} (${r.path})`.padEnd(46)} score ${r.score.toFixed(2)}  FCP ${(r.fcpMs / 1000).toFixed(1)} s  LCP ${(r.lcpMs / 1000).toFixed(1)} s  SI ${(r.speedIndexMs / 1000).toFixed(1)} s  TBT ${ms(r.tbtMs)}  CLS ${r.cls.toFixed(3)}`,
      )
      console.log(`      LCP element: ${r.lcpElement}${r.lcpParts.length > 0 ? ` (${r.lcpParts.join(", ")})` : ""}`)
      for (const shift of r.shifts) console.log(`      layout shift ${shift}`)
      console.log(
        `      ${r.requests} requests; to other hosts: ${r.otherHosts.length === 0 ? "none" : r.otherHosts.join(", ")}`,
      )
      for (const warning of r.warnings) console.log(`      warning: ${warning}`)
    }
    // Per page: min–median–max of its runs; the goal is judged on the median.
    const seconds = (value: number) => (value / 1000).toFixed(1)
    const millis = (value: number) => value.toFixed(value < 10 ? 1 : 0)
    for (const page of LIGHTHOUSE_PAGES) {
      const measured = runs.filter((r) => r.path === page.path && !("error" in r)) as Array<
        Extract<(typeof runs)[number], { score: number }>
      >
      const failed = runs.filter((r) => r.path === page.path).length - measured.length
      if (measured.length === 0) {
        rows.push(row(`Lighthouse ${page.name}`, "not measured", "≥ 0.95"))
        continue
      }
      const of = (pick: (r: (typeof measured)[number]) => number) => measured.map(pick)
      const runsNote = failed > 0 ? ` (${measured.length} of ${measured.length + failed} runs)` : ""
      const median = (pick: (r: (typeof measured)[number]) => number) => spread(of(pick)).median
      rows.push(
        row(
          `Lighthouse ${page.name}: score`,
          `${formatSpread(
            of((r) => r.score),
            (v) => v.toFixed(2),
          )}${runsNote}`,
          `≥ 0.95 (before ${BEFORE_DRAWN.score})`,
          median((r) => r.score) >= 0.95,
        ),
        row(
          `Lighthouse ${page.name}: LCP`,
          formatSpread(
            of((r) => r.lcpMs),
            seconds,
            " s",
          ),
          `≤ 1.5 s (before ${BEFORE_DRAWN.lcp})`,
          median((r) => r.lcpMs) <= 1500,
        ),
        row(
          `Lighthouse ${page.name}: TBT`,
          formatSpread(
            of((r) => r.tbtMs),
            millis,
            " ms",
          ),
          `≤ 200 ms (before ${BEFORE_DRAWN.tbt})`,
          median((r) => r.tbtMs) <= 200,
        ),
        row(
          `Lighthouse ${page.name}: CLS`,
          formatSpread(
            of((r) => r.cls),
            (v) => v.toFixed(3),
          ),
          `≤ 0.02 (before ${BEFORE_DRAWN.cls})`,
          median((r) => r.cls) <= 0.02,
        ),
      )
    }
  })

// 6. Single calls: sign-in (argon2id), the dashboard, and the rows the bench always had.
if (wanted("latency"))
  await section("API latency (127.0.0.1, fetch)", rows, async () => {
    const member = accounts?.free[0]
    if (member === undefined) throw new Error("no bench account")
    const bearer = { headers: { authorization: `Bearer ${member.token}` } }
    await measureLatency("GET /api/health", 300, 1, () => fetch(`${base}/api/health`))
    await measureLatency("GET /api/quote-of-the-day", 300, 1, () => fetch(`${base}/api/quote-of-the-day`))
    await measureLatency("GET /api/quote-of-the-day (concurrent)", 600, 16, () => fetch(`${base}/api/quote-of-the-day`))
    const dashboard = await measureLatency("GET /api/dashboard (bearer session)", 300, 4, () =>
      fetch(`${base}/api/dashboard`, bearer),
    )
    const login = await measureLatency("POST /api/login (argon2id verify)", 40, 2, () =>
      fetch(`${base}/api/login`, jsonPost({ email: member.email, password: "lotus7root" })),
    )
    await measureLatency("POST /api/register 422 (validation only)", 300, 4, () =>
      fetch(`${base}/api/register`, jsonPost({ email: "x" })),
    )
    await measureLatency("GET /api/channel-menus (visitor)", 100, 4, () => fetch(`${base}/api/channel-menus`))
    await measureLatency(`GET ${CONTENT_PATH}`, 300, 4, () => fetch(`${base}${CONTENT_PATH}`))
    await measureLatency("GET /api/point/st-36-zusanli (403 locked)", 300, 4, () =>
      fetch(`${base}/api/point/st-36-zusanli`),
    )
    await measureLatency("GET /api/channels/lung-channel", 200, 4, () => fetch(`${base}/api/channels/lung-channel`))
    await measureLatency("GET / (app shell)", 300, 4, () => fetch(`${base}/`, { headers: { accept: "text/html" } }))
    rows.push(
      row("sign-in (argon2id verify), c=2", `p50 ${ms(login.p50)}, p95 ${ms(login.p95)}`),
      row("GET /api/dashboard, c=4", `p50 ${ms(dashboard.p50)}, p95 ${ms(dashboard.p95)}`),
    )
  })

// 6b. Search on the embedded database with the whole knowledge base: by name or number, and full text
// with ranking and snippets (a member's session, as in the header's search).
if (wanted("search"))
  await section("Search (127.0.0.1, fetch, PGlite)", rows, async () => {
    const member = accounts?.free[0]
    if (member === undefined) throw new Error("no bench account")
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${member.token}` },
        body: JSON.stringify(body),
      })
    const names = ["taiyuan", "lu9", "P6", "zusanli", "太淵", "REN12", "hegu", "GB-20"]
    const words = ["headache", "cough", "insomnia", "wrist", "tinnitus", "nausea", "knee", "fever"]
    let i = 0
    let j = 0
    await measureLatency("warm-up", 40, 2, () => post("/api/point-search", { keyword: "lu", mode: "name" }))
    const byName = await measureLatency("POST /api/point-search (name or number)", 400, 4, () => {
      const keyword = names[i++ % names.length]!
      return post("/api/point-search", { keyword, mode: /\d/.test(keyword) ? "number" : "name" })
    })
    const fullText = await measureLatency("POST /api/keyword-search (full text, snippets)", 300, 4, () =>
      post("/api/keyword-search", { keyword: words[j++ % words.length]! }),
    )
    rows.push(
      row("point-search p99, c=4", ms(byName.p99), "≤ 20 ms", byName.p99 <= 20),
      row("keyword-search p50, c=4", ms(fullText.p50), "≤ 8 ms", fullText.p50 <= 8),
    )
  })

// 7. A content answer against a bare node:http server sending the same bytes, then a CPU profile.
if (wanted("throughput"))
  await section(`Content answers vs bare Node (autocannon, 50 connections, ${CONTENT_PATH})`, rows, async () => {
    const recorded = await recordAnswer(base, CONTENT_PATH)
    const bare = await startBareServer(recorded)
    try {
      const identical = await sameAnswer(bare.base, CONTENT_PATH, recorded)
      console.log(
        `  answer: ${recorded.status}, ${recorded.body.length} bytes${recorded.chunked ? " (chunked)" : ""}, ${recorded.headers.length} headers; bare server sends the same: ${identical ? "yes" : "NO"}`,
      )
      await load(`${base}${CONTENT_PATH}`, 2) // warm-up, not counted
      const real = await load(`${base}${CONTENT_PATH}`, 10)
      const floor = await load(`${bare.base}${CONTENT_PATH}`, 10)
      const ratio = real.requestsPerSecond / floor.requestsPerSecond
      for (const [label, r] of [
        ["Jingluo server", real],
        ["bare node:http", floor],
      ] as const)
        console.log(
          `  ${label.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${ms(r.p50).padStart(7)}  p99 ${ms(r.p99).padStart(7)}  ${r.total} answers, ${r.non2xx} not 2xx, ${r.errors} errors`,
        )
      console.log(`  ratio: ${ratio.toFixed(2)}× the bare server`)
      rows.push(
        row(
          `${CONTENT_PATH} vs bare node:http, c=50`,
          `${real.requestsPerSecond.toFixed(0)} vs ${floor.requestsPerSecond.toFixed(0)} req/s = ${ratio.toFixed(2)}×`,
          "≥ 0.3×",
          ratio >= 0.3,
        ),
        row(`${CONTENT_PATH} p99, c=50`, `${ms(real.p99)} (bare ${ms(floor.p99)})`, "≤ 25 ms", real.p99 <= 25),
      )
    } finally {
      bare.stop()
    }

    heading(`CPU profile of the server under the same load (10 s, ${CONTENT_PATH})`)
    const { result, summary } = await profileUnderLoad(root, server.pid, profilePath, `${base}${CONTENT_PATH}`, 10)
    console.log(
      `  ${result.requestsPerSecond.toFixed(0)} req/s while profiled; ${summary.seconds.toFixed(1)} s of samples; idle ${(summary.idleShare * 100).toFixed(0)}%, garbage collection ${(summary.gcShare * 100).toFixed(0)}%`,
    )
    console.log("  top 10 functions by self time:")
    for (const f of summary.topFunctions)
      console.log(`    ${`${(f.share * 100).toFixed(1)}%`.padStart(6)}  ${f.name.slice(0, 40).padEnd(40)} ${f.where}`)
    console.log("  top 10 packages and files by self time:")
    for (const f of summary.topFiles) console.log(`    ${`${(f.share * 100).toFixed(1)}%`.padStart(6)}  ${f.where}`)
    console.log("  by layer of the stack (self time, idle left out):")
    for (const l of summary.layers) console.log(`    ${`${(l.share * 100).toFixed(1)}%`.padStart(6)}  ${l.layer}`)
    console.log(`  finding: ${profileFinding(summary)}`)
    rows.push(
      row(
        "CPU under that load: by layer",
        summary.layers
          .slice(0, 3)
          .map((l) => `${l.layer.split(" (")[0]} ${(l.share * 100).toFixed(0)}%`)
          .join(", "),
      ),
      row(
        "CPU under that load: top places",
        summary.topFiles
          .slice(0, 3)
          .map((f) => `${f.where} ${(f.share * 100).toFixed(0)}%`)
          .join(", "),
      ),
    )
  })

// 7b. Drawn pages under the same load: a point page as the server draws it (kept per content version,
// language and plan after the first drawing), against the bare server sending its very bytes; then
// the first drawing of pages nobody asked for yet.
if (wanted("drawing"))
  await section(
    `Drawn pages vs bare Node (autocannon, 50 connections, ${DRAWN_PATH}, text/html, br)`,
    rows,
    async () => {
      const recorded = await recordAnswer(base, DRAWN_PATH, PAGE_REQUEST_HEADERS)
      const etag = recorded.headers.find(([name]) => name.toLowerCase() === "etag")?.[1] ?? ""
      const encoding = recorded.headers.find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "none"
      if (recorded.status !== 200 || !etag.startsWith('"p-'))
        throw new Error(`${DRAWN_PATH} was not drawn (${recorded.status}, ETag ${etag || "none"})`)
      const bare = await startBareServer(recorded)
      try {
        const identical = await sameAnswer(bare.base, DRAWN_PATH, recorded, PAGE_REQUEST_HEADERS)
        console.log(
          `  answer: ${recorded.status}, ${encoding}, ${recorded.body.length} bytes, ${recorded.headers.length} headers; bare server sends the same: ${identical ? "yes" : "NO"}`,
        )
        await load(`${base}${DRAWN_PATH}`, 2, 50, PAGE_REQUEST_HEADERS) // warm-up, not counted
        const real: Array<Awaited<ReturnType<typeof load>>> = []
        const floor: Array<Awaited<ReturnType<typeof load>>> = []
        // Real and bare in turn, so both see the same minutes of a shared machine.
        for (let run = 1; run <= DRAWN_RUNS; run++) {
          real.push(await load(`${base}${DRAWN_PATH}`, 10, 50, PAGE_REQUEST_HEADERS))
          floor.push(await load(`${bare.base}${DRAWN_PATH}`, 10, 50, PAGE_REQUEST_HEADERS))
          for (const [label, r] of [
            ["Jingluo server", real.at(-1)!],
            ["bare node:http", floor.at(-1)!],
          ] as const)
            console.log(
              `  run ${run} ${label.padEnd(16)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${ms(r.p50).padStart(7)}  p99 ${ms(r.p99).padStart(7)}  ${r.total} answers, ${r.non2xx} not 2xx, ${r.errors} errors`,
            )
        }
        const perSecond = real.map((r) => r.requestsPerSecond)
        const p99 = real.map((r) => r.p99)
        const ratios = real.map((r, i) => r.requestsPerSecond / floor[i]!.requestsPerSecond)
        const count = (v: number) => v.toFixed(0)
        const millis = (v: number) => v.toFixed(v < 10 ? 1 : 0)
        rows.push(
          row(
            `drawn ${DRAWN_PATH}, c=50: req/s`,
            formatSpread(perSecond, count),
            `≥ ${DRAWN_GOAL_RPS.toLocaleString("en")}`,
            spread(perSecond).median >= DRAWN_GOAL_RPS,
          ),
          row(
            `drawn ${DRAWN_PATH}, c=50: p99`,
            `${formatSpread(p99, millis, " ms")} (bare ${formatSpread(
              floor.map((r) => r.p99),
              millis,
              " ms",
            )})`,
            `≤ ${DRAWN_GOAL_P99_MS} ms`,
            spread(p99).median <= DRAWN_GOAL_P99_MS,
          ),
          row(
            `drawn ${DRAWN_PATH} vs bare node:http`,
            `${formatSpread(ratios, (v) => v.toFixed(2), "×")} (bare ${formatSpread(
              floor.map((r) => r.requestsPerSecond),
              count,
            )} req/s)`,
          ),
        )
      } finally {
        bare.stop()
      }

      // Points spread over the whole menu, none of them drawn by an earlier section.
      const catalogue = await readCatalogue(base, distDir)
      const candidates = catalogue.points.filter((slug) => !HEADING_PAGES.includes(`/point/${slug}`))
      const step = Math.max(1, Math.floor(candidates.length / COLD_DRAWS))
      const paths = candidates
        .filter((_, i) => i % step === 0)
        .slice(0, COLD_DRAWS)
        .map((slug) => `/point/${slug}`)
      const times = await coldDraws(base, paths)
      console.log(
        `  first drawing of ${times.length} point pages, one after another: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))} (${paths[0]} … ${paths.at(-1)})`,
      )
      rows.push(
        row(
          `first drawing of ${times.length} point pages`,
          `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
        ),
      )
    },
  )

// 8. Memory under 200 simulated learners.
if (wanted("memory"))
  await section(`Server memory under ${LEARNERS} simulated learners (${LEARNER_SECONDS} s)`, rows, async () => {
    const catalogue = await readCatalogue(base, distDir, accounts?.pro[0]?.token)
    console.log(
      `  walking ${catalogue.points.length} points, ${catalogue.channels.length} channels, ${catalogue.bodyAreas.length} body areas, ${catalogue.bookPages.length} book pages`,
    )
    let peak = 0
    const sampler = setInterval(() => {
      const memory = processMemory(server.pid)
      if (memory !== undefined) peak = Math.max(peak, memory.rss)
    }, 200)
    const result = await runLearners(base, catalogue, accounts ?? { free: [], pro: [] }, {
      learners: LEARNERS,
      seconds: LEARNER_SECONDS,
    }).finally(() => clearInterval(sampler))
    const after = processMemory(server.pid)
    console.log(
      `  ${result.requests} answers in ${result.seconds.toFixed(1)} s (${(result.requests / result.seconds).toFixed(0)}/s), p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${result.failures} failed requests, ${result.retried} GETs sent again after the server closed an idle kept-alive connection`,
    )
    for (const [endpoint, e] of [...result.byEndpoint.entries()].sort((a, b) => b[1].count - a[1].count))
      console.log(
        `    ${endpoint.padEnd(32)} ${String(e.count).padStart(6)}  ${[...e.statuses.entries()].map(([s, n]) => `${s}×${n}`).join(" ")}`,
      )
    console.log(
      `  RSS: peak ${mb(peak)} sampled every 200 ms under load; ${after ? `${mb(after.rss)} after; VmHWM ${mb(after.hwm)} (the process's lifetime peak, start-up included)` : ""}`,
    )
    rows.push(row(`server RSS under ${LEARNERS} learners, peak`, mb(peak), "≤ 600 MB", (peak * 1024) / 1e6 <= 600))
  })

// 5b. Where a first visit's main-thread time goes, at Lighthouse's 4× CPU slowdown.
if (wanted("startup"))
  await section("First load's main thread (Chromium, CPU 4× slower, sampling profiler)", rows, async () => {
    for (const path of ["/point/lu-9-taiyuan", "/"]) {
      const p = await profileStartup(base, distDir, path)
      const blocking = p.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)
      const total = p.byPart.reduce((sum, [, t]) => sum + t, 0)
      const share = (test: (part: string) => boolean) =>
        p.byPart.filter(([part]) => test(part)).reduce((sum, [, t]) => sum + t, 0)
      const browserOwn = share((part) => part.startsWith("("))
      const own = share((part) => part.startsWith("src/"))
      console.log(
        `  ${path}: heading after ${ms(p.headingMs)}; ${p.longTasks.length} long tasks (${p.longTasks.map((d) => ms(d)).join(", ")}), ${ms(blocking)} over 50 ms`,
      )
      console.log(
        `    self time ${ms(total)}: libraries ${ms(total - browserOwn - own)}, our code ${ms(own)}, the browser's own work and idle ${ms(browserOwn)}`,
      )
      for (const [part, time] of p.byPart.slice(0, 14)) console.log(`    ${ms(time).padStart(9)}  ${part}`)
      rows.push(
        row(
          `first load ${path} (CPU 4×): long tasks`,
          `${p.longTasks.length}, longest ${ms(Math.max(0, ...p.longTasks))}, ${ms(blocking)} over 50 ms`,
        ),
      )
    }
  })

// 9. The body charts: each view's answer size and the time to draw it with all its points.
if (wanted("charts"))
  await section("Body charts: size per view and drawing time (Chromium)", rows, async () => {
    const member = accounts?.pro[0]
    if (member === undefined) throw new Error("no Pro bench account")
    const sizes = await measureChartSizes(base, member.token)
    console.log("  GET /api/charts/{view}, Pro answer (visitor's gzip in brackets), and as sent for br, gzip:")
    for (const s of sizes)
      console.log(
        `    ${s.view.padEnd(11)} ${String(s.points).padStart(4)} points ${String(s.sites).padStart(4)} sites  ${kb(s.raw).padStart(9)} raw ${kb(s.gzip).padStart(9)} gzip (${kb(s.visitorGzip)})  ${s.encoding} ${kb(s.wire)} on the wire`,
      )
    const draws = await measureChartDraws(base, member.token)
    console.log("  drawing in the chart explorer as a Pro member (render → DOM committed and laid out):")
    for (const d of draws)
      console.log(
        `    ${d.view.padEnd(11)} first ${ms(d.first).padStart(8)}  warm p50 ${ms(d.p50).padStart(8)}  max ${ms(d.max).padStart(8)}  (${d.draws.length} draws)`,
      )
    for (const s of sizes)
      rows.push(
        row(
          `chart ${s.view}: size (Pro answer)`,
          `${kb(s.gzip)} gzip · ${kb(s.raw)} raw · ${s.encoding} ${kb(s.wire)} wire`,
          `≤ ${kb(MAX_VIEW_GZIP_BYTES)} gzip (60 KiB)`,
          s.gzip <= MAX_VIEW_GZIP_BYTES,
        ),
      )
    for (const d of draws) {
      const sites = sizes.find((s) => s.view === d.view)?.sites ?? 0
      rows.push(
        row(
          `chart ${d.view}: draw ${sites} sites`,
          `p50 ${ms(d.p50)}, max ${ms(d.max)} (first ${ms(d.first)})`,
          `≤ ${CHART_DRAW_GOAL_MS} ms`,
          d.p50 <= CHART_DRAW_GOAL_MS,
        ),
      )
    }
  })

await server.stop()
cleanUp()

const loadAverage = existsSync("/proc/loadavg")
  ? `, load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`
  : ""
heading(`Summary (${((performance.now() - benchStarted) / 1000).toFixed(0)} s${loadAverage})`)
printTable(rows)
process.exit(0)

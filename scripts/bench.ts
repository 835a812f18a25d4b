// `npm run bench`: measures what tests must not time — the size of the built app, how long a cold
// server start takes (migrate + seed on a fresh embedded database), and API latency under a small
// sequential and concurrent load. Prints a table; nothing here passes or fails.
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"

const root = resolve(import.meta.dirname, "..")

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address ? address.port : 3900))
    })
  })

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const percentile = (values: Array<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

// 1. The built app.
console.log("Building the app…")
spawnSync(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "error"], {
  cwd: root,
  stdio: "inherit",
})
const assets = join(root, "dist", "assets")
const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f))
const sizes = files.map((f) => {
  const content = readFileSync(join(assets, f))
  return { file: f, raw: statSync(join(assets, f)).size, gzip: gzipSync(content).length }
})
const entry = readFileSync(join(root, "dist", "index.html"), "utf8")
const initial = sizes.filter((s) => entry.includes(s.file))
console.log("\nBundle (dist/assets)")
for (const s of sizes.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${s.file.padEnd(34)} ${kib(s.raw).padStart(11)} raw ${kib(s.gzip).padStart(10)} gzip`)
console.log(
  `  loaded by index.html: ${kib(initial.reduce((n, s) => n + s.raw, 0))} raw, ${kib(initial.reduce((n, s) => n + s.gzip, 0))} gzip`,
)

// 2. Cold start: fresh data directory, migrations and the full content seed.
const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), "jingluo-bench-"))
const started = performance.now()
const server = spawn(process.execPath, [join(root, "server", "main.ts")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_FACTOR: "1000",
  },
  stdio: "ignore",
})
const base = `http://127.0.0.1:${port}`
for (;;) {
  const ok = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  )
  if (ok) break
  await new Promise((r) => setTimeout(r, 50))
}
const coldStartMs = performance.now() - started
console.log(`\nCold start (migrate + seed 361 points, fresh PGlite): ${coldStartMs.toFixed(0)} ms`)

// 3. Latency.
const measure = async (label: string, n: number, concurrency: number, call: () => Promise<Response>) => {
  const times: Array<number> = []
  let next = 0
  const worker = async () => {
    while (next < n) {
      next++
      const t = performance.now()
      const response = await call()
      await response.arrayBuffer()
      times.push(performance.now() - t)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - t0) / 1000
  console.log(
    `  ${label.padEnd(44)} n=${String(n).padEnd(4)} c=${String(concurrency).padEnd(3)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  ${(n / seconds).toFixed(0).padStart(5)} req/s`,
  )
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
})
const email = "bench@example.com"
await fetch(
  `${base}/api/register`,
  json({
    email,
    firstName: "Ben",
    lastName: "Ch",
    password: "lotus7root",
    confirmPassword: "lotus7root",
    termsChecked: true,
    promotional: false,
  }),
)
const outbox = join(dataDir, "outbox")
const mail = readFileSync(join(outbox, readdirSync(outbox)[0]!), "utf8")
  .replace(/=\r?\n/g, "")
  .replace(/=3D/g, "=")
const link = /user=([0-9a-f-]+)&code=(\d{4})/.exec(mail)!
await fetch(`${base}/api/verify-email/${link[1]}/${link[2]}`)
const login = (await (await fetch(`${base}/api/login`, json({ email, password: "lotus7root" }))).json()) as {
  token: string
}

console.log("\nAPI latency (127.0.0.1, embedded PGlite)")
await measure("GET /api/health", 300, 1, () => fetch(`${base}/api/health`))
await measure("GET /api/quote-of-the-day", 300, 1, () => fetch(`${base}/api/quote-of-the-day`))
await measure("GET /api/quote-of-the-day (concurrent)", 600, 16, () => fetch(`${base}/api/quote-of-the-day`))
await measure("GET /api/dashboard (bearer session)", 300, 4, () =>
  fetch(`${base}/api/dashboard`, { headers: { authorization: `Bearer ${login.token}` } }),
)
await measure("POST /api/login (argon2id verify)", 40, 2, () =>
  fetch(`${base}/api/login`, json({ email, password: "lotus7root" })),
)
await measure("POST /api/register 422 (validation only)", 300, 4, () =>
  fetch(`${base}/api/register`, json({ email: "x" })),
)
await measure("GET /api/channel-menus (visitor)", 100, 4, () => fetch(`${base}/api/channel-menus`))
await measure("GET /api/point/lu-9-taiyuan", 300, 4, () => fetch(`${base}/api/point/lu-9-taiyuan`))
await measure("GET /api/point/st-36-zusanli (403 locked)", 300, 4, () => fetch(`${base}/api/point/st-36-zusanli`))
await measure("GET /api/channels/lung-channel", 200, 4, () => fetch(`${base}/api/channels/lung-channel`))
await measure("GET / (app shell)", 300, 4, () => fetch(`${base}/`, { headers: { accept: "text/html" } }))

server.kill("SIGTERM")
rmSync(dataDir, { recursive: true, force: true })

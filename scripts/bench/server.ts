// The real server (`server/main.ts`) in a child process, as `npm start` runs it after the build:
// with the Node options of the `start` script and the environment it gives the server
// (scripts/server-env.ts), its own port on 127.0.0.1, its own data directory, rate limits relaxed
// so the load is not answered with 429s. The pid is the server itself, so
// /proc/<pid>/status is its memory.
import { type ChildProcess, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { SERVER_PROCESS_ENV } from "../server-env.ts"
import { freePort, sleep } from "./util.ts"

/** The options `npm start` gives Node (`node --flag … scripts/start.ts` in package.json), so the bench measures the server as it runs. */
export const startNodeOptions = (root: string): ReadonlyArray<string> => {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }
  const [command, ...words] = scripts.start.trim().split(/\s+/)
  if (command !== "node") throw new Error(`bench: the start script does not run node: ${scripts.start}`)
  return words.filter((word) => word.startsWith("--"))
}

export interface RunningServer {
  readonly base: string
  readonly port: number
  readonly pid: number
  /** From spawning the process to the first healthy answer. */
  readonly startMs: number
  /** SIGTERM, then waits for the process to exit (a CPU profile is written on exit). */
  readonly stop: () => Promise<void>
}

export const startServer = async (
  root: string,
  dataDir: string,
  options: { readonly nodeArgs?: ReadonlyArray<string>; readonly env?: Record<string, string> } = {},
): Promise<RunningServer> => {
  const port = await freePort()
  const started = performance.now()
  const child: ChildProcess = spawn(
    process.execPath,
    [...startNodeOptions(root), ...(options.nodeArgs ?? []), join(root, "server", "main.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_PROCESS_ENV,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_FACTOR: "1000",
        ...options.env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  )
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<void>((done) => child.once("exit", () => done()))
  let alive = true
  // Should the bench itself stop early, the server does not outlive it.
  const killOnExit = () => child.kill("SIGKILL")
  process.once("exit", killOnExit)
  void exited.then(() => {
    alive = false
    process.off("exit", killOnExit)
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (!alive) throw new Error(`the server exited while starting: ${stderr.trim().split("\n").slice(-3).join(" / ")}`)
    if (Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error("the server did not answer /api/health within 180 s")
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await sleep(25)
  }
  const startMs = performance.now() - started
  const stop = async () => {
    if (!alive) return
    child.kill("SIGTERM")
    const killed = await Promise.race([exited.then(() => false), sleep(20_000).then(() => true)])
    if (killed) {
      child.kill("SIGKILL")
      await exited
    }
  }
  return { base, port, pid: child.pid!, startMs, stop }
}

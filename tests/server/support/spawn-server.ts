// `server/main.ts` as a process of its own, on a fresh data directory and without the app's files:
// for the tests of how the server starts (or refuses to).
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(import.meta.dirname, "../../..")

export interface SpawnedServer {
  readonly child: ChildProcess
  /** Everything it has written to stdout and stderr so far. */
  readonly output: () => string
  /** Kills it if it still runs and removes its data directory. */
  readonly dispose: () => void
}

/** Starts the server on 127.0.0.1 with `env` added to a bare environment; `nodeOptions` go before the script. */
export const spawnServer = (
  env: Readonly<Record<string, string>>,
  nodeOptions: ReadonlyArray<string> = [],
): SpawnedServer => {
  const dataDir = mkdtempSync(join(tmpdir(), "jingluo-start-"))
  const child = spawn(process.execPath, [...nodeOptions, "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8")
  }
  child.stdout?.on("data", collect)
  child.stderr?.on("data", collect)
  return {
    child,
    output: () => output,
    dispose: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

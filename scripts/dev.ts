// `npm run dev`: the API server on API_PORT (3001) and Vite with hot reload on 5173, which proxies
// /api to it. Ctrl-C stops both.
import { spawn } from "node:child_process"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
const apiPort = process.env.API_PORT ?? "3001"
const children = [
  spawn(process.execPath, ["--watch-path=server", "--watch-path=src/domain", join(root, "server", "main.ts")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: apiPort,
      APP_ORIGIN: process.env.APP_ORIGIN ?? "http://localhost:5173",
      STATIC_DIR: "",
    },
  }),
  spawn(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
]
const stop = () => {
  for (const child of children) child.kill("SIGTERM")
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
for (const child of children)
  child.on("exit", (code) => {
    stop()
    process.exitCode = code ?? 0
  })

// `npm run test:model [-- <flow> …] [playwright options]`: the model-based tests in Chromium against
// the real server (playwright.model.config.ts). Names of tests/model/<flow>.model.ts files choose
// the flows (all without any); every other argument goes to Playwright as it is.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
const args = process.argv.slice(2)
const isFlow = (arg: string) => !arg.startsWith("-") && existsSync(join(root, "tests", "model", `${arg}.model.ts`))
const flows = args.filter(isFlow)
const unknown = args.filter(
  (arg) => !arg.startsWith("-") && !isFlow(arg) && !args[args.indexOf(arg) - 1]?.startsWith("-"),
)
if (unknown.length > 0) {
  console.error(`No model named ${unknown.join(", ")} (tests/model/<flow>.model.ts).`)
  process.exit(2)
}
const result = spawnSync(
  join(root, "node_modules", ".bin", "playwright"),
  ["test", "-c", "playwright.model.config.ts", ...args.filter((arg) => !isFlow(arg))],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
      ...(flows.length > 0 ? { MODEL_FLOWS: flows.join(",") } : {}),
    },
  },
)
process.exit(result.status ?? 1)

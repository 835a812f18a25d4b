// Proves the import table of ARCHITECTURE.md is enforced by Biome's noRestrictedImports overrides in
// biome.json, for a package's sub-paths (`react-dom/client`, `wouter/use-browser-location`) as for its
// name: a forbidden import in each layer is reported, an allowed one is not. Biome 2.6's stdin
// mode (`lint --stdin-file-path`) echoes the source without printing diagnostics, so the probes are
// written as files into a scratch copy of the project layout, next to a copy of the real biome.json.
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))
const BIOME = join(ROOT, "node_modules/@biomejs/biome/bin/biome")
const RULE = "lint/style/noRestrictedImports"

type Probe = {
  /** Where the probe file stands, from the project's root; the file name matters for the server's layers. */
  readonly file: string
  readonly specifier: string
  /** The rule expected to flag it (each rule's message opens with it), or null when it must pass. */
  readonly rule: string | null
}

/** A probe file in a layer of the app, named by its index. */
const LAYERS = {
  "src/domain": "ts",
  "src/machines": "ts",
  "src/infra": "ts",
  "src/ui": "tsx",
  "src/wiring": "ts",
  server: "ts",
} as const

let count = 0
const probe = (layer: keyof typeof LAYERS, specifier: string, flagged: boolean): Probe => ({
  file: `${layer}/probe-${count++}.${LAYERS[layer]}`,
  specifier,
  // The server's general messages open with "server/"; the rules inside it with "server handlers" and so on.
  rule: flagged ? (layer === "server" ? "server/" : layer) : null,
})

/** A probe standing as a given server file (handlers.ts, service.ts, …), in a folder of its own inside that one. */
const serverProbe = (path: string, specifier: string, rule: string | null): Probe => {
  const slash = path.lastIndexOf("/")
  return { file: `server/${path.slice(0, slash)}/probe-${count++}${path.slice(slash)}`, specifier, rule }
}

const PROBES: ReadonlyArray<Probe> = [
  probe("src/domain", "react", true),
  probe("src/domain", "../ui/x.ts", true),
  probe("src/domain", "../machines/x.ts", true),
  probe("src/domain", "../infra/x.ts", true),
  probe("src/domain", "../wiring/account.ts", true),
  probe("src/domain", "xstate", true),
  probe("src/domain", "node:fs", true),
  // Sub-paths of a forbidden package are as forbidden as the package.
  probe("src/domain", "react-aria-components/Button", true),
  probe("src/domain", "react-dom/client", true),
  probe("src/domain", "xstate/graph", true),
  probe("src/domain", "wouter/use-browser-location", true),
  probe("src/domain", "effect", false),
  probe("src/domain", "effect/http-api", false),
  probe("src/domain", "./errors.ts", false),
  probe("src/machines", "effect", true),
  probe("src/machines", "../infra/x.ts", true),
  probe("src/machines", "../ui/x.ts", true),
  probe("src/machines", "../wiring/account.ts", true),
  probe("src/machines", "react", true),
  probe("src/machines", "effect/Schema", true),
  probe("src/machines", "react-dom/client", true),
  probe("src/machines", "i18next/dist/esm/i18next.js", true),
  probe("src/machines", "xstate", false),
  probe("src/machines", "../domain/errors.ts", false),
  probe("src/infra", "react", true),
  probe("src/infra", "../machines/x.ts", true),
  probe("src/infra", "../ui/x.ts", true),
  probe("src/infra", "../wiring/shared/runtime.ts", true),
  probe("src/infra", "xstate", true),
  probe("src/infra", "react-aria/private/utils", true),
  probe("src/infra", "wouter/use-browser-location", true),
  probe("src/infra", "effect", false),
  probe("src/infra", "../domain/errors.ts", false),
  probe("src/ui", "../infra/api-client.ts", true),
  probe("src/ui", "../wiring/account.ts", true),
  probe("src/ui", "effect", true),
  probe("src/ui", "../../server/main.ts", true),
  probe("src/ui", "effect/Schema", true),
  probe("src/ui", "msw/node", true),
  probe("src/ui", "react", false),
  probe("src/ui", "react-aria-components", false),
  probe("src/ui", "react-dom/client", false),
  probe("src/ui", "../machines/x.ts", false),
  probe("src/ui", "../domain/errors.ts", false),
  probe("src/wiring", "../ui/App.tsx", true),
  probe("src/wiring", "../main.tsx", true),
  probe("src/wiring", "react", true),
  probe("src/wiring", "../../server/app.ts", true),
  probe("src/wiring", "wouter/use-browser-location", true),
  probe("src/wiring", "react-dom/client", true),
  probe("src/wiring", "@xstate/react/lib/x", true),
  probe("src/wiring", "../machines/account/login-machine.ts", false),
  probe("src/wiring", "../infra/api-client.ts", false),
  probe("src/wiring", "effect", false),
  probe("src/wiring", "xstate", false),
  probe("server", "../src/ui/App.tsx", true),
  probe("server", "../src/machines/x.ts", true),
  probe("server", "../src/infra/api-client.ts", true),
  probe("server", "../src/wiring/account.ts", true),
  probe("server", "../src/entry-server.tsx", true),
  serverProbe("pages/first-pages.ts", "../../src/entry-server.tsx", "server/"),
  probe("server", "react", true),
  probe("server", "react-dom/server", true),
  probe("server", "xstate/graph", true),
  probe("server", "../src/domain/errors.ts", false),
  probe("server", "effect", false),
  probe("server", "node:http", false),
  // Inside the server: handlers → services → repositories, never back up; a handler or middleware
  // never reads a repository.
  serverProbe("billing/handlers.ts", "../accounts/users-repo.ts", "server handlers"),
  serverProbe("content/handlers.ts", "./repo.ts", "server handlers"),
  serverProbe("billing/routes.ts", "./subscriptions-repo.ts", "server handlers"),
  serverProbe("billing/handlers.ts", "react", "server/"),
  serverProbe("billing/handlers.ts", "./service.ts", null),
  serverProbe("accounts/handlers.ts", "./auth-service.ts", null),
  serverProbe("accounts/handlers.ts", "../platform/http/request-context.ts", null),
  serverProbe("platform/http/authentication.ts", "../../accounts/users-repo.ts", "server middleware"),
  serverProbe("accounts/authentication.ts", "./sessions-repo.ts", "server middleware"),
  serverProbe("platform/http/response-policy.ts", "../../billing/routes.ts", "server middleware"),
  serverProbe("platform/http/request-guard.ts", "../../content/repo.ts", "server middleware"),
  serverProbe("accounts/authentication.ts", "./auth-service.ts", null),
  serverProbe("billing/service.ts", "./handlers.ts", "server services"),
  serverProbe("billing/service.ts", "./routes.ts", "server services"),
  serverProbe("accounts/accounts-service.ts", "./handlers.ts", "server services"),
  serverProbe("content/service.ts", "../platform/http/request-context.ts", "server services"),
  serverProbe("billing/service.ts", "./subscriptions-repo.ts", null),
  serverProbe("accounts/accounts-service.ts", "./users-repo.ts", null),
  serverProbe("accounts/accounts-service.ts", "./codes-service.ts", null),
  serverProbe("content/repo.ts", "./service.ts", "server repositories"),
  serverProbe("accounts/users-repo.ts", "./accounts-service.ts", "server repositories"),
  serverProbe("billing/subscriptions-repo.ts", "./handlers.ts", "server repositories"),
  serverProbe("system/quotes-repo.ts", "../platform/http/request-context.ts", "server repositories"),
  serverProbe("accounts/users-repo.ts", "effect/sql", null),
  serverProbe("content/repo.ts", "../../src/domain/content/content-schema.ts", null),
  // The features that came later follow the same layers.
  serverProbe("search/handlers.ts", "./repo.ts", "server handlers"),
  serverProbe("self-tests/handlers.ts", "./repo.ts", "server handlers"),
  serverProbe("settings/handlers.ts", "./repo.ts", "server handlers"),
  serverProbe("charts/handlers.ts", "../content/repo.ts", "server handlers"),
  serverProbe("self-tests/handlers.ts", "./service.ts", null),
  serverProbe("search/service.ts", "./handlers.ts", "server services"),
  serverProbe("charts/service.ts", "./handlers.ts", "server services"),
  serverProbe("settings/repo.ts", "./service.ts", "server repositories"),
  serverProbe("self-tests/repo.ts", "./handlers.ts", "server repositories"),
  serverProbe("search/service.ts", "./repo.ts", null),
  // A feature reads another feature through its service, never its repository.
  serverProbe("self-tests/service.ts", "../accounts/users-repo.ts", "server features"),
  serverProbe("charts/service.ts", "../content/repo.ts", "server features"),
  serverProbe("self-tests/content-source.ts", "../content/repo.ts", "server features"),
  serverProbe("settings/repo.ts", "../accounts/users-repo.ts", "server features"),
  serverProbe("self-tests/service.ts", "../settings/service.ts", null),
  serverProbe("charts/service.ts", "../content/service.ts", null),
  serverProbe("self-tests/content-source.ts", "../content/service.ts", null),
]

type Diagnostic = { readonly category: string; readonly message: string; readonly location: { readonly path: string } }

let scratch = ""
let restricted = new Map<string, Array<string>>()

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "jingluo-layer-rules-"))
  // The project's rules as they are, minus the git integration (the scratch folder is no repository).
  const config = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8")) as Record<string, unknown>
  delete config.vcs
  delete config.$schema
  writeFileSync(join(scratch, "biome.json"), JSON.stringify(config))
  for (const p of PROBES) {
    const file = join(scratch, p.file)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `import * as probe from "${p.specifier}"\n\nexport const used = probe\n`)
  }
  const run = spawnSync(process.execPath, [BIOME, "lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: scratch,
    encoding: "utf8",
  })
  if (run.error) throw run.error
  const report = JSON.parse(run.stdout) as { diagnostics: ReadonlyArray<Diagnostic> }
  restricted = new Map()
  for (const d of report.diagnostics) {
    if (d.category !== RULE) continue
    const path = d.location.path.replaceAll("\\", "/")
    restricted.set(path, [...(restricted.get(path) ?? []), d.message])
  }
}, 60_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe("layer import rules (ARCHITECTURE.md) enforced by Biome", () => {
  it.each(PROBES.filter((p) => p.rule !== null))("flags $file importing $specifier", ({ file, rule }) => {
    const messages = restricted.get(file) ?? []
    expect(messages).toHaveLength(1)
    // Each rule's message opens with its name, so this also checks which override fired.
    expect(messages[0]?.startsWith(`${rule} `)).toBe(true)
  })

  it.each(PROBES.filter((p) => p.rule === null))("allows $file importing $specifier", ({ file }) => {
    expect(restricted.get(file)).toBeUndefined()
  })

  it("reports nothing but the flagged probes", () => {
    const expected = PROBES.flatMap((p) => (p.rule !== null ? [p.file] : []))
    expect([...restricted.keys()].sort()).toEqual(expected.sort())
  })
})

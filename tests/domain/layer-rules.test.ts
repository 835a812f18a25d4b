// Proves the import table of ARCHITECTURE.md is enforced by Biome's noRestrictedImports overrides in
// biome.json: a forbidden import in each layer is reported, an allowed one is not. Biome 2.6's stdin
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
  readonly layer: string
  readonly ext: "ts" | "tsx"
  readonly specifier: string
  readonly flagged: boolean
}

const LAYERS = {
  "src/domain": "ts",
  "src/machines": "ts",
  "src/infra": "ts",
  "src/ui": "tsx",
  server: "ts",
} as const

const probe = (layer: keyof typeof LAYERS, specifier: string, flagged: boolean): Probe => ({
  layer,
  ext: LAYERS[layer],
  specifier,
  flagged,
})

const PROBES: ReadonlyArray<Probe> = [
  probe("src/domain", "react", true),
  probe("src/domain", "../ui/x.ts", true),
  probe("src/domain", "../machines/x.ts", true),
  probe("src/domain", "../infra/x.ts", true),
  probe("src/domain", "xstate", true),
  probe("src/domain", "node:fs", true),
  probe("src/domain", "effect", false),
  probe("src/domain", "./errors.ts", false),
  probe("src/machines", "effect", true),
  probe("src/machines", "../infra/x.ts", true),
  probe("src/machines", "../ui/x.ts", true),
  probe("src/machines", "react", true),
  probe("src/machines", "xstate", false),
  probe("src/machines", "../domain/errors.ts", false),
  probe("src/infra", "react", true),
  probe("src/infra", "../machines/x.ts", true),
  probe("src/infra", "../ui/x.ts", true),
  probe("src/infra", "xstate", true),
  probe("src/infra", "effect", false),
  probe("src/infra", "../domain/errors.ts", false),
  probe("src/ui", "../infra/api-client.ts", true),
  probe("src/ui", "effect", true),
  probe("src/ui", "../../server/main.ts", true),
  probe("src/ui", "react", false),
  probe("src/ui", "../machines/x.ts", false),
  probe("src/ui", "../domain/errors.ts", false),
  probe("server", "../src/ui/App.tsx", true),
  probe("server", "../src/machines/x.ts", true),
  probe("server", "../src/infra/api-client.ts", true),
  probe("server", "react", true),
  probe("server", "../src/domain/errors.ts", false),
  probe("server", "effect", false),
  probe("server", "node:http", false),
]

const fileOf = (p: Probe, index: number) => `${p.layer}/probe-${index}.${p.ext}`

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
  PROBES.forEach((p, index) => {
    const file = join(scratch, fileOf(p, index))
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `import * as probe from "${p.specifier}"\n\nexport const used = probe\n`)
  })
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
  it.each(PROBES.map((p, index) => ({ ...p, file: fileOf(p, index) })).filter((p) => p.flagged))(
    "flags $layer importing $specifier",
    ({ layer, file }) => {
      const messages = restricted.get(file) ?? []
      expect(messages).toHaveLength(1)
      // Each layer's messages open with the layer's name, so this also checks which override fired.
      expect(messages[0]).toMatch(new RegExp(`^${layer}/? `))
    },
  )

  it.each(PROBES.map((p, index) => ({ ...p, file: fileOf(p, index) })).filter((p) => !p.flagged))(
    "allows $layer importing $specifier",
    ({ file }) => {
      expect(restricted.get(file)).toBeUndefined()
    },
  )

  it("reports nothing but the flagged probes", () => {
    const expected = PROBES.flatMap((p, index) => (p.flagged ? [fileOf(p, index)] : []))
    expect([...restricted.keys()].sort()).toEqual(expected.sort())
  })
})

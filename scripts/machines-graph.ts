// `npm run machines:graph`: draws every production machine (src/machines/**) as a Mermaid state
// diagram in docs/machines/<machine>.md, each transition marked taken by a model path (from the
// coverage the jsdom runs of tests/model wrote to .tmp/model-coverage), skipped by a model with its
// reason, or not covered; docs/machines/README.md indexes them with a coverage table.
// `node scripts/machines-graph.ts --check` writes nothing and fails when a machine some model
// `covers` has a transition that no path took and no model skips, or a skip names no transition.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import type { CoverageFile } from "../tests/model/support/coverage.ts"
import type { AnyFlowModel } from "../tests/model/support/model.ts"
import { loadMachines, type Machine, root, skipNames, type Transition } from "./machine-transitions.ts"
import { type Marked, machinePage, readme } from "./machines-graph-pages.ts"

const MODELS = join(root, "tests", "model")
const COVERAGE = join(root, ".tmp", "model-coverage")
const DOCS = join(root, "docs", "machines")

const loadModels = async (): Promise<ReadonlyArray<AnyFlowModel>> => {
  const files = readdirSync(MODELS)
    .filter((f) => f.endsWith(".model.ts"))
    .sort()
  const models: Array<AnyFlowModel> = []
  for (const file of files)
    models.push(((await import(pathToFileURL(join(MODELS, file)).href)) as { default: AnyFlowModel }).default)
  return models
}

const loadCoverage = (): ReadonlyArray<CoverageFile> =>
  existsSync(COVERAGE)
    ? readdirSync(COVERAGE)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(join(COVERAGE, f), "utf8")) as CoverageFile)
    : []

const check = process.argv.includes("--check")
const machines = await loadMachines()
const models = await loadModels()
const coverage = loadCoverage()
const problems: Array<string> = []

/** machine id → transition key → the models whose paths took it. */
const takenBy = new Map<string, Map<string, Set<string>>>()
for (const file of coverage)
  for (const [machine, keys] of Object.entries(file.machines))
    for (const key of keys) {
      const byKey = takenBy.get(machine) ?? new Map<string, Set<string>>()
      takenBy.set(machine, byKey)
      byKey.set(key, (byKey.get(key) ?? new Set()).add(file.model))
    }

/** skip name → its reason and the model giving it. */
const skips = new Map(
  models.flatMap((model) =>
    Object.entries(model.skips ?? {}).map(([name, reason]) => [name, { reason, model: model.id }] as const),
  ),
)
const usedSkips = new Set<string>()
const byId = new Map(machines.map((m) => [m.id, m]))

for (const model of models) {
  if (!coverage.some((file) => file.model === model.id))
    problems.push(
      `${model.id}: no coverage from its jsdom runs — run \`npx vitest run --project ui tests/model/${model.id}.test.tsx\``,
    )
  for (const id of model.covers)
    if (!byId.has(id)) problems.push(`${model.id}: covers "${id}", which is no machine in src/machines`)
}

const mark = (machine: Machine, t: Transition): Marked => {
  const models = [...(takenBy.get(machine.id)?.get(t.key) ?? [])].sort()
  if (models.length > 0) return { ...t, status: "taken", models }
  const skip = skipNames(machine.id, t).find((name) => skips.has(name))
  if (skip) {
    usedSkips.add(skip)
    const { reason, model } = skips.get(skip) ?? { reason: "", model: "" }
    return { ...t, status: "skipped", models: [model], reason }
  }
  return { ...t, status: "uncovered", models: [] }
}

const answered = new Set(models.flatMap((m) => m.covers))
const marked = machines.map((machine) => ({
  machine,
  transitions: machine.transitions.map((t) => mark(machine, t)),
  answeredBy: models.filter((m) => m.covers.includes(machine.id)).map((m) => m.id),
}))

for (const name of skips.keys())
  if (!usedSkips.has(name) && !machines.some((m) => m.transitions.some((t) => skipNames(m.id, t).includes(name))))
    problems.push(`${skips.get(name)?.model}: the skip "${name}" names no transition of a production machine`)

for (const { machine, transitions } of marked)
  if (answered.has(machine.id))
    for (const t of transitions.filter((x) => x.status === "uncovered"))
      problems.push(
        `${machine.id}: "${skipNames(machine.id, t).at(-1)}" (→ ${t.to.join(", ")}) is taken by no model path and skipped by none`,
      )

if (!check) {
  rmSync(DOCS, { recursive: true, force: true })
  mkdirSync(DOCS, { recursive: true })
  for (const page of marked) writeFileSync(join(DOCS, `${page.machine.id}.md`), machinePage(page))
  writeFileSync(join(DOCS, "README.md"), readme(marked))
  console.log(`Wrote ${marked.length} machine diagrams and the index to docs/machines/.`)
}

if (problems.length > 0) {
  console.error(`Model coverage of the production machines:\n${problems.map((p) => `  ✗ ${p}`).join("\n")}`)
  if (check) process.exit(1)
} else if (check) {
  const covered = marked.filter((m) => answered.has(m.machine.id))
  console.log(
    `Every transition of the ${covered.length} machines the models answer for is taken by a path or skipped with a reason.`,
  )
}

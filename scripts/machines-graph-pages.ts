// The pages `npm run machines:graph` writes: one per production machine (a Mermaid stateDiagram of
// its states and transitions, each marked by its model coverage, then the same as a table) and the
// index with the coverage table of all machines.
import type { AnyStateNode } from "xstate"
import type { Machine, Transition } from "./machine-transitions.ts"

export interface Marked extends Transition {
  readonly status: "taken" | "skipped" | "uncovered"
  /** The models whose paths took it, or the model that skips it. */
  readonly models: ReadonlyArray<string>
  readonly reason?: string
}

export interface MachinePage {
  readonly machine: Machine
  readonly transitions: ReadonlyArray<Marked>
  /** The models that list the machine in `covers`. */
  readonly answeredBy: ReadonlyArray<string>
}

const SIGN = { taken: "✓", skipped: "–", uncovered: "✗" } as const
const GENERATED = "<!-- Written by `npm run machines:graph` from src/machines and .tmp/model-coverage; do not edit. -->"

/** A Mermaid id for a state path ("" is the machine itself). */
const idOf = (path: string) => (path === "" ? "s__any" : `s_${path.replace(/[^A-Za-z0-9]/g, "_")}`)
/** Mermaid takes a label to the end of the line; `#` and `;` would end or escape it. */
const safe = (text: string) => text.replace(/[#;]/g, " ")
const labelOf = (t: Marked) => safe(`${t.event}${t.branch ? ` [${t.branch}]` : ""} ${SIGN[t.status]}`)

const commonPrefix = (paths: ReadonlyArray<string>) => {
  const parts = paths.map((p) => (p === "" ? [] : p.split(".")))
  const first = parts[0] ?? []
  let n = 0
  while (n < first.length && parts.every((p) => p[n] === first[n])) n++
  return first.slice(0, n).join(".")
}

/** The state whose block an edge is drawn in: the closest one holding its source and targets. */
const blockOf = (t: Marked) => {
  const sides = [t.from, ...t.to].map((p) => p.split(".").slice(0, -1).join("."))
  return t.from === "" ? "" : commonPrefix(sides)
}

const diagram = (machine: Machine, transitions: ReadonlyArray<Marked>) => {
  const lines = ["```mermaid", "stateDiagram-v2"]
  const edges = (block: string, indent: string) =>
    transitions
      .filter((t) => blockOf(t) === block)
      .flatMap((t) => t.to.map((to) => `${indent}${idOf(t.from)} --> ${idOf(to)}: ${labelOf(t)}`))
  const draw = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states)
    const path = node.path.join(".")
    const name = node.key
    if (children.length === 0) {
      lines.push(`${indent}state "${safe(name)}" as ${idOf(path)}`)
      if (node.type === "final") lines.push(`${indent}${idOf(path)} --> [*]`)
      return
    }
    const open = path === "" ? null : `${indent}state "${safe(name)}" as ${idOf(path)} {`
    const inner = path === "" ? indent : `${indent}  `
    if (open) lines.push(open)
    children.forEach((child, i) => {
      if (node.type === "parallel" && i > 0) lines.push(`${inner}--`)
      if (node.type !== "parallel" && node.initial?.target[0] === child)
        lines.push(`${inner}[*] --> ${idOf(child.path.join("."))}`)
      draw(child, inner)
    })
    lines.push(...edges(path, inner))
    if (open) lines.push(`${indent}}`)
  }
  if (transitions.some((t) => t.from === "")) lines.push(`  state "any state" as ${idOf("")}`)
  draw(machine.machine.root, "  ")
  lines.push("```")
  return lines.join("\n")
}

const count = (transitions: ReadonlyArray<Marked>, status: Marked["status"]) =>
  transitions.filter((t) => t.status === status).length

const row = (t: Marked) => {
  const coverage =
    t.status === "taken"
      ? `✓ ${t.models.join(", ")}`
      : t.status === "skipped"
        ? `– skipped by ${t.models.join(", ")}: ${t.reason ?? ""}`
        : "✗ not covered"
  const cell = (text: string) => text.replace(/\|/g, "\\|")
  return `| ${cell(t.from || "(any state)")} | \`${cell(t.event)}\` | ${cell(t.branch ?? "")} | ${cell(t.to.join(", "))} | ${cell(coverage)} |`
}

export const machinePage = ({ machine, transitions, answeredBy }: MachinePage) =>
  [
    GENERATED,
    `# ${machine.id}`,
    "",
    `\`${machine.file}\` — ${transitions.length} transitions: ${count(transitions, "taken")} taken by a model path (✓), ` +
      `${count(transitions, "skipped")} skipped with a reason (–), ${count(transitions, "uncovered")} not covered (✗).`,
    "",
    answeredBy.length > 0
      ? `Models that answer for it (\`covers\`): ${answeredBy.join(", ")}.`
      : "No model answers for it yet: what the models' runs take of it is shown for information.",
    "",
    diagram(machine, transitions),
    "",
    "| from | event | branch | to | coverage |",
    "|---|---|---|---|---|",
    ...transitions.map(row),
    "",
  ].join("\n")

export const readme = (pages: ReadonlyArray<MachinePage>) => {
  const all = pages.flatMap((p) => p.transitions)
  const line = ({ machine, transitions, answeredBy }: MachinePage) =>
    `| [${machine.id}](${machine.id}.md) | \`${machine.file}\` | ${transitions.length} | ${count(transitions, "taken")} | ` +
    `${count(transitions, "skipped")} | ${count(transitions, "uncovered")} | ${answeredBy.join(", ") || "—"} |`
  return [
    GENERATED,
    "# The production machines and their model coverage",
    "",
    "One page per machine in `src/machines`: its states and transitions as a state diagram, each transition",
    "marked ✓ when a model path (tests/model, jsdom runs) took it, – when a model skips it with a reason, ✗ when",
    "neither. `node scripts/machines-graph.ts --check` (run by `npm test` after the unit phase) fails on a ✗ in a",
    "machine that some model answers for (lists in `covers`). Regenerate with `npm run machines:graph` after",
    "`npx vitest run --project ui tests/model`.",
    "",
    `All machines: ${all.length} transitions, ${count(all, "taken")} taken, ${count(all, "skipped")} skipped, ` +
      `${count(all, "uncovered")} not covered.`,
    "",
    "| machine | file | transitions | taken ✓ | skipped – | not covered ✗ | answered for by |",
    "|---|---|---|---|---|---|---|",
    ...pages.map(line),
    "",
  ].join("\n")
}

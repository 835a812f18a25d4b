// The HTTP contract for integrators and QA: the OpenAPI 3.1 document generated from `Api` (served
// by HttpApiBuilder at OPENAPI_PATH) and a page at API_DOCS_PATH that renders it readably — every
// endpoint by group with its parameters, body, answers and the schemas they use. Plain HTML and
// CSS built on the server: no scripts, so the strict CSP holds.
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { OpenApi } from "effect/http-api"
import { Api } from "../../../src/domain/api/api.ts"
import { API_DOCS_PATH } from "../../../src/domain/shared/links.ts"
import { escapeHtml, ICON_LINK } from "./html.ts"

export const OPENAPI_PATH = "/api/openapi.json"

type JsonSchema = { readonly [key: string]: unknown }
const METHODS = ["get", "post", "put", "patch", "delete"] as const

const refName = (ref: string) => ref.split("/").at(-1) ?? ref
const anchor = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "-")

/**
 * A schema as a TypeScript-like type, which reads faster than JSON Schema: `{ code: string;
 * name?: string | null }`, `Plan[]`, `"year" | "month"`. Component references link to their schema.
 */
export const schemaText = (schema: unknown, depth = 0): string => {
  if (typeof schema !== "object" || schema === null) return "unknown"
  const s = schema as JsonSchema
  const pad = "  ".repeat(depth + 1)
  const end = "  ".repeat(depth)
  if (typeof s.$ref === "string") {
    const name = escapeHtml(refName(s.$ref))
    return `<a href="#schema-${anchor(refName(s.$ref))}">${name}</a>`
  }
  if (Array.isArray(s.enum)) return s.enum.map((v) => escapeHtml(JSON.stringify(v))).join(" | ")
  if ("const" in s) return escapeHtml(JSON.stringify(s.const))
  const union = (s.anyOf ?? s.oneOf) as ReadonlyArray<unknown> | undefined
  if (Array.isArray(union)) {
    // Effect encodes non-finite numbers as strings next to the number; a reader wants "number".
    const parts = union.filter(
      (u) =>
        !(
          typeof u === "object" &&
          u !== null &&
          Array.isArray((u as JsonSchema).enum) &&
          ((u as JsonSchema).enum as Array<unknown>).includes("NaN")
        ),
    )
    return [...new Set(parts.map((u) => schemaText(u, depth)))].join(" | ")
  }
  if (Array.isArray(s.allOf)) return s.allOf.map((u) => schemaText(u, depth)).join(" & ")
  if (s.type === "array") return `Array&lt;${schemaText(s.items, depth)}&gt;`
  if (s.type === "object" || typeof s.properties === "object") {
    const properties = Object.entries((s.properties ?? {}) as Record<string, unknown>)
    const required = new Set((s.required ?? []) as ReadonlyArray<string>)
    const extra = s.additionalProperties
    if (properties.length === 0) {
      return typeof extra === "object" && extra !== null ? `Record&lt;string, ${schemaText(extra, depth)}&gt;` : "{}"
    }
    const lines = properties.map(
      ([key, value]) => `${pad}${escapeHtml(key)}${required.has(key) ? "" : "?"}: ${schemaText(value, depth + 1)}`,
    )
    return `{\n${lines.join("\n")}\n${end}}`
  }
  if (typeof s.type === "string") {
    const limits = [
      typeof s.minLength === "number" ? `min length ${s.minLength}` : null,
      typeof s.maxLength === "number" ? `max length ${s.maxLength}` : null,
      typeof s.minimum === "number" ? `≥ ${s.minimum}` : null,
      typeof s.maximum === "number" ? `≤ ${s.maximum}` : null,
      typeof s.pattern === "string" ? `pattern ${escapeHtml(s.pattern)}` : null,
    ].filter((x) => x !== null)
    return limits.length > 0 ? `${s.type} <span class="note">(${limits.join(", ")})</span>` : s.type
  }
  return "unknown"
}

const block = (schema: unknown) => `<pre><code>${schemaText(schema)}</code></pre>`

const contentSchema = (content: unknown) => {
  const json = (content as Record<string, { schema?: unknown }> | undefined)?.["application/json"]
  return json?.schema
}

type Operation = {
  readonly operationId?: string
  readonly tags?: ReadonlyArray<string>
  readonly summary?: string
  readonly description?: string
  readonly security?: ReadonlyArray<Record<string, unknown>>
  readonly parameters?: ReadonlyArray<{
    readonly name: string
    readonly in: string
    readonly required?: boolean
    readonly schema?: unknown
  }>
  readonly requestBody?: { readonly content?: unknown }
  readonly responses?: Record<string, { readonly description?: string; readonly content?: unknown }>
}

const operationHtml = (method: string, path: string, op: Operation, apiSecurity: boolean) => {
  const id = op.operationId ?? `${method} ${path}`
  const secured = (op.security ?? (apiSecurity ? [{}] : [])).some((r) => Object.keys(r).length > 0)
  const parameters = op.parameters ?? []
  const body = op.requestBody ? contentSchema(op.requestBody.content) : undefined
  const responses = Object.entries(op.responses ?? {})
  return `<section class="operation" id="op-${anchor(id)}" aria-labelledby="op-${anchor(id)}-title">
<h3 id="op-${anchor(id)}-title"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="meta">Operation <code>${escapeHtml(id)}</code>${secured ? " · needs a session: the <code>token</code> cookie (browsers) or <code>Authorization: Bearer &lt;token&gt;</code> (API clients)" : ""}</p>
${op.summary ? `<p>${escapeHtml(op.summary)}</p>` : ""}${op.description ? `<p>${escapeHtml(op.description)}</p>` : ""}
${
  parameters.length > 0
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td><code>${schemaText(p.schema)}</code></td></tr>`,
        )
        .join("")}</tbody></table>`
    : ""
}
${body !== undefined ? `<h4>Request body (JSON)</h4>${block(body)}` : ""}
<h4>Answers</h4>
<dl class="responses">${responses
    .map(([status, response]) => {
      const schema = contentSchema(response.content)
      return `<dt><span class="status s${status.slice(0, 1)}">${escapeHtml(status)}</span> ${escapeHtml(response.description ?? "")}</dt><dd>${schema === undefined ? "<p>No body.</p>" : block(schema)}</dd>`
    })
    .join("")}</dl>
</section>`
}

/** The page: a contents list by group, every operation, then every named schema. */
export const apiDocsHtml = (spec: OpenApi.OpenAPISpec) => {
  const apiSecurity = (spec.security ?? []).some((r) => Object.keys(r).length > 0)
  const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as Record<string, Operation | undefined>)[method]
      return op ? [{ path, method, op, tag: op.tags?.[0] ?? "other" }] : []
    }),
  )
  const tags = [...new Set(operations.map((o) => o.tag))]
  const schemas = Object.entries(spec.components?.schemas ?? {})
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${ICON_LINK}
<title>${escapeHtml(spec.info.title)} ${escapeHtml(spec.info.version)} · Jingluo</title>
<style>
body{font-family:system-ui,sans-serif;background:#fbfaf6;color:#1d2a27;margin:0;line-height:1.5}
header,main{max-width:1000px;margin:0 auto;padding:16px 20px}header{border-bottom:1px solid #d9dfd9}
h1{margin:0 0 4px}h2{margin-top:2em;border-bottom:2px solid #0f5c4d;padding-bottom:4px}h3{margin:0 0 4px;font-size:1.1rem}
h4{margin:12px 0 4px;font-size:.95rem}a{color:#0a4238}code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9rem}
/* Long paths, operation ids and types break anywhere rather than push a phone's page sideways. */
code{overflow-wrap:anywhere}
/* Long schemas (the charts view ids) wrap: a region that scrolls would need a tab stop of its own. */
pre{background:#fff;border:1px solid #d9dfd9;border-radius:8px;padding:10px 12px;overflow:auto;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere}
.operation{background:#fff;border:1px solid #d9dfd9;border-radius:10px;padding:14px 16px;margin:14px 0}
.meta{color:#4a5a56;margin:0 0 8px}.note{color:#4a5a56;font-size:.85rem}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:6px;padding:1px 6px;color:#fff;font-weight:700;font-size:.85rem}
.get{background:#0f5c4d}.post{background:#1f4f9a}.put,.patch{background:#7a4b00}.delete{background:#a8322d}
.status{display:inline-block;border-radius:6px;padding:0 6px;font-weight:700;background:#e3efe9;color:#0a4238}
.s4,.s5{background:#fbeceb;color:#7d221e}dd{margin:0 0 8px}dt{margin-top:6px}
table{border-collapse:collapse;margin:8px 0;width:100%}caption{text-align:left;font-weight:600}
th,td{border:1px solid #d9dfd9;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
nav ul{columns:2 260px;padding-left:18px}:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
</style></head><body>
<header><h1>${escapeHtml(spec.info.title)}</h1>
<p>Version ${escapeHtml(spec.info.version)} · OpenAPI ${escapeHtml(spec.openapi)} · <a href="${OPENAPI_PATH}">the OpenAPI document (JSON)</a></p>
${spec.info.description ? `<p>${escapeHtml(spec.info.description)}</p>` : ""}</header>
<main>
<nav aria-label="Endpoints"><h2>Endpoints</h2>${tags
    .map(
      (tag) =>
        `<h3>${escapeHtml(tag)}</h3><ul>${operations
          .filter((o) => o.tag === tag)
          .map(
            (o) =>
              `<li><a href="#op-${anchor(o.op.operationId ?? `${o.method} ${o.path}`)}">${o.method.toUpperCase()} ${escapeHtml(o.path)}</a></li>`,
          )
          .join("")}</ul>`,
    )
    .join("")}</nav>
${tags
  .map(
    (tag) =>
      `<section aria-labelledby="tag-${anchor(tag)}"><h2 id="tag-${anchor(tag)}">${escapeHtml(tag)}</h2>${operations
        .filter((o) => o.tag === tag)
        .map((o) => operationHtml(o.method, o.path, o.op, apiSecurity))
        .join("\n")}</section>`,
  )
  .join("\n")}
${
  schemas.length > 0
    ? `<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas
        .map(
          ([name, schema]) =>
            `<section class="operation" id="schema-${anchor(name)}" aria-labelledby="schema-${anchor(name)}-title"><h3 id="schema-${anchor(name)}-title"><code>${escapeHtml(name)}</code></h3>${block(schema)}</section>`,
        )
        .join("\n")}</section>`
    : ""
}
</main></body></html>`
}

/** GET /api/docs: the rendered contract, built once. */
export const ApiDocsRoute = HttpRouter.add(
  "GET",
  API_DOCS_PATH,
  Effect.sync(() => HttpServerResponse.html(apiDocsHtml(OpenApi.fromApi(Api)))),
)

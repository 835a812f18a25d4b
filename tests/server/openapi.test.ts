// The OpenAPI document served at /api/openapi.json is generated from the contract and lists every
// endpoint of every group with its method and operation id; /api/docs renders all of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Api } from "../../src/domain/api/api.ts"
import { DATABASES, startTestServer, type TestServer } from "./support/harness.ts"

/** Every endpoint of the contract as [operationId, method, OpenAPI path]. */
const contractEndpoints = () =>
  Object.values(Api.groups).flatMap((group) =>
    Object.values(group.endpoints).map(
      (endpoint) =>
        [
          `${group.identifier}.${endpoint.identifier}`,
          endpoint.method.toLowerCase(),
          endpoint.path.replace(/:(\w+)/g, "{$1}"),
        ] as const,
    ),
  )

describe.each(DATABASES.slice(0, 1))("OpenAPI on %s", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it("serves the document with every endpoint of the contract", async () => {
    const response = await server.request("/api/openapi.json")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("application/json")
    const spec = (await response.json()) as {
      openapi: string
      info: { title: string }
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    expect(spec.openapi).toMatch(/^3\.1/)
    expect(spec.info.title).toBe("Jingluo API")
    const endpoints = contractEndpoints()
    expect(endpoints.length).toBeGreaterThan(25)
    for (const [operationId, method, path] of endpoints) {
      expect(spec.paths[path]?.[method]?.operationId, `${method.toUpperCase()} ${path}`).toBe(operationId)
    }
    const documented = Object.values(spec.paths).flatMap((item) => Object.values(item).map((op) => op.operationId))
    expect(documented.sort()).toEqual(endpoints.map(([id]) => id).sort())
  })

  it("says both ways to carry a session, how to ask for a bearer token, and 415 for anything but JSON", async () => {
    const spec = (await (await server.request("/api/openapi.json")).json()) as {
      info: { description: string }
      components: {
        securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>
        schemas: Record<string, unknown>
      }
      paths: Record<
        string,
        Record<
          string,
          {
            security?: Array<Record<string, Array<string>>>
            responses: Record<string, unknown>
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
          }
        >
      >
    }
    expect(spec.components.securitySchemes).toMatchObject({
      bearer: { type: "http", scheme: "Bearer" },
      cookie: { type: "apiKey", in: "cookie", name: "token" },
    })
    expect(spec.paths["/api/dashboard"]?.get?.security).toEqual([{ bearer: [] }, { cookie: [] }])
    const login = spec.paths["/api/login"]?.post
    expect(Object.keys(login?.requestBody?.content["application/json"]?.schema.properties ?? {})).toContain(
      "return_token",
    )
    for (const [path, item] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(item))
        if (method !== "get") expect(Object.keys(op.responses), `${method} ${path}`).toContain("415")
    expect(spec.info.description).toContain("return_token: true")
    expect(spec.info.description).toContain("Content-Type: application/json")
  })

  it("renders every endpoint on /api/docs as a page without scripts", async () => {
    const response = await server.request("/api/docs")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'")
    const html = await response.text()
    expect(html).not.toContain("<script")
    for (const [operationId, method, path] of contractEndpoints()) {
      expect(html, operationId).toContain(`<code>${operationId}</code>`)
      expect(html).toContain(`${method.toUpperCase()} ${path}`)
    }
  })
})

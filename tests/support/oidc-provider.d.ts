// `oidc-provider` ships no types; the test issuer uses only its constructor and request handler.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http"
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    proxy: boolean
  }
}

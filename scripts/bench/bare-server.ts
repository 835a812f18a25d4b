// The yardstick for content answers: a bare node:http server that sends one recorded answer —
// same status, headers and body bytes as the real server sent — to every request. Started as a
// child by the bench, it gets the answer over IPC and says its port back.
import { createServer } from "node:http"

interface RecordedAnswer {
  readonly status: number
  /** Name and value pairs as received, without the ones Node writes itself (Date, Connection…). */
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly bodyBase64: string
  readonly chunked: boolean
}

process.once("message", (message: RecordedAnswer) => {
  const body = Buffer.from(message.bodyBase64, "base64")
  const headers = message.headers.flat()
  const server = createServer((_request, response) => {
    response.writeHead(message.status, headers)
    if (message.chunked) response.write(body)
    response.end(message.chunked ? undefined : body)
  })
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 })
  })
  process.once("disconnect", () => process.exit(0))
})

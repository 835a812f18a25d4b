// A minimal SMTP server on 127.0.0.1 that keeps each message's envelope and DATA, for the mail
// tests. It can listen on a port chosen before (to stand in for an SMTP server coming back).
import { createServer, type Server } from "node:net"

/** Accepts one SMTP conversation at a time and keeps each message's DATA. */
export const smtpSink = () => {
  const messages: Array<{ from: string; to: Array<string>; data: string }> = []
  const server: Server = createServer((socket) => {
    let current = { from: "", to: [] as Array<string>, data: "" }
    let inData = false
    let buffer = ""
    socket.write("220 sink ESMTP\r\n")
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8")
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n")
          if (end < 0) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          messages.push(current)
          current = { from: "", to: [], data: "" }
          socket.write("250 OK queued\r\n")
          continue
        }
        const lineEnd = buffer.indexOf("\r\n")
        if (lineEnd < 0) return
        const line = buffer.slice(0, lineEnd)
        buffer = buffer.slice(lineEnd + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === "EHLO" || verb === "HELO") socket.write("250 sink\r\n")
        else if (verb === "MAIL") {
          current.from = line
          socket.write("250 OK\r\n")
        } else if (verb === "RCPT") {
          current.to.push(line)
          socket.write("250 OK\r\n")
        } else if (verb === "DATA") {
          inData = true
          socket.write("354 go ahead\r\n")
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n")
          return
        } else socket.write("250 OK\r\n")
      }
    })
  })
  const listen = (port = 0) =>
    new Promise<number>((done) =>
      server.listen(port, "127.0.0.1", () => {
        const address = server.address()
        done(typeof address === "object" && address ? address.port : 0)
      }),
    )
  const close = () => new Promise<void>((done) => server.close(() => done()))
  return { server, messages, listen, close }
}

/** A port on 127.0.0.1 that nothing listens on (yet). */
export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer()
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => done(typeof address === "object" && address ? address.port : 0))
    })
  })

// The server's render entry: draws one page to HTML from the answers the server already has, with
// the same composition as the browser's (main.tsx), so the browser hydrates exactly what was drawn.
// Built with `vite build --ssr src/entry-server.tsx` into dist/server/; the server loads that built
// file and nothing of src/ui itself (server/pages/). Nothing here fetches: the pages start from the
// embedded answers, and every flow waits in its first state until the browser starts it.
import { renderToReadableStream } from "react-dom/server"
import type { RenderRequest, RenderResult } from "./domain/shared/first-page.ts"
import { wire } from "./main.tsx"

export const render = async ({ url, language, cookies, answers }: RenderRequest): Promise<RenderResult> => {
  const { element, i18n, runtime } = await wire({
    // Never called: the server's drawing makes no calls (src/wiring/shared/runtime.ts).
    baseUrl: "http://127.0.0.1:9",
    server: { url, cookies },
    firstPage: { url, language, answers, namespaces: [] },
  })
  try {
    const stream = await renderToReadableStream(element, {
      onError: (error: unknown) => {
        console.error("Drawing a page failed:", error)
      },
    })
    // Every part is in hand (the page's script and texts were loaded by `wire`), so waiting for the
    // whole page costs nothing, and the server can keep the finished page for the next visitor.
    await stream.allReady
    const html = await new Response(stream).text()
    return { html, namespaces: i18n.reportNamespaces?.getUsedNamespaces() ?? [], head: "" }
  } finally {
    await runtime.dispose()
  }
}

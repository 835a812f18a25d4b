import react from "@vitejs/plugin-react"
import { defineConfig, type Plugin } from "vite"
import { cjkFaces } from "./scripts/hanzi.ts"
import { languagePages } from "./scripts/language-pages.ts"
import { precompress } from "./scripts/precompress.ts"
import { serviceWorker } from "./scripts/service-worker.ts"

/** The full Chinese faces' stylesheets (src/ui/shared/fonts/chinese.ts) kept to their Chinese slices. */
const chineseSlices = (): Plugin => ({
  name: "chinese-slices",
  enforce: "pre",
  transform: (code, id) => (/@fontsource\/noto-serif-(tc|sc)\/400\.css$/.test(id) ? cjkFaces(code) : undefined),
})

/**
 * React Aria's locale without ICU at start. On import it asks ICU whether the browser's language is
 * supported and, for every locale it is given, maximises it to find the text direction: ICU's first
 * use, ~60 ms of a phone's main thread before anything else runs. The app always gives React Aria
 * its language (src/main.tsx, from the server's page) and all of them are written left to right, so
 * the direction comes from React Aria's own list of right-to-left languages instead. Fails the build
 * if React Aria's code changed shape.
 */
const localeWithoutIcu = (): Plugin => {
  const patches: ReadonlyArray<readonly [RegExp, RegExp, string]> = [
    [/react-aria\/dist\/private\/i18n\/utils\.mjs$/, /if \(Intl\.Locale\) \{/, "if (false) {"],
    // A tag of the shape BCP 47 allows stands; another falls back to en-US as before.
    [
      /react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/,
      /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);/,
      "if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(locale)) throw new RangeError(locale);",
    ],
  ]
  return {
    name: "locale-without-icu",
    enforce: "pre",
    transform: (code, id) => {
      const patch = patches.find(([file]) => file.test(id))
      if (!patch) return undefined
      const [, from, to] = patch
      if (!from.test(code)) throw new Error(`locale-without-icu: ${id} no longer has ${from}`)
      // Each change stays on its line, so the module's source map still holds.
      return { code: code.replace(from, to), map: null }
    },
  }
}

// `npm run dev`: Vite with hot reload on 5173, /api proxied to the server started beside it.
// `vite build --ssr src/entry-server.tsx` (scripts/build.ts) builds the server's render entry from the
// same sources into dist/server/: no pages, no compressed copies, no public files, and the packages
// bundled in, so React runs its production build there whatever NODE_ENV says.
export default defineConfig(({ isSsrBuild, mode }) => ({
  // `precompress` writes .br and .gz beside each script, stylesheet and index.html of the build;
  // the server sends them by Accept-Encoding (server/platform/http/static-app.ts). `serviceWorker`
  // writes sw.js with the shell's files as the pages above left them, so it comes after them.
  plugins: [
    react(),
    chineseSlices(),
    localeWithoutIcu(),
    ...(isSsrBuild ? [] : [languagePages(), serviceWorker(), precompress()]),
  ],
  ssr: { noExternal: true },
  // The bundled packages pick their build by NODE_ENV: decided here, not by the server's environment.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify(mode) } : {},
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
  },
  // Source maps are written for error tools but not referenced from the scripts, and the server never
  // serves them (server/platform/http/static-app.ts).
  build: {
    outDir: "dist",
    copyPublicDir: !isSsrBuild,
    sourcemap: "hidden",
    target: "es2022",
    // Fonts stay files, never `data:` addresses: the CSP allows fonts from this origin only.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: "app", tags: ["$initial"] }],
            },
          },
        },
  },
}))

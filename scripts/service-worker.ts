// Build step: writes the service worker, `dist/sw.js`, from src/service-worker.ts — bundled on its
// own (a worker cannot share the app's chunks) with the list of the shell's files it keeps when it
// installs and the build's version, a hash of those files. Any change to the shell is a new worker,
// which the browser installs and which drops the old shell (src/domain/shared/offline.ts).
import { createHash } from "node:crypto"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve, sep } from "node:path"
import type { OutputBundle } from "rolldown"
import { rolldown } from "rolldown"
import type { Plugin } from "vite"
import { SERVICE_WORKER_PATH, SHELL_PAGE } from "../src/domain/shared/offline.ts"

const WORKER_SOURCE = resolve(import.meta.dirname, "..", "src", "service-worker.ts")

/**
 * Whether a file of the build belongs to the shell the worker keeps when it installs: the app's page,
 * every script and stylesheet (so any page of the app opens offline, not only those whose scripts
 * happened to load before), our own small Chinese subsets, and the public files (icons, manifest).
 * The full Chinese faces (6 MB in slices) are kept only as a page uses them; source maps, the
 * compressed copies, the language pages and the server's render entry never are.
 */
export const isShellFile = (file: string) =>
  `/${file}` === SHELL_PAGE ||
  /^assets\/[^/]+\.(js|css)$/.test(file) ||
  /^assets\/hanzi-[^/]+\.woff2$/.test(file) ||
  /^(favicon\.svg|manifest\.webmanifest|icons\/[^/]+\.png)$/.test(file)

/** The shell's addresses, sorted, from the build's file names (relative to dist/, `/` separated). */
export const shellFiles = (files: ReadonlyArray<string>): ReadonlyArray<string> =>
  [...new Set(files.filter(isShellFile).map((file) => `/${file}`))].sort()

/** The build's version: a hash of each shell file's address and bytes, so any change makes a new worker. */
export const buildVersion = (contents: ReadonlyMap<string, string | Uint8Array>): string => {
  const hash = createHash("sha256")
  for (const path of [...contents.keys()].sort())
    hash.update(path).update("\0").update(contents.get(path)!).update("\0")
  return hash.digest("base64url").slice(0, 16)
}

/** The worker's script for a shell and version. */
export const bundleWorker = async (files: ReadonlyArray<string>, version: string): Promise<string> => {
  const bundle = await rolldown({
    input: WORKER_SOURCE,
    platform: "browser",
    transform: {
      define: { __SHELL_FILES__: JSON.stringify(files), __BUILD_VERSION__: JSON.stringify(version) },
    },
  })
  try {
    const { output } = await bundle.generate({ format: "iife", minify: true })
    return output[0].code
  } finally {
    await bundle.close()
  }
}

const walk = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })

/** The bytes of each shell file: the build's outputs, and the public files Vite copies beside them. */
const shellContents = (bundle: OutputBundle, publicDir: string) => {
  const contents = new Map<string, string | Uint8Array>()
  for (const output of Object.values(bundle))
    if (isShellFile(output.fileName))
      contents.set(`/${output.fileName}`, output.type === "chunk" ? output.code : output.source)
  for (const path of walk(publicDir)) {
    const file = relative(publicDir, path).split(sep).join("/")
    if (isShellFile(file)) contents.set(`/${file}`, readFileSync(path))
  }
  return contents
}

export const serviceWorker = (): Plugin => {
  let publicDir = ""
  return {
    name: "jingluo:service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      publicDir = config.publicDir
    },
    async generateBundle(_, bundle) {
      if (bundle["index.html"] === undefined) return
      const contents = shellContents(bundle, publicDir)
      const source = await bundleWorker(
        shellFiles([...contents.keys()].map((path) => path.slice(1))),
        buildVersion(contents),
      )
      this.emitFile({ type: "asset", fileName: SERVICE_WORKER_PATH.slice(1), source })
    },
  }
}

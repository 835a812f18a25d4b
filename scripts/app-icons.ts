// `node scripts/app-icons.ts`: draws the installed app's icons from the favicon (public/favicon.svg)
// into public/icons/ with Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH): the round mark at
// 192 and 512 px on a clear ground, and a maskable 512 px and the 180 px home-screen icon of iOS on
// a full jade square, the mark shrunk into the middle 80 % a launcher's mask always leaves. Run it
// when the favicon changes and commit the PNGs (public/manifest.webmanifest names them).
import { mkdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { chromium } from "@playwright/test"

const root = resolve(import.meta.dirname, "..")
const ICONS = join(root, "public", "icons")
/** The app's jade (--jade in src/ui/styles.css), the favicon's own ground. */
const JADE = "#0f5c4d"

const favicon = `data:image/svg+xml;base64,${readFileSync(join(root, "public", "favicon.svg")).toString("base64")}`

const ICONS_DRAWN = [
  { file: "icon-192.png", size: 192, full: false },
  { file: "icon-512.png", size: 512, full: false },
  { file: "maskable-512.png", size: 512, full: true },
  { file: "apple-touch-icon.png", size: 180, full: true },
] as const

/** The page of one icon: the mark alone, or on a full square with the mark at 80 %. */
const pageOf = (size: number, full: boolean) => {
  const mark = full ? Math.round(size * 0.8) : size
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${full ? JADE : "transparent"}"><img src="${favicon}" width="${mark}" height="${mark}" alt=""></body></html>`
}

mkdirSync(ICONS, { recursive: true })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" })
try {
  for (const { file, size, full } of ICONS_DRAWN) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(pageOf(size, full))
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode())
    await page.screenshot({ path: join(ICONS, file), omitBackground: !full })
    await page.close()
    console.log(`public/icons/${file}`)
  }
} finally {
  await browser.close()
}

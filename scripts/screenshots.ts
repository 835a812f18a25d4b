// `npm run screenshots`: starts a fresh server (built app, empty database and outbox under
// .tmp/screenshots-data) and writes PNGs at 1280 and 375 px of the home page, the open drill-down,
// /search with 太淵 typed and searched, a point page, a locked page, a channel page, the upgrade modal,
// the API reference and, as Pro, a trunk point's page (CV-12), and the Spanish header at 900 px, into
// .tmp/screenshots/ for review.
// Debian's Chromium at /usr/bin/chromium (CHROMIUM_PATH) does the drawing.
import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { join, resolve } from "node:path"
import { type Browser, chromium, type Page } from "@playwright/test"
import { buildIfStale } from "./build-if-stale.ts"

const root = resolve(import.meta.dirname, "..")
const OUT = join(root, ".tmp", "screenshots")
const DATA = join(root, ".tmp", "screenshots-data")
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const
const PASSWORD = "lotus7root"

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once("error", fail)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => done(typeof address === "object" && address ? address.port : 3290))
    })
  })

const waitFor = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs
  const passes = () =>
    Promise.resolve()
      .then(check)
      .catch(() => false)
  while (Date.now() < until) {
    if (await passes()) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

const startServer = async (port: number): Promise<ChildProcess> => {
  rmSync(DATA, { recursive: true, force: true })
  const child = spawn(process.execPath, [join(root, "server", "main.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: DATA,
      RATE_LIMIT_FACTOR: "20",
      LOG_LEVEL: "warn",
    },
  })
  // A fresh database migrates and seeds first: about 110 s when the machine is busy.
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, "the server", 180_000)
  return child
}

/** Registers and verifies an account through the API, reading the code from the outbox. */
const createUser = async (base: string, email: string) => {
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      firstName: "Lin",
      lastName: "Wei",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsChecked: true,
      promotional: false,
    }),
  })
  const { uuid } = (await registered.json()) as { uuid: string }
  const outbox = join(DATA, "outbox")
  let code = ""
  await waitFor(() => {
    const file = readdirSync(outbox).find((f) => f.includes("-verify-email-") && f.endsWith(`${email}.eml`))
    code = file ? (/^(\d{4})\r?$/m.exec(readFileSync(join(outbox, file), "utf8"))?.[1] ?? "") : ""
    return code !== ""
  }, "the verification mail")
  // The registering browser's sign-up cookie: a verification from elsewhere would ask for the
  // password again instead of keeping the registered one.
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
  const verified = await fetch(`${base}/api/verify-email/${uuid}/${code}`, { headers: { cookie } })
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`)
}

const signIn = async (page: Page, email: string) => {
  await page.goto("/login")
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.startsWith("/login"))
  // The payment modal offers itself once after signing in; close it for the page shots.
  const offer = page.getByRole("dialog")
  await offer.waitFor()
  await offer.locator(".modal-header button").click()
  await offer.waitFor({ state: "detached" })
}

const settle = async (page: Page) => {
  await page
    .locator(".page-loader")
    .waitFor({ state: "detached" })
    .catch(() => {})
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
}

const shoot = async (page: Page, name: string, width: number, fullPage = false) => {
  await settle(page)
  const file = join(OUT, `${name}-${width}.png`)
  await page.screenshot({ path: file, fullPage })
  console.log(`  ${file}`)
}

const openMenu = async (page: Page, width: number) => {
  if (width > 764) await page.getByRole("button", { name: "Channel points" }).click()
  else {
    await page.getByRole("button", { name: "Menu" }).click()
    await page.getByRole("menuitem", { name: "Channel points" }).click()
  }
  const menu = page.getByRole("navigation", { name: "Channels, point categories and body areas" })
  await menu.getByRole("option", { name: "Channel pathways and points" }).click()
  await menu.getByRole("option", { name: /Lung Channel/ }).click()
}

const run = async (browser: Browser, base: string) => {
  for (const viewport of WIDTHS) {
    const { width } = viewport
    const context = await browser.newContext({ viewport, baseURL: base })
    await context.addCookies([{ name: "cookieAccepted", value: "yes", url: base }])
    const page = await context.newPage()

    await page.goto("/")
    await shoot(page, "home-visitor", width, true)
    await page.goto("/point/st-36-zusanli")
    await page.getByRole("dialog").waitFor()
    await shoot(page, "upgrade-modal-lite", width)

    const email = `screens-${width}-${Date.now()}@example.com`
    await createUser(base, email)
    await signIn(page, email)
    await shoot(page, "home", width, true)
    // Chinese typed into the search: the field and the results' highlights in our fonts.
    await page.goto("/search")
    const keywordForm = page.getByRole("form", { name: "Keyword" })
    await keywordForm.getByRole("searchbox", { name: "Keyword" }).fill("太淵")
    await keywordForm.getByRole("button", { name: "Search", exact: true }).click()
    await page.locator(".search-results").getByRole("listitem").first().waitFor()
    await shoot(page, "search-hanzi", width)
    await openMenu(page, width)
    await shoot(page, "drill-down", width)
    await page.goto("/point/lu-9-taiyuan")
    await shoot(page, "point", width)
    await shoot(page, "point-full", width, true)
    // The lite modal offered itself on the visitor's locked page already (once a session): the
    // locked page itself now.
    await page.goto("/point/st-36-zusanli")
    await page.getByRole("heading", { level: 1, name: /ST-36/ }).waitFor()
    await shoot(page, "locked", width)
    await page.goto("/book/pages/channels")
    await shoot(page, "channels", width, true)
    await page.goto("/")
    await page.getByRole("button", { name: "Upgrade to Pro" }).click()
    await page.getByRole("dialog").locator(".plan-card").first().waitFor()
    await shoot(page, "upgrade-modal", width)
    await page.keyboard.press("Escape")
    await page.goto("/account-settings/my-membership")
    await shoot(page, "membership", width)
    await page.goto("/book/pages/channels/lung-channel")
    await shoot(page, "channel", width, true)
    await page.goto("/api/docs")
    await shoot(page, "api-docs", width)
    // As Pro: a trunk point, its chart opened on the trunk around it.
    await page.goto("/pricing")
    await page.getByRole("button", { name: "Continue" }).click()
    await page.getByRole("button", { name: "Start trial" }).click()
    await page.getByRole("heading", { level: 1, name: "Welcome to Jingluo Pro" }).waitFor()
    await page.goto("/point/cv-12-zhongwan")
    await page.locator('.chart-svg a[aria-current="true"]').first().waitFor()
    await shoot(page, "point-trunk", width)
    await page.locator(".chart-panel").scrollIntoViewIfNeeded()
    await shoot(page, "point-trunk-chart", width)
    await context.close()
  }
  // The header between the wide entries and the phone's menu: Spanish, signed out and in, at 900 px.
  const context = await browser.newContext({ viewport: { width: 900, height: 600 }, baseURL: base })
  await context.addCookies([
    { name: "cookieAccepted", value: "yes", url: base },
    { name: "language", value: "es", url: base },
  ])
  const page = await context.newPage()
  await page.goto("/about")
  await shoot(page, "header-es-signed-out", 900)
  const email = `screens-es-${Date.now()}@example.com`
  await createUser(base, email)
  await signIn(page, email)
  await page.goto("/about")
  await shoot(page, "header-es", 900)
  await context.close()
}

buildIfStale()
mkdirSync(OUT, { recursive: true })
const port = await freePort()
const server = await startServer(port)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
})
try {
  console.log(`Screenshots into ${OUT}:`)
  await run(browser, `http://127.0.0.1:${port}`)
} finally {
  await browser.close()
  server.kill("SIGTERM")
}

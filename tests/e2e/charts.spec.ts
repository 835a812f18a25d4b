// Body-chart journeys against the real server: a point's page shows it on its best view (the trunk
// and one point per view) on top, labelled and inside the drawing, which zooms centred on it; the
// Lung chart walked LU-1 → LU-11 by arrow keys and LU-9 opened; the explorer by keyboard and by
// mouse; "where is ST-36?" answered without the mouse, and find-the-point answered by mouse; a
// Standard user sees Pro points only as unlabelled dots; a press a few pixels off a dot still takes it; zoom by wheel and drag;
// forced colours and reduced motion; the explorer's safety highlight for Pro (SP-6 on the front,
// LI-4 on the back of the hand, marked in words and by marks that hold 3:1) and for Standard (free
// points only, and a line that Pro points are not); axe with WCAG 2.2 AA on every chart page and state.
import { readFileSync } from "node:fs"
import type { Locator, Page } from "@playwright/test"
import { loadContent } from "../../server/content/load-content.ts"
import { CHART_VIEW_IDS } from "../../src/domain/charts/chart-ids.ts"
import { highlightedPoints } from "../../src/domain/charts/chart-safety.ts"
import type { ChartIndex, ServedChart } from "../../src/domain/charts/chart-views.ts"
import { createVerifiedUser, expectAccessible, goInApp, signIn, signInAsPro } from "./support/fixtures.ts"
import { expect, test } from "./support/test.ts"

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieAccepted", value: "yes", url: baseURL! }])
})

const content = loadContent()

/** The API as this browser's user: the session token rides in a cookie the app sends as a bearer. */
const api = async <A>(page: Page, path: string): Promise<A> => {
  const token = (await page.context().cookies()).find((c) => c.name === "token")?.value
  const response = await page.request.get(path, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  expect(response.status()).toBe(200)
  return (await response.json()) as A
}

const chartRegion = (page: Page, name = "On the body chart") => page.getByRole("region", { name })
const drawingOf = (region: Locator, name: string | RegExp) => region.getByRole("group", { name })

/** The accessible name of the focused element. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")

/** Tab from the top of the page until the keyboard is inside the element. */
const tabInto = async (page: Page, target: Locator) => {
  await page.locator("body").focus()
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el.contains(document.activeElement))) return
    await page.keyboard.press("Tab")
  }
  throw new Error("Tab never reached the element")
}

/**
 * Where a point's own dot stands on its page's chart: the site drawn last of all the points, whether
 * the element on screen at its centre is that dot (nothing drawn or laid over it), whether its
 * label is there, and whether the dot lies inside the drawing.
 */
const currentDot = (page: Page, key: string) =>
  page.locator(".chart-svg").evaluate((svg, wanted) => {
    svg.scrollIntoView({ block: "center" })
    const links = [...svg.querySelectorAll("a[data-key]")]
    const link = links.find((a) => a.getAttribute("data-key") === wanted)
    const dot = link?.querySelector("circle")?.getBoundingClientRect()
    if (!link || !dot) return { drawnLast: false, onTop: false, label: "", inside: false }
    const frame = svg.getBoundingClientRect()
    const hit = document.elementFromPoint(dot.x + dot.width / 2, dot.y + dot.height / 2)
    return {
      drawnLast: links.at(-1) === link,
      onTop: hit !== null && link.contains(hit),
      label: svg.querySelector(".chart-label.is-main text")?.textContent ?? "",
      inside: dot.left >= frame.left && dot.right <= frame.right && dot.top >= frame.top && dot.bottom <= frame.bottom,
    }
  }, key)

test("a point's page shows it on its best view, on top of its neighbours, labelled, in the frame: the trunk and one point per view", async ({
  page,
}) => {
  // Every one of the points is checked the same way, without a browser, in
  // tests/ui/chart-every-point.test.tsx; here the browser's own drawing and hit-testing have the word.
  test.setTimeout(180_000)
  await signInAsPro(page)
  const index = await api<ChartIndex>(page, "/api/charts")
  const all = [...content.channels.flatMap((c) => c.points), ...content.extraPoints]
  // Trunk points among their neighbours on a whole-body view, and for every view a point whose best view it is.
  const sample = all.filter((p) => ["CV-12", "CV-17", "GV-4"].includes(p.code))
  for (const view of CHART_VIEW_IDS) {
    const code = Object.entries(index.points).find(([, places]) => places[0]?.view === view)?.[0]
    expect(code, `a point shown best on ${view}`).toBeDefined()
    const point = all.find((p) => p.code === code)!
    if (!sample.includes(point)) sample.push(point)
  }
  const titles = new Map(index.views.map((v) => [v.id as string, v.title]))
  const viewsSeen = new Set<string>()
  await page.goto("/book/pages")
  for (const point of sample) {
    await goInApp(page, `/point/${point.slug}`)
    const region = chartRegion(page)
    const best = index.points[point.code]![0]!
    const drawing = drawingOf(region, "On the body chart")
    const link = drawing.locator(`a[data-key="${best.key}"]`)
    await expect(link, point.code).toHaveAttribute("aria-current", "true")
    await expect(link).toHaveAccessibleName(new RegExp(`^${point.code} `))
    await expect(region.getByRole("figure")).toContainText(titles.get(best.view)!)
    await expect
      .poll(() => currentDot(page, best.key ?? ""), { message: point.code })
      .toEqual({ drawnLast: true, onTop: true, label: expect.stringMatching(`^${point.code} `), inside: true })
    viewsSeen.add(best.view)
  }
  expect([...viewsSeen].sort()).toEqual([...CHART_VIEW_IDS].sort())

  // Zoomed in further by the buttons and the keys, CV-12 stays in the middle of the drawing, on top.
  await goInApp(page, "/point/cv-12-zhongwan")
  const region = chartRegion(page)
  const drawing = drawingOf(region, "On the body chart")
  await expect(drawing.locator('a[data-key="CV-12"]')).toHaveAttribute("aria-current", "true")
  const centred = async () => {
    const dot = await currentDot(page, "CV-12")
    const frame = (await drawing.boundingBox())!
    const circle = (await drawing.locator('a[data-key="CV-12"] circle').boundingBox())!
    const offset = Math.hypot(
      circle.x + circle.width / 2 - (frame.x + frame.width / 2),
      circle.y + circle.height / 2 - (frame.y + frame.height / 2),
    )
    return { ...dot, centred: offset < 4 }
  }
  const zoomIn = region.getByRole("button", { name: "Zoom in" })
  const byKey = async () => {
    await drawing.locator('a[data-key="CV-12"]').focus()
    await page.keyboard.press("+")
  }
  for (const press of [() => zoomIn.click(), () => zoomIn.click(), byKey]) {
    const before = await drawing.getAttribute("viewBox")
    await press()
    await expect.poll(() => drawing.getAttribute("viewBox")).not.toBe(before)
    await expect.poll(centred).toMatchObject({ onTop: true, inside: true, centred: true })
  }
})

test("the Lung chart walked LU-1 → LU-11 by arrow keys, LU-9 opened with Enter", async ({ page }) => {
  await page.goto("/book/pages/channels/lung-channel")
  const region = chartRegion(page, "The course on the body chart")
  const drawing = drawingOf(region, "The course on the body chart")
  await expect(drawing.getByRole("link", { name: /^LU-1 Zhōngfǔ/ }).first()).toBeVisible()
  await expectAccessible(page)
  await tabInto(page, drawing)
  expect(await focusedName(page)).toMatch(/^LU-1 Zhōngfǔ/)
  for (let n = 2; n <= 11; n++) {
    await page.keyboard.press("ArrowRight")
    await expect.poll(() => focusedName(page)).toMatch(new RegExp(`^LU-${n} `))
  }
  // Past the end there is nothing further.
  await page.keyboard.press("ArrowRight")
  expect(await focusedName(page)).toMatch(/^LU-11 /)
  await page.keyboard.press("ArrowLeft")
  await page.keyboard.press("ArrowLeft")
  await expect.poll(() => focusedName(page)).toMatch(/^LU-9 Tàiyuān/)
  // The focused point is labelled and ringed.
  await expect(drawing.locator(".chart-labels text", { hasText: /^LU-9$/ })).toHaveCount(1)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/point\/lu-9-taiyuan$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-9 Tàiyuān")
  // LU-9 is highlighted on its best view, its neighbours labelled.
  const pointChart = drawingOf(chartRegion(page), "On the body chart")
  await expect(pointChart.locator('a[aria-current="true"]').first()).toHaveAccessibleName(/^LU-9 Tàiyuān/)
  await expect(pointChart.locator(".chart-labels text")).toContainText(["LU-9 Tàiyuān"])
  await expect(pointChart.locator(".chart-labels")).toContainText("LU-8")
  await expect(pointChart.locator(".chart-labels")).toContainText("LU-10")
  await expectAccessible(page)
})

test("the Lung chart by mouse: click a point, zoom with Ctrl+wheel and the buttons, drag to pan", async ({ page }) => {
  await page.goto("/book/pages/channels/lung-channel")
  const region = chartRegion(page, "The course on the body chart")
  const drawing = drawingOf(region, "The course on the body chart")
  await expect(drawing.getByRole("link", { name: /^LU-5 / }).first()).toBeVisible()
  const viewBox = () => drawing.getAttribute("viewBox")
  const whole = await viewBox()
  // The chart lies below the channel's texts: bring it on screen, then point at it.
  await drawing.scrollIntoViewIfNeeded()
  const pointAt = async () => {
    const b = (await drawing.boundingBox())!
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 3)
    return b
  }
  // A plain wheel scrolls the page and says how to zoom.
  await pointAt()
  await page.mouse.wheel(0, 100)
  await expect(region.getByText("Hold Ctrl (⌘ on a Mac) and scroll to zoom")).toBeVisible()
  expect(await viewBox()).toBe(whole)
  await pointAt()
  await page.keyboard.down("Control")
  await page.mouse.wheel(0, -300)
  await page.keyboard.up("Control")
  await expect.poll(viewBox).not.toBe(whole)
  const zoomed = await viewBox()
  const box = await pointAt()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 5 })
  await page.mouse.up()
  await expect.poll(viewBox).not.toBe(zoomed)
  await region.getByRole("button", { name: "Whole view" }).click()
  await expect.poll(viewBox).toBe(whole)
  await region.getByRole("button", { name: "Zoom in" }).click()
  await expect(region.getByText("Zoom 150 %")).toBeAttached()
  await region.getByRole("button", { name: "Whole view" }).click()
  await drawing
    .getByRole("link", { name: /^LU-5 Chǐzé/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/point\/lu-5-chize$/)
})

test("a point is easy to hit with the mouse: a press a few pixels off a dot takes it, one far from any dot does nothing", async ({
  page,
}) => {
  await page.goto("/book/pages/channels/lung-channel")
  const region = chartRegion(page, "The course on the body chart")
  const drawing = drawingOf(region, "The course on the body chart")
  const lu5 = drawing.getByRole("link", { name: /^LU-5 Chǐzé/ }).first()
  await expect(lu5).toBeVisible()
  await drawing.scrollIntoViewIfNeeded()
  await expectAccessible(page)
  const centres = await drawing.locator(".chart-dot").evaluateAll((dots) =>
    dots.map((dot) => {
      const b = dot.getBoundingClientRect()
      return { key: dot.closest("a")?.getAttribute("data-key") ?? "", x: b.x + b.width / 2, y: b.y + b.height / 2 }
    }),
  )
  const target = centres.find((c) => c.key === /* the near side's */ "LU-5:right")!
  expect(target).toBeTruthy()
  const nearestTo = (x: number, y: number) =>
    centres.reduce((best, c) => (Math.hypot(c.x - x, c.y - y) < Math.hypot(best.x - x, best.y - y) ? c : best))
  // 7 px off the dot's centre (its radius is 4.5 px), where LU-5 is still the nearest dot.
  const off = [
    [7, 0],
    [-7, 0],
    [0, 7],
    [0, -7],
  ]
    .map(([dx, dy]) => ({ x: target.x + dx!, y: target.y + dy! }))
    .find((p) => nearestTo(p.x, p.y).key === target.key)!
  expect(off).toBeTruthy()
  await page.mouse.move(off.x, off.y)
  await expect(drawing).toHaveAttribute("data-over-point", "")
  // Far from every dot: the pointer is plain and a click opens nothing.
  const box = (await drawing.boundingBox())!
  const far = [0.1, 0.3, 0.5, 0.7, 0.9]
    .flatMap((fx) => [0.1, 0.3, 0.5, 0.7, 0.9].map((fy) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy })))
    .find((p) => centres.every((c) => Math.hypot(c.x - p.x, c.y - p.y) > 40))!
  expect(far).toBeTruthy()
  await page.mouse.move(far.x, far.y)
  await expect(drawing).not.toHaveAttribute("data-over-point")
  await page.mouse.click(far.x, far.y)
  await expect(page).toHaveURL(/\/book\/pages\/channels\/lung-channel$/)
  await page.mouse.click(off.x, off.y)
  await expect(page).toHaveURL(/\/point\/lu-5-chize$/)
})

test("the explorer by keyboard: arrow keys walk the channel, the details follow, keys zoom, Enter opens the point", async ({
  page,
}) => {
  await page.goto("/book/charts/hand-palm?point=LU-9")
  const region = page.getByRole("region", { name: "Hand, palm" })
  const drawing = drawingOf(region, "Hand, palm")
  await expect(drawing.locator('a[data-key="LU-9:right"]')).toBeVisible()
  await tabInto(page, drawing)
  expect(await focusedName(page)).toMatch(/^LU-9 Tàiyuān/)
  const details = page.getByRole("complementary")
  await expect(details.getByRole("heading", { level: 2 })).toContainText("LU-9")
  await expect(details).toContainText("On the channel: LU-8 before, LU-10 after")
  await page.keyboard.press("ArrowRight")
  await expect.poll(() => focusedName(page)).toMatch(/^LU-10 /)
  await expect(details.getByRole("heading", { level: 2 })).toContainText("LU-10")
  await page.keyboard.press("End")
  await expect.poll(() => focusedName(page)).toMatch(/^LU-11 /)
  await expect(details).toContainText("LU-10 before, last point after")
  // Zoom by keys: the level is announced, the keyboard stays on the point.
  await page.keyboard.press("+")
  await expect(region.getByText("Zoom 150 %")).toBeAttached()
  expect(await focusedName(page)).toMatch(/^LU-11 /)
  await page.keyboard.press("0")
  await expect(region.getByText("Zoom 100 %")).toBeAttached()
  await page.keyboard.press("ArrowLeft")
  await page.keyboard.press("ArrowLeft")
  await page.keyboard.press("ArrowLeft")
  await expect.poll(() => focusedName(page)).toMatch(/^LU-8 Jīngqú/)
  await expectAccessible(page)
  // Tab leaves the chart: one tab stop for all its points.
  await page.keyboard.press("Tab")
  expect(await drawing.evaluate((el) => el.contains(document.activeElement))).toBe(false)
  await page.keyboard.press("Shift+Tab")
  await expect.poll(() => focusedName(page)).toMatch(/^LU-8 /)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/point\/lu-8-jingqu$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-8 Jīngqú")
})

test("the explorer by mouse: pick a view, zoom with the buttons, click a point, read it as a list", async ({
  page,
}) => {
  await page.goto("/book/charts")
  await page.getByRole("button", { name: /View/ }).click()
  await page.getByRole("option", { name: "Hand, palm" }).click()
  await expect(page).toHaveURL(/\/book\/charts\/hand-palm$/)
  const region = page.getByRole("region", { name: "Hand, palm" })
  const drawing = drawingOf(region, "Hand, palm")
  await expect(drawing.getByRole("link", { name: /^LU-10 / })).toBeVisible()
  const viewBox = () => drawing.getAttribute("viewBox")
  const whole = await viewBox()
  await region.getByRole("button", { name: "Zoom in" }).click()
  await expect(region.getByText("Zoom 150 %")).toBeAttached()
  await expect.poll(viewBox).not.toBe(whole)
  await region.getByRole("button", { name: "Move down" }).click()
  await region.getByRole("button", { name: "Zoom out" }).click()
  await expect(region.getByText("Zoom 100 %")).toBeAttached()
  await expect.poll(viewBox).toBe(whole)
  // The list shows the same points, each a link with its code and name, and its location text.
  await region.getByRole("radio", { name: "List" }).click()
  await expect(region.getByText("The points are shown as a list.")).toBeAttached()
  const item = region.getByRole("link", { name: /^LU-10 Yújì/ })
  await expect(item).toBeVisible()
  await expectAccessible(page)
  await region.getByRole("radio", { name: "Chart" }).click()
  await drawing.getByRole("link", { name: /^LU-10 Yújì/ }).click()
  await expect(page).toHaveURL(/\/point\/lu-10-yuji$/)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LU-10 Yújì")
})

test("find the point by mouse: click near a position, check, hear the judgement, go on", async ({ page }) => {
  await page.goto("/book/charts/hand-palm")
  await page.getByRole("radio", { name: "Find the point" }).click()
  const question = page.getByRole("radiogroup", { name: /^Where is / })
  await expect(question).toBeVisible()
  const chart = await api<ServedChart>(page, "/api/charts/hand-palm")
  const judgement = page.getByRole("status").filter({ hasText: /^(Right|Not quite)/ })

  /** The asked point's code and its positions: which one is drawn where the served view puts it. */
  const asked = async () => {
    const heading = (await page.getByRole("heading", { level: 2, name: /^Where is / }).textContent())!
    const code = /^Where is (\S+) /.exec(heading)![1]!
    const sites = chart.points.find((p) => p.code === code)!.sites
    const radios = await question.getByRole("radio").all()
    const positions = await Promise.all(
      radios.map(async (radio) => {
        const marker = radio.locator(".answer-marker")
        const x = Number(await marker.getAttribute("cx"))
        const y = Number(await marker.getAttribute("cy"))
        return { radio, marker, right: sites.some((s) => Math.hypot(s.x - x, s.y - y) < 0.5) }
      }),
    )
    return { code, positions }
  }
  /** A click a few pixels beside the marker: near enough chooses it. */
  const clickNear = async (marker: Locator) => {
    await marker.scrollIntoViewIfNeeded()
    const b = (await marker.boundingBox())!
    await page.mouse.click(b.x + b.width / 2 + 4, b.y + b.height / 2 + 3)
  }

  // Check before choosing: a hint, nothing judged.
  await page.getByRole("button", { name: "Check" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Choose a position first." })).toBeVisible()

  const first = await asked()
  const right = first.positions.find((p) => p.right)!
  await clickNear(right.marker)
  await expect(right.radio).toHaveAttribute("aria-checked", "true")
  const letter = (await right.radio.getAttribute("aria-label"))!.replace(/^Position (\w).*$/, "$1")
  await page.getByRole("button", { name: "Check" }).click()
  await expect(judgement).toHaveText(`Right: ${first.code} is at position ${letter}.`)
  await expect(page.getByText("1 of 1 right")).toBeVisible()
  await expectAccessible(page)

  await page.getByRole("button", { name: "Next point" }).click()
  await expect(judgement).toHaveCount(0)
  const second = await asked()
  expect(second.code).not.toBe(first.code)
  const wrong = second.positions.find((p) => !p.right)!
  await wrong.radio.click()
  const chosen = (await wrong.radio.getAttribute("aria-label"))!.replace(/^Position (\w).*$/, "$1")
  await page.getByRole("button", { name: "Check" }).click()
  await expect(judgement).toContainText(`Not quite: you chose ${chosen}; ${second.code} is at position`)
  await expect(question.getByRole("radio", { name: /, the right answer$/ })).toHaveCount(1)
  await expect(page.getByText("1 of 2 right")).toBeVisible()
  // Judged: the positions are read-only, and a click on another changes nothing.
  const rightOne = second.positions.find((p) => p.right)!.radio
  await expect(rightOne).toBeDisabled()
  await rightOne.click({ force: true })
  await expect(question.getByRole("radio", { name: `Position ${chosen}, your answer` })).toHaveAttribute(
    "aria-checked",
    "true",
  )
})

test("where is ST-36? answered on the chart without the mouse, from the point page", async ({ page }) => {
  await signInAsPro(page)
  await page.goto("/point/st-36-zusanli")
  const practise = chartRegion(page).getByRole("link", { name: "Practise finding it on the chart" })
  await expect(practise).toBeVisible()
  await tabInto(page, practise)
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/book\/charts\/[a-z-]+\?find=ST-36$/)
  const view = new URL(page.url()).pathname.split("/").at(-1)!
  const question = page.getByRole("radiogroup", { name: /^Where is ST-36 Zúsānlǐ\?$/ })
  await expect(question).toBeVisible()
  await expectAccessible(page)

  // Which lettered position is ST-36: the one drawn where the served view puts it.
  const chart = await api<ServedChart>(page, `/api/charts/${view}`)
  const st36 = chart.points.find((p) => p.code === "ST-36")!.sites[0]!
  const positions = await question.getByRole("radio").evaluateAll((radios) =>
    radios.map((r) => {
      const marker = r.querySelector(".answer-marker")!
      return {
        name: r.getAttribute("aria-label")!,
        x: Number(marker.getAttribute("cx")),
        y: Number(marker.getAttribute("cy")),
      }
    }),
  )
  expect(positions.length).toBeGreaterThanOrEqual(3)
  const right = positions.find((p) => Math.hypot(p.x - st36.x, p.y - st36.y) < 0.5)!
  const letter = right.name.replace("Position ", "")

  // Keys only: into the group, then the arrow toward the right position until it is chosen.
  await tabInto(page, question)
  for (let i = 0; i < 12; i++) {
    const focused = (await focusedName(page)).replace(/,.*$/, "")
    const at = positions.find((p) => p.name === focused)!
    if (at === right) break
    const dx = right.x - at.x
    const dy = right.y - at.y
    await page.keyboard.press(
      Math.abs(dy) >= Math.abs(dx) ? (dy > 0 ? "ArrowDown" : "ArrowUp") : dx > 0 ? "ArrowRight" : "ArrowLeft",
    )
  }
  await page.keyboard.press("Space")
  await expect(question.getByRole("radio", { name: `Position ${letter}, your answer` })).toHaveAttribute(
    "aria-checked",
    "true",
  )
  await page.keyboard.press("Tab")
  await expect(page.getByRole("button", { name: "Check" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("status").filter({ hasText: "Right:" })).toHaveText(
    `Right: ST-36 is at position ${letter}.`,
  )
  await expect(question.getByRole("radio", { name: `Position ${letter}, the right answer` })).toBeVisible()
  await expect(page.getByText("1 of 1 right")).toBeVisible()
  await expectAccessible(page)
  // Next point: the keyboard is on the button, the new question is read from its heading.
  await expect(page.getByRole("button", { name: "Next point" })).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { level: 2, name: /^Where is / })).toBeFocused()
  await expect(page.getByRole("heading", { level: 2, name: /^Where is ST-36 / })).toHaveCount(0)
})

test("a Standard user sees Pro points only as unlabelled dots, and Pro pages behind the upgrade modal", async ({
  page,
}) => {
  await signIn(page, await createVerifiedUser(page))
  const served = await api<ServedChart>(page, "/api/charts/body-front")
  expect(JSON.stringify(served)).not.toContain("ST-36")
  expect(served.dots.length).toBeGreaterThan(100)

  await page.goto("/book/charts/body-front")
  const region = page.getByRole("region", { name: "Whole body, front" })
  const drawing = drawingOf(region, "Whole body, front")
  const links = drawing.getByRole("link")
  await expect(links.first()).toBeVisible()
  const names = await links.evaluateAll((all) => all.map((a) => a.getAttribute("aria-label") ?? ""))
  expect(names.length).toBe(served.points.flatMap((p) => p.sites).length)
  expect(names.every((n) => /^(LU|LI)-\d+ /.test(n))).toBe(true)
  // The dots: drawn, but not links, not focusable, not named, not labelled.
  const dots = drawing.locator(".chart-dot-locked")
  expect(await dots.count()).toBeGreaterThan(100)
  expect(
    await dots.evaluateAll((all) =>
      all.every((d) => !d.closest("a") && !d.hasAttribute("tabindex") && !d.hasAttribute("aria-label")),
    ),
  ).toBe(true)
  await expect(region).not.toContainText("ST-36")
  await expect(region.getByText(/further points on this view are part of Pro/)).toBeVisible()
  // Zoomed in, every label that fits is drawn: still none of a Pro point.
  await region.getByRole("button", { name: "Zoom in" }).click()
  await region.getByRole("button", { name: "Zoom in" }).click()
  await expect(drawing.locator(".chart-labels text").first()).toBeVisible()
  expect(
    await drawing
      .locator(".chart-labels text")
      .evaluateAll((all) => all.every((t) => /^(LU|LI)-/.test(t.textContent!))),
  ).toBe(true)
  await expectAccessible(page)
  await region.getByRole("button", { name: "See the plans" }).click()
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  await page.keyboard.press("Escape")

  // A Pro course is not drawn, and its page stays locked.
  await page.goto("/book/pages/channels/stomach-channel")
  await expect(page.getByRole("dialog", { name: "This is part of Jingluo Pro" })).toBeVisible()
  await expect(page.getByRole("region", { name: "The course on the body chart" })).toHaveCount(0)
})

test("the explorer: views, list, the focused point's details; forced colours and no motion when asked", async ({
  page,
}) => {
  await page.goto("/book/pages")
  await page.getByRole("link", { name: "Body charts" }).click()
  await expect(page).toHaveURL(/\/book\/charts$/)
  await expect(page.getByRole("heading", { level: 1, name: "Body charts" })).toBeVisible()
  const region = page.getByRole("region", { name: "Whole body, front" })
  await expect(drawingOf(region, "Whole body, front")).toBeVisible()
  await expectAccessible(page)
  await page.getByRole("button", { name: /View/ }).click()
  await page.getByRole("option", { name: "Hand, back" }).click()
  await expect(page).toHaveURL(/\/book\/charts\/hand-back$/)
  const back = page.getByRole("region", { name: "Hand, back" })
  const drawing = drawingOf(back, "Hand, back")
  await tabInto(page, drawing)
  await page.keyboard.press("ArrowRight")
  const details = page.getByRole("complementary")
  await expect(details).toContainText(/LI-\d/)
  await back.getByRole("radio", { name: "List" }).click()
  await expect(back.getByRole("heading", { name: /Large Intestine Channel/ })).toBeVisible()
  await expectAccessible(page)
  await back.getByRole("radio", { name: "Chart" }).click()

  await page.emulateMedia({ forcedColors: "active", reducedMotion: "reduce" })
  await page.goto("/point/lu-9-taiyuan")
  const halo = page.locator(".chart-halo.is-main").first()
  await expect(halo).toBeAttached()
  expect(await halo.evaluate((el) => getComputedStyle(el).animationName)).toBe("none")
  const colours = await page
    .locator(".chart-points .is-highlight .chart-dot")
    .first()
    .evaluate((dot) => {
      const probe = document.createElement("span")
      probe.style.color = "Highlight"
      document.body.append(probe)
      const highlight = getComputedStyle(probe).color
      probe.remove()
      return { fill: getComputedStyle(dot).fill, highlight }
    })
  expect(colours.fill).toBe(colours.highlight)
  await expectAccessible(page)
  await page.emulateMedia({ forcedColors: "none", reducedMotion: "no-preference" })
  await page.reload()
  await expect(page.locator(".chart-halo.is-main").first()).toBeAttached()
  expect(
    await page
      .locator(".chart-halo.is-main")
      .first()
      .evaluate((el) => getComputedStyle(el).animationName),
  ).toBe("chart-pulse")
})

test("on a phone the chart fits the screen and a body area shows its region", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto("/point/li-4-hegu")
  const drawing = drawingOf(chartRegion(page), "On the body chart")
  await expect(drawing.locator('a[aria-current="true"]').first()).toHaveAccessibleName(/^LI-4 Hégǔ/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectAccessible(page)
  await page.goto("/body-area/hand")
  const area = chartRegion(page, "The area on the body chart")
  await expect(area.locator(".chart-region").first()).toBeAttached()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectAccessible(page)
})

for (const language of ["de", "es"] as const) {
  test(`the explorer and its practice speak ${language}: no English left outside the English content`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "language", value: language, url: baseURL! }])
    const strings = JSON.parse(readFileSync(`locales/${language}/charts.json`, "utf8"))
    const english = JSON.parse(readFileSync("locales/en/charts.json", "utf8"))
    const sentences = (tree: Record<string, unknown>): Array<string> =>
      Object.values(tree).flatMap((v) =>
        typeof v === "string" ? (v.includes("{{") || v.split(" ").length < 3 ? [] : [v]) : sentences(v as never),
      )
    /** The page's words, leaving out the texts marked as English content (location texts). */
    const pageText = () =>
      page.locator("main").evaluate((main) => {
        const copy = main.cloneNode(true) as HTMLElement
        for (const el of copy.querySelectorAll('[lang="en"]')) el.remove()
        return copy.textContent ?? ""
      })

    await page.goto("/book/charts/hand-palm?point=LU-9")
    await expect(page.getByRole("heading", { level: 1, name: strings.explorer.title })).toBeVisible()
    const region = page.getByRole("region", { name: strings.views["hand-palm"] })
    await expect(drawingOf(region, strings.views["hand-palm"]).getByRole("link").first()).toBeVisible()
    await expect(region.getByRole("button", { name: strings.zoomIn })).toBeVisible()
    await expect(region.getByRole("radio", { name: strings.modeList })).toBeVisible()
    const shown = await pageText()
    for (const sentence of sentences(english)) expect(shown, sentence).not.toContain(sentence)
    await expectAccessible(page)

    await page.getByRole("radio", { name: strings.explorer.practice }).click()
    const asked = strings.practice.question.split("{{point}}")[0]
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${asked}`) })).toBeVisible()
    await page
      .getByRole("radiogroup", { name: new RegExp(`^${asked}`) })
      .getByRole("radio")
      .first()
      .click()
    await page.getByRole("button", { name: strings.practice.check }).click()
    await expect(page.getByRole("button", { name: strings.practice.next })).toBeFocused()
    const judged = await pageText()
    for (const sentence of sentences(english)) expect(judged, sentence).not.toContain(sentence)
    await expectAccessible(page)
  })
}

/** The contrast of two computed CSS colours (rgb()), by WCAG's relative luminance. */
const contrast = (a: string, b: string) => {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

test("a Pro learner highlights the points to avoid in pregnancy: SP-6 on the front, LI-4 on the back of the hand", async ({
  page,
}) => {
  // No one view places both points: the highlight stays while the view changes, as the address does.
  await signInAsPro(page)
  await page.goto("/book/charts/body-front")
  const front = page.getByRole("region", { name: "Whole body, front" })
  const drawing = drawingOf(front, "Whole body, front")
  await expect(drawing.getByRole("link").first()).toBeVisible()
  const highlight = page.getByRole("button", { name: /Highlight/ })
  await highlight.click()
  await page.getByRole("option", { name: "Avoid in pregnancy" }).click()
  await expect(page).toHaveURL(/\/book\/charts\/body-front\?safety=pregnancy$/)
  await expect(highlight).toBeFocused()
  const served = await api<ServedChart>(page, "/api/charts/body-front")
  const count = highlightedPoints(served, "pregnancy").length
  expect(count).toBeGreaterThan(1)
  await expect(front.getByText(`Avoid in pregnancy: ${count} points highlighted on this view.`)).toBeAttached()
  await expect(drawing.getByRole("link", { name: /^SP-6 Sānyīnjiāo, .* — Forbidden in pregnancy$/ })).toHaveCount(2)
  // Marks, drawn dark on a white rim: at least 3:1 against the drawing's white and against the rim.
  const mark = drawing.locator(".chart-safety-mark.is-forbidden").first()
  await expect(mark).toBeAttached()
  const colours = await mark.evaluate((el) => ({
    line: getComputedStyle(el.querySelector(".chart-safety-line")!).stroke,
    rim: getComputedStyle(el.querySelector(".chart-safety-rim")!).stroke,
  }))
  expect(contrast(colours.line, colours.rim)).toBeGreaterThanOrEqual(3)
  expect(contrast(colours.line, "rgb(255, 255, 255)")).toBeGreaterThanOrEqual(3)
  // Pro has no locked points: no line about them.
  await expect(front.getByText(/Pro points are not highlighted/)).toHaveCount(0)
  await expectAccessible(page)
  await front.getByRole("radio", { name: "List" }).click()
  await expect(front.getByRole("listitem").filter({ hasText: /^SP-6 / })).toContainText("Forbidden in pregnancy")
  await expectAccessible(page)

  await page.getByRole("button", { name: /View/ }).click()
  await page.getByRole("option", { name: "Hand, back" }).click()
  await expect(page).toHaveURL(/\/book\/charts\/hand-back\?safety=pregnancy$/)
  const back = page.getByRole("region", { name: "Hand, back" })
  await expect(back.getByRole("listitem").filter({ hasText: /^LI-4 / })).toContainText("Forbidden in pregnancy")
  await back.getByRole("radio", { name: "Chart" }).click()
  await expect(
    drawingOf(back, "Hand, back").getByRole("link", { name: /^LI-4 Hégǔ, .* — Forbidden in pregnancy$/ }),
  ).not.toHaveCount(0)
  await expectAccessible(page)
})

test("a Standard learner sees only free points highlighted, and that Pro points are not", async ({ page }) => {
  await signIn(page, await createVerifiedUser(page))
  await page.goto("/book/charts/hand-back")
  const back = page.getByRole("region", { name: "Hand, back" })
  const drawing = drawingOf(back, "Hand, back")
  await expect(drawing.getByRole("link").first()).toBeVisible()
  // By keyboard alone: Tab to the choice, open it, arrow to the option, Enter; the keyboard stays there.
  const highlight = page.getByRole("button", { name: /Highlight/ })
  await tabInto(page, highlight)
  await page.keyboard.press("Enter")
  const option = page.getByRole("option", { name: "Avoid in pregnancy" })
  await expect(option).toBeVisible()
  for (let i = 0; i < 6 && !(await option.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("ArrowDown")
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/\/book\/charts\/hand-back\?safety=pregnancy$/)
  await expect(highlight).toBeFocused()
  await expect(back.getByText("Avoid in pregnancy: one point highlighted on this view.")).toBeAttached()
  const li4 = drawing.getByRole("link", { name: /^LI-4 Hégǔ, .* — Forbidden in pregnancy$/ })
  await expect(li4.first()).toBeVisible()
  // Every marked point is a free one; the Pro dots carry no mark and no name.
  const marked = await drawing
    .getByRole("link", { name: / — / })
    .evaluateAll((all) => all.map((a) => a.getAttribute("aria-label") ?? ""))
  expect(marked.length).toBe(await li4.count())
  expect(marked.every((name) => /^LI-4 /.test(name))).toBe(true)
  await expect(drawing.locator(".chart-safety-mark")).toHaveCount(marked.length)
  expect(await drawing.locator(".chart-dot-locked").count()).toBeGreaterThan(0)
  await expect(back.getByText("Pro points are not highlighted: their safety flags are part of Pro.")).toBeVisible()
  await expectAccessible(page)
})

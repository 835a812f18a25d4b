// The browser driver of the model-based tests: `Ui` over Playwright locators in Chromium against
// the real server (./driver.ts says what each part means). Network rules are `page.route`s; the
// calls the app makes are read from the page's responses; `ui.api` is the page's request context,
// so it carries the signed-in user's session cookie.
import { type BrowserContext, expect, type Locator, type Page, type Response } from "@playwright/test"
import { latestMail, mailCount } from "../../e2e/support/outbox.ts"
import type {
  Assertions,
  Call,
  FocusRelation,
  Input,
  Matcher,
  Method,
  Outcome,
  Role,
  RoleQuery,
  Scope,
  Target,
  Ui,
} from "./driver.ts"

const show = (m: Matcher) => (typeof m === "string" ? `"${m}"` : String(m))
const exact = (m: Matcher) => (typeof m === "string" ? { exact: true } : {})
const collapse = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim()

/** The locators a target was made from, for the assertions. */
const locators = new WeakMap<Target, Locator>()
const locatorOf = (t: Target) => {
  const locator = locators.get(t)
  if (!locator) throw new Error(`${t.description} was not made by the browser driver`)
  return locator
}

type Root = Page | Locator

const scope = (root: Root, prefix: string): Scope => ({
  role: (role: Role, query: RoleQuery = {}) => {
    const { name, ...rest } = query
    return target(
      root.getByRole(role, { ...rest, ...(name === undefined ? {} : { name, ...exact(name) }) }),
      `${prefix}${role}${name === undefined ? "" : ` ${show(name)}`}`,
    )
  },
  label: (text: Matcher) => target(root.getByLabel(text, exact(text)), `${prefix}label ${show(text)}`),
  text: (text: Matcher) => target(root.getByText(text, exact(text)), `${prefix}text ${show(text)}`),
  css: (selector: string) => target(root.locator(selector), `${prefix}${selector}`),
})

const target = (locator: Locator, description: string): Target => {
  const made: Target = {
    ...scope(locator, `${description} › `),
    description,
    nth: (index: number) => target(locator.nth(index), `${description} [${index}]`),
    click: async () => {
      // A user clicks what they see: a radio, checkbox or switch hidden inside its label (React
      // Aria's) is clicked through the label, which Playwright would otherwise see as in the way.
      const hiddenInLabel = await locator.evaluate(
        (el) =>
          el instanceof HTMLInputElement && ["radio", "checkbox"].includes(el.type) && el.closest("label") !== null,
      )
      await (hiddenInLabel ? locator.locator("xpath=ancestor::label[1]") : locator).click()
    },
    focus: () => locator.focus(),
    dispatch: (type: string) => locator.dispatchEvent(type),
    fill: async (text: string) => {
      await locator.clear()
      if (text) await locator.pressSequentially(text)
    },
    texts: async () => {
      await locator.first().waitFor({ state: "attached" })
      return (await locator.allTextContents()).map(collapse)
    },
    value: () => locator.inputValue(),
    checked: () => locator.isChecked(),
    attribute: (name: string) => locator.getAttribute(name),
    count: () => locator.count(),
    focusRelation: () =>
      locator.evaluate((el): FocusRelation => {
        const focused = document.activeElement
        if (!focused || focused === document.body) return "none"
        if (el === focused) return "self"
        if (el.contains(focused)) return "inside"
        return el.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_PRECEDING ? "before" : "after"
      }),
  }
  locators.set(made, locator)
  return made
}

const assertions = (t: Target, negate: boolean): Assertions => {
  const locator = locatorOf(t)
  const base = negate ? expect(locator, t.description).not : expect(locator, t.description)
  const all: Omit<Assertions, "not"> = {
    toBeVisible: () => base.toBeVisible(),
    toBeHidden: () => base.toBeHidden(),
    toBeChecked: () => base.toBeChecked(),
    toBeFocused: () => base.toBeFocused(),
    toContainFocus: () =>
      expect
        .poll(() => locator.evaluate((el) => el.contains(document.activeElement)), { message: t.description })
        .toBe(!negate),
    toBeEnabled: () => base.toBeEnabled(),
    toBeDisabled: () => base.toBeDisabled(),
    toHaveText: (text: Matcher) => (typeof text === "string" ? base.toContainText(text) : base.toHaveText(text)),
    toHaveValue: (value: Matcher) => base.toHaveValue(value),
    toHaveCount: (count: number) => base.toHaveCount(count),
    toHaveAttribute: (name: string, value: Matcher) => base.toHaveAttribute(name, value),
    toHaveAccessibleName: (name: Matcher) => base.toHaveAccessibleName(name),
    toHaveAccessibleDescription: (description: Matcher) => base.toHaveAccessibleDescription(description),
  }
  return negate ? ({ ...all } as Assertions) : { ...all, not: assertions(t, true) }
}

/** An API path with `:params` as a pattern for the page's URLs (any origin, any query). */
const urlPattern = (path: string) => new RegExp(`^https?://[^/]+${path.replace(/:[^/]+/g, "[^/?]+")}(\\?.*)?$`)

const fulfil = async (route: import("@playwright/test").Route, outcome: Outcome) => {
  if (outcome === "offline") return route.abort("internetdisconnected")
  if (outcome === "hang") return
  return route.fulfill({ status: outcome.status, json: outcome.body ?? null })
}

/** Calls that change state say they are JSON, as the app's do (the server refuses others with 415). */
const STATE_CHANGING: ReadonlySet<Method> = new Set(["POST", "PUT", "DELETE"])

/** Another site than this run's servers (the app's own and the sign-in provider's, all on this machine). */
const elsewhere = (url: URL) => !["127.0.0.1", "localhost"].includes(url.hostname)

const parse = (text: string) => {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}

/** Another site's pages (an app store's the app opens in a new tab) are answered here, never fetched. */
export const answerOtherSites = (context: BrowserContext) =>
  context.route(elsewhere, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Another site</title>" }),
  )

export const browserDriver = (page: Page, input: Input): Ui => {
  const tabs: Array<Page> = []
  page.context().on("page", (opened) => void tabs.push(opened))
  const calls: Array<{ method: string; url: string; call: Promise<Call> }> = []
  page.on("response", (response: Response) => {
    const request = response.request()
    if (!["fetch", "xhr"].includes(request.resourceType())) return
    calls.push({
      method: request.method(),
      url: request.url(),
      call: response
        .text()
        .catch(() => "")
        .then((text) => ({ body: parse(request.postData() ?? ""), status: response.status(), answer: parse(text) })),
    })
  })
  const route = (method: Method, path: string, handle: (route: import("@playwright/test").Route) => Promise<boolean>) =>
    page.route(urlPattern(path), async (r) => {
      if (r.request().method() !== method || !(await handle(r))) await r.fallback()
    })

  return {
    ...scope(page, ""),
    driver: "browser",
    input,
    expect: (t: Target) => assertions(t, false),
    focused: () => target(page.locator("*:focus"), "the focused element"),
    keyboard: {
      press: (keys: string) => page.keyboard.press(keys),
      type: (text: string) => page.keyboard.type(text),
      tab: (options) => page.keyboard.press(options?.shift ? "Shift+Tab" : "Tab"),
    },
    goto: async (path: string) => {
      await page.goto(path)
    },
    location: async () => new URL(page.url()),
    eventually: async (check, options) => {
      await expect(async () => {
        await check()
      }).toPass({ timeout: options?.timeout ?? 10_000 })
    },
    network: {
      answer: async (method, path, outcome, options) => {
        let left = options?.times ?? 1
        await route(method, path, async (r) => {
          if (left <= 0) return false
          left--
          await fulfil(r, outcome)
          return true
        })
        return {
          stop: () => {
            left = 0
          },
        }
      },
      patch: async (method, path, patch, options) => {
        let left = options?.times ?? Number.POSITIVE_INFINITY
        await route(method, path, async (r) => {
          if (left <= 0) return false
          left--
          const response = await r.fetch()
          await r.fulfill({ response, json: patch(parse(await response.text())) })
          return true
        })
        return {
          stop: () => {
            left = 0
          },
        }
      },
      hold: async (method, path) => {
        let decision: Outcome | "release" | null = null
        const waiting: Array<() => void> = []
        await route(method, path, async (r) => {
          if (decision === null) await new Promise<void>((resolve) => waiting.push(resolve))
          if (decision === "release" || decision === null) return false
          await fulfil(r, decision)
          return true
        })
        const decide = (outcome: Outcome | "release") => {
          decision = outcome
          for (const resume of waiting.splice(0)) resume()
        }
        return { release: () => decide("release"), answer: decide }
      },
      offline: () => page.context().setOffline(true),
      online: () => page.context().setOffline(false),
      calls: async (method, path) => {
        const pattern = urlPattern(path)
        return Promise.all(calls.filter((c) => c.method === method && pattern.test(c.url)).map((c) => c.call))
      },
    },
    api: {
      request: async (method, path, body) => {
        // The request context holds the page's cookies, the session's among them.
        const response = await page.request.fetch(path, {
          method,
          headers: STATE_CHANGING.has(method) ? { "content-type": "application/json" } : {},
          ...(body === undefined ? {} : { data: body as object }),
        })
        return { status: response.status(), body: parse(await response.text()) }
      },
    },
    mail: {
      latest: async (to, purpose) => ({ to, purpose, ...(await latestMail(to, purpose)) }),
      count: async (to, purpose) => mailCount(to, purpose),
    },
    tabs: () =>
      Promise.all(
        tabs.map(async (tab) => {
          await tab.waitForLoadState("domcontentloaded")
          return tab.url()
        }),
      ),
    storage: {
      get: (key: string) => page.evaluate((k) => localStorage.getItem(k), key),
      keys: () => page.evaluate(() => Object.keys(localStorage)),
    },
    clock: {
      now: () => page.evaluate(() => Date.now()),
      advance: (ms: number) => page.clock.fastForward(ms),
    },
  }
}

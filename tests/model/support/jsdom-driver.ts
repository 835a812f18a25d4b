// The jsdom driver of the model-based tests: `Ui` over Testing Library and user-event, with msw
// as the network (./driver.ts says what each part means). Targets are looked up when used; actions
// wait for exactly one element; assertions retry with `waitFor` until they hold.
import { act, queryAllByLabelText, queryAllByRole, queryAllByText, waitFor } from "@testing-library/react"
import type userEvent from "@testing-library/user-event"
import { getResponse, HttpResponse, http, RequestHandler } from "msw"
import type { SetupServer } from "msw/node"
import { expect } from "vitest"
import type { SimulatedClock } from "xstate"
import { API } from "../../ui/support/api-data.ts"
import type {
  Assertions,
  Call,
  FocusRelation,
  HeldCalls,
  Input,
  Mailbox,
  Matcher,
  Method,
  Outcome,
  Role,
  RoleQuery,
  Scope,
  Target,
  Ui,
} from "./driver.ts"

/** How long an assertion or an action waits for the page (the browser driver's is longer). */
const TIMEOUT = 5000
/** Calls the steps make themselves (`ui.api`) carry this header: network rules and `calls` skip them. */
const OWN_CALL = "x-model-step"

type User = ReturnType<typeof userEvent.setup>
type Find = () => ReadonlyArray<HTMLElement>

/** The elements a target finds now (the driver's targets keep their finder here). */
const finders = new WeakMap<Target, Find>()
const findOf = (t: Target): ReadonlyArray<HTMLElement> => {
  const find = finders.get(t)
  if (!find) throw new Error(`${t.description} was not made by the jsdom driver`)
  return find()
}

const show = (m: Matcher) => (typeof m === "string" ? `"${m}"` : String(m))
const collapse = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim()
const matches = (actual: string, expected: Matcher) =>
  typeof expected === "string" ? actual === expected : expected.test(actual)

/** Exactly one element, or an error naming the target. */
const one = (find: Find, description: string) => {
  const found = find()
  if (found.length !== 1) throw new Error(`Expected one element for ${description}, found ${found.length}`)
  return found[0] as HTMLElement
}

const scope = (parent: Find, prefix: string, user: User): Scope => ({
  role: (role: Role, query: RoleQuery = {}) =>
    target(
      () => parent().flatMap((el) => queryAllByRole(el, role, query)),
      `${prefix}${role}${query.name === undefined ? "" : ` ${show(query.name)}`}`,
      user,
    ),
  label: (text: Matcher) =>
    target(() => parent().flatMap((el) => queryAllByLabelText(el, text)), `${prefix}label ${show(text)}`, user),
  text: (text: Matcher) =>
    target(() => parent().flatMap((el) => queryAllByText(el, text)), `${prefix}text ${show(text)}`, user),
  css: (selector: string) =>
    target(
      () => parent().flatMap((el) => [...el.querySelectorAll<HTMLElement>(selector)]),
      `${prefix}${selector}`,
      user,
    ),
})

const target = (find: Find, description: string, user: User): Target => {
  const single = () => waitFor(() => one(find, description), { timeout: TIMEOUT })
  const present = () =>
    waitFor(
      () => {
        const found = find()
        if (found.length === 0) throw new Error(`Nothing found for ${description}`)
        return found
      },
      { timeout: TIMEOUT },
    )
  const made: Target = {
    ...scope(() => [one(find, description)], `${description} › `, user),
    description,
    nth: (index: number) =>
      target(
        () => {
          const found = find()
          const el = found[index < 0 ? found.length + index : index]
          return el ? [el] : []
        },
        `${description} [${index}]`,
        user,
      ),
    click: async () => user.click(await single()),
    focus: async () => {
      const el = await single()
      act(() => el.focus())
    },
    dispatch: async (type: string) => {
      const el = await single()
      act(() => void el.dispatchEvent(new Event(type)))
    },
    fill: async (text: string) => {
      const el = await single()
      await user.clear(el)
      if (text) await user.keyboard(text.replace(/[{[]/g, "$&$&"))
    },
    texts: async () => (await present()).map((el) => collapse(el.textContent)),
    value: async () => ((await single()) as HTMLInputElement).value,
    checked: async () => {
      const el = await single()
      return (el as HTMLInputElement).checked === true || el.getAttribute("aria-checked") === "true"
    },
    attribute: async (name: string) => (await single()).getAttribute(name),
    count: async () => find().length,
    focusRelation: async (): Promise<FocusRelation> => {
      const el = await single()
      const focused = document.activeElement
      if (!focused || focused === document.body) return "none"
      if (el === focused) return "self"
      if (el.contains(focused)) return "inside"
      return el.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_PRECEDING ? "before" : "after"
    },
  }
  finders.set(made, find)
  return made
}

/** Each assertion retried with `waitFor`; `negate` turns it around. */
const assertions = (t: Target, negate: boolean): Assertions => {
  const find = () => findOf(t)
  /** `holds` answers null when the target is not one element: that fails either way. */
  const check = (name: string, holds: () => boolean | null, detail: () => string = () => "") =>
    waitFor(
      () => {
        const result = holds()
        if (result === null || result === negate)
          throw new Error(`${t.description}: expected ${negate ? "not " : ""}${name}${detail()}`)
      },
      { timeout: TIMEOUT },
    )
  const on = (test: (el: HTMLElement) => boolean) => () => {
    const found = find()
    return found.length === 1 ? test(found[0] as HTMLElement) : null
  }
  const was = (read: (el: HTMLElement) => string | null) => () => {
    const found = find()
    return found.length === 1 ? `, was "${read(found[0] as HTMLElement)}"` : `, found ${found.length} elements`
  }
  const visible = (el: HTMLElement) => passes(() => expect(el).toBeVisible())
  const text = (el: HTMLElement) => collapse(el.textContent)
  const all: Omit<Assertions, "not"> = {
    toBeVisible: () => check("to be visible", on(visible)),
    toBeHidden: () => check("to be hidden", () => find().every((el) => !visible(el))),
    toBeChecked: () =>
      check(
        "to be checked",
        on((el) => (el as HTMLInputElement).checked === true || el.getAttribute("aria-checked") === "true"),
      ),
    toBeFocused: () =>
      check(
        "to be focused",
        on((el) => document.activeElement === el),
      ),
    toContainFocus: () =>
      check(
        "to contain focus",
        on((el) => el.contains(document.activeElement)),
      ),
    toBeEnabled: () =>
      check(
        "to be enabled",
        on((el) => !(el as HTMLButtonElement).disabled),
      ),
    toBeDisabled: () =>
      check(
        "to be disabled",
        on((el) => (el as HTMLButtonElement).disabled === true),
      ),
    toHaveText: (expected: Matcher) =>
      check(
        `to have text ${show(expected)}`,
        on((el) => (typeof expected === "string" ? text(el).includes(collapse(expected)) : expected.test(text(el)))),
        was(text),
      ),
    toHaveValue: (expected: Matcher) =>
      check(
        `to have value ${show(expected)}`,
        on((el) => matches((el as HTMLInputElement).value, expected)),
        was((el) => (el as HTMLInputElement).value),
      ),
    toHaveCount: (count: number) =>
      check(
        `to have ${count} elements`,
        () => find().length === count,
        () => `, found ${find().length}`,
      ),
    toHaveAttribute: (name: string, expected: Matcher) =>
      check(
        `to have ${name}=${show(expected)}`,
        on((el) => {
          const value = el.getAttribute(name)
          return value !== null && matches(value, expected)
        }),
        was((el) => el.getAttribute(name)),
      ),
    toHaveAccessibleName: (expected: Matcher) =>
      check(
        `to have the accessible name ${show(expected)}`,
        on((el) => passes(() => expect(el).toHaveAccessibleName(expected))),
      ),
    toHaveAccessibleDescription: (expected: Matcher) =>
      check(
        `to have the accessible description ${show(expected)}`,
        on((el) => passes(() => expect(el).toHaveAccessibleDescription(expected))),
      ),
  }
  return negate ? ({ ...all } as Assertions) : { ...all, not: assertions(t, true) }
}

const passes = (assertion: () => void) => {
  try {
    assertion()
    return true
  } catch {
    return false
  }
}

/** Playwright's key names as user-event's: "Shift+Tab" → "{Shift>}{Tab}{/Shift}", "Space" → " ". */
const keysOf = (keys: string) => {
  // "+" is a key too: "+" alone, or last after modifiers ("Shift++").
  const plus = keys === "+" || keys.endsWith("++")
  const parts = plus ? keys.slice(0, -1).split("+").filter(Boolean) : keys.split("+")
  const key = plus ? "+" : (parts.pop() ?? "")
  const main = key === "Space" ? " " : key.length === 1 ? key.replace(/[{[]/g, "$&$&") : `{${key}}`
  return parts.reduceRight((inner, modifier) => `{${modifier}>}${inner}{/${modifier}}`, main)
}

const pathPattern = (path: string) => `${API}${path}`

export interface JsdomDriverOptions {
  readonly server: SetupServer
  readonly user: User
  readonly input: Input
  /** Full page loads the app asked for (recorded instead of performed). */
  readonly reloads: ReadonlyArray<string>
  readonly clock: SimulatedClock | undefined
  /** Where the model's fake server sends its mails. */
  readonly outbox: Mailbox
}

/** Whether a request was made by the steps themselves rather than by the app. */
const ownCall = (request: Request) => request.headers.has(OWN_CALL)

export const jsdomDriver = ({ server, user, input, reloads, clock, outbox }: JsdomDriverOptions): Ui => {
  server.events.removeAllListeners()
  // Another site's page in a new tab: recorded (jsdom opens no windows).
  const tabs: Array<string> = []
  window.open = (url?: string | URL) => {
    tabs.push(String(url ?? ""))
    return null
  }
  const body: Find = () => [document.body]
  const page = scope(body, "", user)
  let offline = false
  const calls: Array<{ method: string; url: string; call: Promise<Call> }> = []
  const requests = new Map<string, Request>()
  server.events.on("request:start", ({ request, requestId }) => {
    if (!ownCall(request)) requests.set(requestId, request.clone())
  })
  server.events.on("response:mocked", ({ response, requestId }) => {
    const request = requests.get(requestId)
    if (!request) return
    requests.delete(requestId)
    const answer = response.clone()
    calls.push({
      method: request.method,
      url: request.url,
      call: Promise.all([
        request.text().then((t) => (t ? JSON.parse(t) : null)),
        answer.text().then((t) => {
          try {
            return t ? JSON.parse(t) : null
          } catch {
            return t
          }
        }),
      ]).then(([sent, received]) => ({ body: sent, status: answer.status, answer: received })),
    })
  })
  // Before every other answer: the device being offline.
  server.use(http.all(`${API}/*`, ({ request }) => (offline && !ownCall(request) ? HttpResponse.error() : undefined)))

  const respond = (outcome: Outcome) =>
    outcome === "offline"
      ? HttpResponse.error()
      : outcome === "hang"
        ? new Promise<never>(() => {})
        : HttpResponse.json(outcome.body ?? null, { status: outcome.status })
  const route = (
    method: Method,
    path: string,
    resolver: (request: Request, self: RequestHandler) => Promise<Response | undefined> | Response | undefined,
  ) => {
    const handler: RequestHandler = http[method.toLowerCase() as "get"](pathPattern(path), ({ request }) =>
      ownCall(request) ? undefined : resolver(request, handler),
    )
    server.use(handler)
  }
  const matcher = (path: string) => new RegExp(`^${API}${path.replace(/:[^/]+/g, "[^/?]+")}(\\?.*)?$`)

  return {
    ...page,
    driver: "jsdom",
    input,
    expect: (t: Target) => assertions(t, false),
    focused: () =>
      target(
        () => (document.activeElement ? [document.activeElement as HTMLElement] : []),
        "the focused element",
        user,
      ),
    keyboard: {
      press: (keys: string) => user.keyboard(keysOf(keys)),
      type: (text: string) => user.keyboard(text.replace(/[{[]/g, "$&$&")),
      tab: (options) => user.tab({ shift: options?.shift ?? false }),
    },
    goto: async (path: string) => {
      act(() => {
        window.history.pushState(null, "", path)
        window.dispatchEvent(new PopStateEvent("popstate"))
      })
    },
    location: async () => new URL(reloads.at(-1) ?? window.location.href, window.location.href),
    eventually: async (check, options) => {
      await waitFor(check, { timeout: options?.timeout ?? TIMEOUT })
    },
    network: {
      answer: async (method, path, outcome, options) => {
        let left = options?.times ?? 1
        route(method, path, () => {
          if (left <= 0) return undefined
          left--
          return respond(outcome)
        })
        return {
          stop: () => {
            left = 0
          },
        }
      },
      patch: async (method, path, patch, options) => {
        let left = options?.times ?? Number.POSITIVE_INFINITY
        route(method, path, async (request, self) => {
          if (left <= 0) return undefined
          left--
          const answer = await getResponse(
            server.listHandlers().filter((h): h is RequestHandler => h !== self && h instanceof RequestHandler),
            request,
          )
          if (!answer) return undefined
          return HttpResponse.json(patch(await answer.json()) as never, { status: answer.status })
        })
        return {
          stop: () => {
            left = 0
          },
        }
      },
      hold: async (method, path): Promise<HeldCalls> => {
        let decision: Outcome | "release" | null = null
        const waiting: Array<() => void> = []
        route(method, path, async () => {
          if (decision === null) await new Promise<void>((resolve) => waiting.push(resolve))
          return decision === "release" || decision === null ? undefined : respond(decision)
        })
        const decide = (outcome: Outcome | "release") => {
          decision = outcome
          for (const resume of waiting.splice(0)) resume()
        }
        return { release: () => decide("release"), answer: decide }
      },
      offline: async () => {
        offline = true
        act(() => void window.dispatchEvent(new Event("offline")))
      },
      online: async () => {
        offline = false
        act(() => void window.dispatchEvent(new Event("online")))
      },
      calls: async (method, path) => {
        const pattern = matcher(path)
        return Promise.all(calls.filter((c) => c.method === method && pattern.test(c.url)).map((c) => c.call))
      },
    },
    api: {
      request: async (method, path, payload) => {
        const response = await fetch(`${API}${path}`, {
          method,
          headers: { "content-type": "application/json", [OWN_CALL]: "1" },
          ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        })
        const text = await response.text()
        return { status: response.status, body: text ? JSON.parse(text) : null }
      },
    },
    mail: outbox,
    tabs: async () => [...tabs],
    storage: {
      get: async (key: string) => localStorage.getItem(key),
      keys: async () => Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? ""),
    },
    clock: {
      now: async () => {
        if (!clock) throw new Error("The model has no clock: set `clock: true`")
        return clock.now()
      },
      advance: async (ms: number) => {
        if (!clock) throw new Error("The model has no clock: set `clock: true`")
        await act(async () => clock.increment(ms))
      },
    },
  }
}

// What a model's assertions and actions may do to the app: the common part of Testing Library and
// Playwright locators. A model is written once against `Ui`; the jsdom driver (msw answers the API)
// and the browser driver (Chromium against the real server) both implement it, so the same steps
// run in both. Locators are lazy, as in Playwright: a `Target` is looked up when it is used, an
// action waits for exactly one element, and every assertion retries until it holds or times out.

export type Matcher = string | RegExp

/** The roles the app's views use (a model asking for another one adds it here). */
export type Role =
  | "alert"
  | "alertdialog"
  | "banner"
  | "blockquote"
  | "button"
  | "checkbox"
  | "complementary"
  | "contentinfo"
  | "dialog"
  | "form"
  | "group"
  | "heading"
  | "link"
  | "list"
  | "listbox"
  | "listitem"
  | "main"
  | "menuitem"
  | "navigation"
  | "option"
  | "radio"
  | "radiogroup"
  | "region"
  | "rowheader"
  | "searchbox"
  | "slider"
  | "status"
  | "switch"
  | "table"
  | "textbox"
  | "timer"
  | "toolbar"

/**
 * Which elements of a role: a string name matches the whole accessible name exactly (after
 * whitespace is collapsed), a RegExp searches it — the same in both drivers.
 */
export interface RoleQuery {
  readonly name?: Matcher
  readonly level?: number
  readonly checked?: boolean
  readonly selected?: boolean
  readonly pressed?: boolean
  readonly expanded?: boolean
}

/** Where to look: the whole page, or inside a found element (a region, a dialog, a list). */
export interface Scope {
  role(role: Role, query?: RoleQuery): Target
  label(text: Matcher): Target
  /** Elements whose own text is exactly `text` (a string) or matches it (a RegExp). */
  text(text: Matcher): Target
  /** A CSS selector: only where the page offers no role, label or text to find it by. */
  css(selector: string): Target
}

/** Where the focused element is relative to a target: the target itself, inside it, before or after it. */
export type FocusRelation = "self" | "inside" | "before" | "after" | "none"

export interface Target extends Scope {
  /** How the target was found, for messages: `dialog "Upgrade" › radio /Yearly/`. */
  readonly description: string
  /** The index-th of the elements found (negative: from the end). */
  nth(index: number): Target
  click(): Promise<void>
  focus(): Promise<void>
  /**
   * Fires a DOM event of this type at the (single) element, as the browser would: a video's
   * `ended` when the walk must not wait for the video to play to its end.
   */
  dispatch(type: string): Promise<void>
  /** Empties a text field and types `text` into it, key by key. */
  fill(text: string): Promise<void>
  // Reads: they wait for the target to exist (not for anything else).
  /** The text of every element found (textContent, whitespace collapsed). */
  texts(): Promise<ReadonlyArray<string>>
  value(): Promise<string>
  checked(): Promise<boolean>
  attribute(name: string): Promise<string | null>
  /** How many elements are found now, without waiting. */
  count(): Promise<number>
  /** Whether focus is on the (single) element, inside it, or before or after it, now. */
  focusRelation(): Promise<FocusRelation>
}

/** The assertions on a target; each retries until it holds or the driver's timeout passes. */
export interface Assertions {
  toBeVisible(): Promise<void>
  /** Not on the page, or not visible. */
  toBeHidden(): Promise<void>
  toBeChecked(): Promise<void>
  toBeFocused(): Promise<void>
  /** Focus is on the element or inside it. */
  toContainFocus(): Promise<void>
  toBeEnabled(): Promise<void>
  toBeDisabled(): Promise<void>
  /** A string is looked for inside the text; a RegExp is searched in it (anchor it for the whole text). */
  toHaveText(text: Matcher): Promise<void>
  toHaveValue(value: Matcher): Promise<void>
  toHaveCount(count: number): Promise<void>
  toHaveAttribute(name: string, value: Matcher): Promise<void>
  toHaveAccessibleName(name: Matcher): Promise<void>
  toHaveAccessibleDescription(description: Matcher): Promise<void>
  readonly not: Omit<Assertions, "not">
}

export type Method = "GET" | "POST" | "PUT" | "DELETE"

/** An answer the network gives instead of the server's. */
export type Outcome =
  | { readonly status: number; readonly body?: unknown }
  /** The call fails as when the network is down. */
  | "offline"
  /** The call never gets an answer (a server that hangs). */
  | "hang"

export interface NetworkRule {
  /** The rule stops acting (calls reach the server again). */
  stop(): void
}

/** Calls to one METHOD PATH held back until the model decides what becomes of them. */
export interface HeldCalls {
  /** The held calls, and every later one, go on to the server. */
  release(): void
  /** The held calls, and every later one until `release`, get this answer instead. */
  answer(outcome: Outcome): void
}

export interface Call {
  readonly body: unknown
  readonly status: number
  readonly answer: unknown
}

/**
 * The network between app and server, for outcomes the real server cannot be asked to produce.
 * Paths are the API's, with `:name` for a path parameter (`/api/charts/:view`); a query string is
 * ignored when matching.
 */
export interface Network {
  /** The next `times` calls (default 1) to METHOD PATH get `outcome` instead of the server's answer. */
  answer(method: Method, path: string, outcome: Outcome, options?: { readonly times?: number }): Promise<NetworkRule>
  /** The server's answers to the next `times` calls (default: all) to METHOD PATH, changed by `patch`. */
  patch(
    method: Method,
    path: string,
    patch: (answer: unknown) => unknown,
    options?: { readonly times?: number },
  ): Promise<NetworkRule>
  /** Calls to METHOD PATH wait from now on until the returned handle releases or answers them. */
  hold(method: Method, path: string): Promise<HeldCalls>
  /** The device goes offline (every call fails, the page hears `offline`) or back online. */
  offline(): Promise<void>
  online(): Promise<void>
  /** The calls to METHOD PATH answered so far, oldest first: JSON bodies sent and received. */
  calls(method: Method, path: string): Promise<ReadonlyArray<Call>>
}

/**
 * The API, called as the signed-in user of the run (to prepare data or read what the server holds).
 * It is the steps' own line to the server: network rules and `offline` do not touch it, and its
 * calls are not among the app's `calls`.
 */
export interface Api {
  request(method: Method, path: string, body?: unknown): Promise<{ readonly status: number; readonly body: unknown }>
}

/** A mail the server sent (the outbox in the browser, the model's fake server in jsdom). */
export interface Mail {
  readonly to: string
  /** What it is for, as the server files it: "verify-email", "reset-password", "change-email", "reauthenticate". */
  readonly purpose: string
  readonly subject: string
  /** The plain text: a code stands on a line of its own, a link as an address. */
  readonly text: string
}

/** The mails the server sent during the run. */
export interface Mailbox {
  /** The newest mail to `to` for `purpose`, waiting until there is one. */
  latest(to: string, purpose: string): Promise<Mail>
  /** How many such mails there are now. */
  count(to: string, purpose: string): Promise<number>
}

/** The page's clock, when the model asks for one it controls (`clock: true`). */
export interface Clock {
  now(): Promise<number>
  /** Time passes: every timer due in `ms` fires. */
  advance(ms: number): Promise<void>
}

export type Input = "mouse" | "keyboard"

/** Everything a model's steps may use. */
export interface Ui extends Scope {
  readonly driver: "jsdom" | "browser"
  /** How this run's events are performed: by the pointer or by the keyboard alone. */
  readonly input: Input
  expect(target: Target): Assertions
  /** The focused element. */
  focused(): Target
  readonly keyboard: {
    /** One key or chord in Playwright's names: "Enter", "Escape", "ArrowDown", "Shift+Tab", "Control+End", "Space". */
    press(keys: string): Promise<void>
    /** Types text into the focused element, key by key. */
    type(text: string): Promise<void>
    tab(options?: { readonly shift?: boolean }): Promise<void>
  }
  goto(path: string): Promise<void>
  /** Where the page is now; a full page load the app started counts (jsdom records it instead). */
  location(): Promise<URL>
  /** Retries `check` until it passes (or the timeout ends) — for values read from the page or the API. */
  eventually(check: () => Promise<void> | void, options?: { readonly timeout?: number }): Promise<void>
  readonly network: Network
  readonly api: Api
  /** The page's local storage. */
  readonly storage: { get(key: string): Promise<string | null>; keys(): Promise<ReadonlyArray<string>> }
  readonly clock: Clock
  readonly mail: Mailbox
  /** The addresses of the tabs the app opened (another site's page, such as an app store's), oldest first. */
  tabs(): Promise<ReadonlyArray<string>>
}

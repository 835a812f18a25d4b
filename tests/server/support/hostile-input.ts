// Hostile values and a valid request for every endpoint of the contract, for the contract fuzz test.
// Each case puts one hostile value into one place of an otherwise valid request (a payload leaf, a
// path or a query parameter), so the value reaches as deep into the server as the request can go.
import { Api } from "../../../src/domain/api/api.ts"
import { Authentication, OptionalAuthentication } from "../../../src/domain/api/middleware.ts"

/** A value as it goes into a JSON body: `raw` is written into the body as it is (1e309 is no JS number). */
export interface Hostile {
  readonly label: string
  /** The value in a JSON body (`raw`: the JSON text itself). */
  readonly json: { readonly value: unknown } | { readonly raw: string }
  /** The value in a path or query parameter, already percent-encoded. */
  readonly url: string
  /** Where in a body it goes: a text field, or a number field (a null leaf takes numbers too). */
  readonly kind: "text" | "number"
  /** Characters no field takes: the field refuses them (422 naming it), whatever else it allows. */
  readonly refused: boolean
  /**
   * The same in a path or query parameter. A lone surrogate cannot travel in an address: its bytes
   * are no UTF-8, so the address names no route (404) or reads them as U+FFFD, which is plain text.
   */
  readonly refusedInUrl: boolean
}

const text = (label: string, value: string, url = encodeURIComponent(value)): Hostile => ({
  label,
  json: { value },
  url,
  kind: "text",
  refused: true,
  refusedInUrl: true,
})
const number = (label: string, raw: string): Hostile => ({
  label,
  json: { raw },
  url: raw,
  kind: "number",
  refused: false,
  refusedInUrl: false,
})

export const HOSTILE: ReadonlyArray<Hostile> = [
  text("NUL", "a\u0000b"),
  // A lone surrogate cannot be percent-encoded as UTF-8: the URL carries the bytes a careless
  // encoder would write (CESU-8), which are no valid UTF-8 at all.
  { ...text("lone surrogate", "a\ud800b", "a%ED%A0%80b"), refusedInUrl: false },
  text("escape (C0)", "a\u001b[2Jb"),
  text("DEL", "a\u007fb"),
  text("CSI (C1)", "\u009b31m"),
  { ...text("oversized text", "x".repeat(20_000), "x".repeat(2_000)), refused: false, refusedInUrl: false },
  number("0", "0"),
  number("-1", "-1"),
  number("2^31", "2147483648"),
  number("2^53", "9007199254740992"),
  number("1e309", "1e309"),
]

export interface EndpointRequest {
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string>>
  readonly payload?: Readonly<Record<string, unknown>>
}

/** What the examples may refer to: the signed-in learner's own things. */
export interface FuzzContext {
  readonly email: string
  readonly uuid: string
  readonly password: string
  readonly groupId: number
  readonly mappingId: number
  readonly testId: string
  readonly deviceId: string
}

const password = "lotus8root"

/** A valid request for every endpoint, keyed `group.endpoint`; the test checks that none is missing. */
export const examples = (c: FuzzContext): Readonly<Record<string, EndpointRequest>> => ({
  "users.register": {
    payload: {
      email: "fuzz-new@example.com",
      firstName: "Lin",
      lastName: "Wei",
      password,
      confirmPassword: password,
      termsChecked: true,
      promotional: false,
    },
  },
  "users.login": { payload: { email: c.email, password: "wrong7pass", device_name: "Fuzz" } },
  "users.logout": {},
  "users.logoutAllDevices": { payload: { user_uuid: c.uuid } },
  "users.forgotPassword": { payload: { email: c.email } },
  "users.resetPassword": { payload: { email: c.email, code: "1234", password, confirmPassword: password } },
  "users.resendVerification": { params: { email: c.email } },
  "users.verifyEmail": { params: { uuid: c.uuid, code: "1234" } },
  "users.verifyEmailLink": { payload: { token: "A".repeat(22) } },
  "users.verifyEmailChoosePassword": {
    payload: { uuid: c.uuid, code: "1234", password, confirmPassword: password },
  },
  "users.verifyEmailLinkChoosePassword": { payload: { token: "A".repeat(22), password, confirmPassword: password } },
  "users.resetPasswordLink": { payload: { token: "A".repeat(22), password, confirmPassword: password } },
  "users.dashboard": {},
  "system.health": {},
  "system.quoteOfTheDay": { query: { offset: "1" } },
  "billing.planList": {},
  "billing.checkout": { payload: { price_id: "pro-monthly" } },
  "billing.subscription": {},
  "billing.cancel": {},
  "content.channelMenus": {},
  "content.channelIndex": {},
  "content.channel": { params: { slug: "lung-channel" } },
  "content.point": { params: { slug: "lu-9-taiyuan" } },
  "content.bodyAreaList": {},
  "content.bodyArea": { params: { slug: "head-face" } },
  "content.categoryList": {},
  "content.category": { params: { slug: "jing-well" } },
  "content.vessel": { params: { slug: "chong" } },
  "content.extraPoints": {},
  "content.staticMenus": {},
  "content.page": { params: { slug: "introduction" } },
  "content.channelFields": {},
  "content.pointFields": {},
  "content.pointIndex": {},
  "content.pointNameFields": { params: { channel: "LU" } },
  "tests.testTypes": {},
  "tests.activity": { query: { offset: "60" } },
  "tests.create": { payload: { type: "point-group-test", subtype: "point-groups", groupId: c.groupId } },
  "tests.addExtraTime": { payload: { testId: c.testId } },
  "tests.saveAnswer": { payload: { testId: c.testId, question: 0, answer: { _tag: "Typed", text: "taiyuan" } } },
  "tests.finish": { payload: { testId: c.testId } },
  "tests.repeat": { payload: { testId: c.testId } },
  "tests.reset": { params: { id: c.testId } },
  "tests.scores": { params: { id: "all" } },
  "tests.result": { params: { id: c.testId } },
  "tests.overview": { params: { type: "point-group-test" }, query: { group: String(c.groupId) } },
  "tests.session": { params: { type: "location-test", extra: c.testId } },
  "settings.get": {},
  "settings.save": {
    payload: {
      showNotes: true,
      testDuration: 10,
      testLimit: 20,
      testDifficulty: 0,
      testAllPoints: false,
      testTimed: true,
      testExtraTime: 2,
      continousPlay: false,
      videoCaptions: true,
      videoCaptionLanguage: "de",
      videoSpeed: 1.25,
      videoReducedMotion: "system",
      promotionalEmails: false,
    },
  },
  "search.pointSearch": { payload: { keyword: "lung", mode: "name" } },
  "search.keywordSearch": {
    payload: { keyword: "cough", channel: "lung-channel", point: "lu-9-taiyuan", field: "indications", page: 1 },
  },
  "search.keywordSuggestion": {
    query: { keyword: "cough", channel: "lung-channel", point: "lu-9-taiyuan", field: "indications" },
  },
  "charts.chartIndex": {},
  "charts.chartView": { params: { view: "body-front" } },
  "social.providers": {},
  "social.login": { payload: { state: "state", code: "code", iss: "http://127.0.0.1:9" } },
  "social.register": {
    payload: {
      ticket: "ticket",
      email: c.email,
      firstName: "Lin",
      lastName: "Wei",
      termsChecked: true,
      promotional: false,
    },
  },
  "social.link": { payload: { ticket: "ticket", password: c.password } },
  "notes.save": { payload: { point: "LU-9", text: "Warm\nbefore needling", version: null } },
  "notes.all": { query: { point: "LU-9" } },
  "feedback.get": {},
  "feedback.save": { payload: { rating: 2, comment: "Good", improve: "More charts" } },
  "account.profileOptions": {},
  "account.emailValidate": { payload: { email: "other@example.com", uuid: c.uuid } },
  "account.profileUpdate": {
    payload: {
      email: c.email,
      first_name: "Lin",
      last_name: "Wei",
      country_id: 1,
      currency_id: 1,
      language_id: 1,
      promotional_emails: false,
    },
  },
  "account.profileEmailUpdate": { payload: { email: "other@example.com", otp: "1234" } },
  "account.pendingEmailChange": {},
  "account.cancelEmailChange": {},
  "account.changePassword": {
    payload: { old_password: c.password, password, password_confirmation: password },
  },
  "account.registeredDevices": {},
  "account.removeDevice": { payload: { device_id: c.deviceId } },
  "account.deleteAccount": { payload: { current_password: c.password } },
  "account.reauthCode": {},
  "account.restoreEmail": { payload: { token: "A".repeat(22) } },
  "groups.list": {},
  "groups.create": { payload: { name: "Fuzz" } },
  "groups.rename": { payload: { pointGroupId: c.groupId, name: "Fuzz" } },
  "groups.remove": { params: { id: String(c.groupId) } },
  "groups.add": { payload: { mode: "point", id: "LU-9", groupId: c.groupId } },
  "groups.removePoint": { params: { id: String(c.mappingId) } },
  "videos.channelVideos": {},
  "videos.channelVideo": { params: { id: "lung-channel" } },
  "videos.pointVideos": { params: { id: "lung-channel" } },
  "sharing.videos": {},
  "sharing.share": {
    payload: { email: "patient@example.org", videos: ["6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b"] },
  },
  "sharing.shares": {},
  "sharing.revoke": { params: { id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b" } },
  "patients.page": { params: { token: "A".repeat(22) } },
  "patients.unsubscribe": { payload: { key: `${"a".repeat(64)}.${"b".repeat(32)}` } },
})

/** Endpoints that end the caller's session (or account) when they succeed: each case gets its own. */
export const SESSION_ENDING: ReadonlySet<string> = new Set(["users.logout", "users.logoutAllDevices"])
export const ACCOUNT_ENDING: ReadonlySet<string> = new Set(["account.deleteAccount"])

export interface ContractEndpoint {
  readonly key: string
  readonly method: string
  readonly path: string
  /** Reads the caller's session (required or optional); the others answer alike with or without one. */
  readonly readsSession: boolean
}

const SESSION_MIDDLEWARE = [Authentication.key, OptionalAuthentication.key]

export const CONTRACT_ENDPOINTS: ReadonlyArray<ContractEndpoint> = Object.entries(Api.groups).flatMap(
  ([group, definition]) =>
    Object.entries(definition.endpoints).map(([name, endpoint]) => ({
      key: `${group}.${name}`,
      method: endpoint.method,
      path: endpoint.path,
      readsSession: [...endpoint.middlewares].some((m) => SESSION_MIDDLEWARE.includes(m.key)),
    })),
)

type Path = ReadonlyArray<string | number>

/** Every leaf of a JSON value (string, number, boolean or null) with its path. */
const leaves = (value: unknown, path: Path = []): Array<{ path: Path; value: unknown }> => {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]))
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))
  return [{ path, value }]
}

const MARK = "\u2063hostile\u2063"

const setAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, replacement) : item))
  const record = value as Record<string, unknown>
  return { ...record, [head as string]: setAt(record[head as string], rest, replacement) }
}

/** The JSON body with the hostile value at `path`. */
const bodyWith = (payload: unknown, path: Path, hostile: Hostile) => {
  if ("value" in hostile.json) return JSON.stringify(setAt(payload, path, hostile.json.value))
  return JSON.stringify(setAt(payload, path, MARK)).replace(JSON.stringify(MARK), hostile.json.raw)
}

const fillPath = (path: string, params: Readonly<Record<string, string>>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? "")

const queryOf = (query: Readonly<Record<string, string>>) => {
  const entries = Object.entries(query)
  return entries.length === 0 ? "" : `?${entries.map(([k, v]) => `${k}=${v}`).join("&")}`
}

const encoded = (values: Readonly<Record<string, string>> = {}) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)]))

export interface FuzzCase {
  /** `group.endpoint`, the place and the value, for the report. */
  readonly name: string
  readonly key: string
  readonly method: string
  readonly url: string
  readonly body: string | undefined
  /** The field that must refuse the value with a 422, when it is one no field takes. */
  readonly refusedAt: string | undefined
}

/** One case per place of the request and hostile value that fits there. */
export const casesOf = (endpoint: ContractEndpoint, example: EndpointRequest): Array<FuzzCase> => {
  const params = encoded(example.params)
  const query = encoded(example.query)
  const hasBody = endpoint.method !== "GET" && endpoint.method !== "DELETE"
  const payload = example.payload ?? {}
  const body = hasBody ? JSON.stringify(payload) : undefined
  const make = (
    where: string,
    hostile: Hostile,
    url: string,
    requestBody: string | undefined,
    field?: { readonly name: string; readonly inUrl: boolean },
  ): FuzzCase => ({
    name: `${endpoint.key} ${where} = ${hostile.label}`,
    key: endpoint.key,
    method: endpoint.method,
    url,
    body: requestBody,
    refusedAt: field && (field.inUrl ? hostile.refusedInUrl : hostile.refused) ? field.name : undefined,
  })
  const cases: Array<FuzzCase> = []
  for (const hostile of HOSTILE) {
    for (const name of Object.keys(params))
      cases.push(
        make(
          `path :${name}`,
          hostile,
          fillPath(endpoint.path, { ...params, [name]: hostile.url }) + queryOf(query),
          body,
          { name, inUrl: true },
        ),
      )
    for (const name of Object.keys(query))
      cases.push(
        make(
          `query ${name}`,
          hostile,
          fillPath(endpoint.path, params) + queryOf({ ...query, [name]: hostile.url }),
          body,
          { name, inUrl: true },
        ),
      )
    for (const leaf of leaves(payload)) {
      const slot = typeof leaf.value === "string" ? "text" : typeof leaf.value === "boolean" ? "none" : "number"
      const fits = slot === hostile.kind
      if (fits && leaf.path.length > 0)
        cases.push(
          make(
            `payload ${leaf.path.join(".")}`,
            hostile,
            fillPath(endpoint.path, params) + queryOf(query),
            bodyWith(payload, leaf.path, hostile),
            { name: String(leaf.path[0]), inUrl: false },
          ),
        )
    }
    // Nothing to put it in: an unknown query parameter (and body field) must be harmless as well.
    if (Object.keys(params).length + Object.keys(query).length + Object.keys(payload).length === 0)
      cases.push(
        make(
          "unknown parameter",
          hostile,
          `${endpoint.path}?fuzz=${hostile.url}`,
          hasBody ? bodyWith({ fuzz: "" }, ["fuzz"], hostile) : undefined,
        ),
      )
  }
  return cases
}

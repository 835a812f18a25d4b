// Sign-ups with a controlled clock: an unverified sign-up lives PENDING_SIGN_UP_DAYS, for a new
// address (with the account it created) and for a known one (alone) alike, so waiting tells a
// stranger nothing either; a verified account outlives its sign-up; and a sign-up left behind by
// an account that has gone makes way for a new registration. Signing in runs as many password
// checks (argon2id, the one thing that takes time) for either address, so timing tells nothing.
import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { Accounts, type Caller } from "../../server/accounts/accounts-service.ts"
import { Auth } from "../../server/accounts/auth-service.ts"
import { Passwords } from "../../server/accounts/passwords-service.ts"
import { ProfileRepo } from "../../server/accounts/profile-repo.ts"
import { SignInBudget } from "../../server/accounts/sign-in-budget.ts"
import { UsersRepo } from "../../server/accounts/users-repo.ts"
import type { OutgoingMail } from "../../server/platform/mail/mail-layout.ts"
import { MailQueue } from "../../server/platform/mail/mail-queue.ts"
import { PENDING_SIGN_UP_DAYS, type RegisterPayload } from "../../src/domain/account/registration.ts"
import { PASSWORD } from "./support/harness.ts"
import { accountsStack } from "./support/layers.ts"

/** How many password verifications sign-in has run (each costs one argon2id). */
class Verifications extends Context.Service<Verifications, { count: number }>()("test/Verifications") {
  static readonly layer = Layer.sync(Verifications, () => ({ count: 0 }))
}

const CountingPasswords = Layer.effect(
  Passwords,
  Effect.gen(function* () {
    const real = Context.get(yield* Layer.build(Passwords.layer), Passwords)
    const log = yield* Verifications
    return Passwords.of({
      ...real,
      verify: (hash, password) => {
        log.count++
        return real.verify(hash, password)
      },
    })
  }),
).pipe(Layer.provideMerge(Verifications.layer))

const sent: Array<OutgoingMail> = []
const Stack = Auth.layer.pipe(
  Layer.provideMerge(CountingPasswords),
  Layer.provideMerge(ProfileRepo.layer),
  Layer.provideMerge(SignInBudget.layer),
  Layer.provideMerge(accountsStack(sent)),
)

const STRANGER_PASSWORD = "quince4tree"
let client = 0
/** Each request from its own client, so no per-client limit plays a part. */
const caller = (): Caller => ({ language: "en", address: `10.7.0.${++client}` })
const payload = (email: string, password = STRANGER_PASSWORD): RegisterPayload => ({
  email,
  firstName: "Someone",
  lastName: "Else",
  password,
  confirmPassword: password,
  termsChecked: true,
  promotional: false,
})

/** What signing in answers: the session, or the failure's tag. */
const signInAs = (email: string, password: string) =>
  Effect.flatMap(Auth, (auth) =>
    auth.login({ email, password, device: { name: "test", place: null } }, caller()).pipe(
      Effect.map(() => "signed in"),
      Effect.catch((error) => Effect.succeed(error._tag)),
    ),
  )

/** Registers and verifies with the mailed code: an owner's account. */
const owner = (email: string) =>
  Effect.gen(function* () {
    const accounts = yield* Accounts
    const { uuid, browserToken } = yield* accounts.register(payload(email, PASSWORD), caller())
    yield* Effect.flatMap(MailQueue, (queue) => queue.deliverDue)
    const mail = sent.filter((m) => m.to === email && m.purpose === "verify-email").at(-1)!
    // In the browser that registered: the password typed there is kept.
    assert.strictEqual(yield* accounts.verifyEmail(uuid, mail.code!, browserToken), "verified")
  })

layer(Stack, { timeout: 120_000 })("sign-ups", (it) => {
  it.effect(`an unverified sign-up goes after ${PENDING_SIGN_UP_DAYS} days, for a new and a known address alike`, () =>
    Effect.gen(function* () {
      const accounts = yield* Accounts
      const users = yield* UsersRepo
      yield* owner("expiry-known@example.com")
      const addresses = ["expiry-new@example.com", "expiry-known@example.com"]
      for (const email of addresses) yield* accounts.register(payload(email), caller())
      const answers = () => Effect.forEach(addresses, (email) => signInAs(email, STRANGER_PASSWORD))
      assert.deepStrictEqual(yield* answers(), ["EmailNotVerified", "EmailNotVerified"])

      yield* TestClock.adjust(`${PENDING_SIGN_UP_DAYS * 24 * 60 - 1} minutes`)
      yield* accounts.purgeExpired
      assert.deepStrictEqual(yield* answers(), ["EmailNotVerified", "EmailNotVerified"])

      yield* TestClock.adjust("1 minute")
      yield* accounts.purgeExpired
      assert.deepStrictEqual(yield* answers(), ["InvalidCredentials", "InvalidCredentials"])
      // The new address's unverified account went with its sign-up; the owner's account stays.
      assert.isTrue(Option.isNone(yield* users.findByEmail("expiry-new@example.com")))
      assert.strictEqual(yield* signInAs("expiry-known@example.com", PASSWORD), "signed in")
      // The new address can be registered afresh.
      yield* accounts.register(payload("expiry-new@example.com"), caller())
      assert.isTrue(Option.isSome(yield* users.findByEmail("expiry-new@example.com")))
    }),
  )

  it.effect("signing in costs the same password checks for a new and a known address with a sign-up", () =>
    Effect.gen(function* () {
      const accounts = yield* Accounts
      const log = yield* Verifications
      yield* owner("cost-known@example.com")
      const addresses = ["cost-new@example.com", "cost-known@example.com"]
      for (const email of addresses) yield* accounts.register(payload(email), caller())
      const costs = (password: string) =>
        Effect.forEach(addresses, (email) =>
          Effect.gen(function* () {
            const before = log.count
            const answer = yield* signInAs(email, password)
            return `${answer} after ${log.count - before} checks`
          }),
        )
      assert.deepStrictEqual(yield* costs(STRANGER_PASSWORD), [
        "EmailNotVerified after 2 checks",
        "EmailNotVerified after 2 checks",
      ])
      assert.deepStrictEqual(yield* costs("wrong7pass"), [
        "InvalidCredentials after 2 checks",
        "InvalidCredentials after 2 checks",
      ])
    }),
  )

  it.effect("a verified account outlives its sign-up", () =>
    Effect.gen(function* () {
      const accounts = yield* Accounts
      yield* owner("kept@example.com")
      yield* TestClock.adjust(`${PENDING_SIGN_UP_DAYS + 1} days`)
      yield* accounts.purgeExpired
      assert.strictEqual(yield* signInAs("kept@example.com", PASSWORD), "signed in")
    }),
  )

  it.effect("registering again while a sign-up waits returns its id and keeps its password", () =>
    Effect.gen(function* () {
      const accounts = yield* Accounts
      const first = yield* accounts.register(payload("again@example.com"), caller())
      const second = yield* accounts.register(payload("again@example.com", "maple5leaf"), caller())
      assert.strictEqual(second.uuid, first.uuid)
      assert.strictEqual(yield* signInAs("again@example.com", "maple5leaf"), "InvalidCredentials")
      assert.strictEqual(yield* signInAs("again@example.com", STRANGER_PASSWORD), "EmailNotVerified")
    }),
  )

  it.effect("a sign-up left by a deleted account makes way for a new registration", () =>
    Effect.gen(function* () {
      const accounts = yield* Accounts
      const users = yield* UsersRepo
      const profiles = yield* ProfileRepo
      const email = "deleted@example.com"
      yield* owner(email)
      const stranger = yield* accounts.register(payload(email), caller())
      const account = Option.getOrThrow(yield* users.findByEmail(email))
      yield* profiles.erase(account.id, email)
      const back = yield* accounts.register(payload(email, PASSWORD), caller())
      assert.notStrictEqual(back.uuid, stranger.uuid)
      const created = Option.getOrThrow(yield* users.findByEmail(email))
      assert.strictEqual(created.uuid, back.uuid)
      assert.isNull(created.email_verified_at)
    }),
  )
})

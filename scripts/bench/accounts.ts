// Bench accounts made the way a person makes one: sign up, follow the link in the e-mail the
// server wrote to its outbox, sign in; a Pro account also pays on the built-in checkout page.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { sleep } from "./util.ts"

export const BENCH_PASSWORD = "lotus7root"

export interface Account {
  readonly email: string
  readonly token: string
  readonly pro: boolean
}

export const jsonPost = (body: unknown, token?: string): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  },
  body: JSON.stringify(body),
})

const verificationLink = async (outbox: string, email: string) => {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const file = existsSync(outbox)
      ? readdirSync(outbox).find((f) => f.includes(email) && f.endsWith(".eml"))
      : undefined
    if (file !== undefined) {
      const mail = readFileSync(join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=")
      const link = /verify-email\?user=[0-9a-f-]+&(?:amp;)?token=([A-Za-z0-9_-]+)/.exec(mail)
      if (link) return link[1]!
    }
    await sleep(50)
  }
  throw new Error(`no verification e-mail for ${email} in ${outbox}`)
}

export const signIn = async (base: string, email: string) => {
  // As an API client: the session token in the answer's body, for Authorization: Bearer.
  const response = await fetch(`${base}/api/login`, jsonPost({ email, password: BENCH_PASSWORD, return_token: true }))
  if (!response.ok) throw new Error(`sign-in as ${email} answered ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

const upgradeToPro = async (base: string, token: string) => {
  const plans = (await (await fetch(`${base}/api/plan-list`)).json()) as Array<{
    prices: Array<{ price_id: string; interval: string }>
  }>
  const price = plans.flatMap((p) => p.prices).find((p) => p.interval === "year") ?? plans[0]?.prices[0]
  if (price === undefined) throw new Error("/api/plan-list lists no price")
  const checkout = await fetch(`${base}/api/stripe-checkout`, jsonPost({ price_id: price.price_id }, token))
  if (!checkout.ok) throw new Error(`/api/stripe-checkout answered ${checkout.status}`)
  const page = new URL(((await checkout.json()) as { data: string }).data)
  const paid = await fetch(`${base}${page.pathname}/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "card=4242",
    redirect: "manual",
  })
  if (paid.status !== 303 || !(paid.headers.get("location") ?? "").includes("/payment-success"))
    throw new Error(`the built-in checkout answered ${paid.status} ${paid.headers.get("location") ?? ""}`)
}

export const createAccount = async (base: string, dataDir: string, email: string, pro: boolean): Promise<Account> => {
  const registered = await fetch(
    `${base}/api/register`,
    jsonPost({
      email,
      firstName: "Ben",
      lastName: "Chmark",
      password: BENCH_PASSWORD,
      confirmPassword: BENCH_PASSWORD,
      termsChecked: true,
      promotional: false,
    }),
  )
  if (!registered.ok) throw new Error(`sign-up of ${email} answered ${registered.status}`)
  const token = await verificationLink(join(dataDir, "outbox"), email)
  const verified = await fetch(`${base}/api/verify-email-link`, jsonPost({ token }))
  if (!verified.ok) throw new Error(`verifying ${email} answered ${verified.status}`)
  const session = await signIn(base, email)
  if (pro) await upgradeToPro(base, session)
  return { email, token: session, pro }
}

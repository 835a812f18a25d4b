// Reports each page a signed-in user visits to the payment prompt, which opens the payment modal
// by itself once after a sign-in when the rule allows (§2); a sign-out resets it. Renders nothing.
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useLocation } from "wouter"
import { billingStateOf } from "../../domain/billing/plans.ts"
import { useAppServices } from "../app-services.tsx"

export const PaymentPrompt = () => {
  const { session, paymentPrompt, now } = useAppServices()
  const [path] = useLocation()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const planId = useSelector(session, (s) => s.context.user?.user_subscription.plan_id ?? null)
  const purchased = useSelector(session, (s) => s.context.user?.purchased_subscription ?? null)
  useEffect(() => {
    if (!signedIn || planId === null || purchased === null) {
      paymentPrompt.send({ type: "session.signedOut" })
      return
    }
    const billing = billingStateOf(
      { user_subscription: { plan_id: planId }, purchased_subscription: purchased },
      session.getSnapshot().context.dashboard,
    )
    paymentPrompt.send({ type: "page.visit", path, billing, now: now() })
  }, [signedIn, planId, purchased, path, paymentPrompt, session, now])
  return null
}

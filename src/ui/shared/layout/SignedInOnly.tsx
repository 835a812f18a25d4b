// The gates by session. Every page for signed-in users: a visitor goes to /login with the address
// they asked for (path and query) as `?next=`, so signing in — by password, after registering and
// verifying, or with a social account — brings them back to it instead of home. The pages for
// signed-out visitors only (signing in, signing up): a signed-in user goes home.
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { Redirect } from "wouter"
import { withReturnPath } from "../../../domain/account/return-path.ts"
import { useAppServices } from "../../app-services.tsx"
import { useHere } from "../page-hooks.ts"

export const SignedInOnly = ({ children }: { readonly children: ReactNode }) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const here = useHere()
  return signedIn ? children : <Redirect to={withReturnPath("/login", here)} replace />
}

export const SignedOutOnly = ({ children }: { readonly children: ReactNode }) => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  return signedIn ? <Redirect to="/" replace /> : children
}

// Re-authentication before the account's keys change: a new e-mail address, a new password and
// deleting the account each ask again who is there — the current password, or, for an account
// without one (made by social sign-in), a four-digit code mailed to its current address. The proof
// travels in the JSON body of the one call it allows (never in a URL) and is good for that call
// only. The server counts every proof with the sign-in attempts: wrong guesses here and at sign-in
// share one budget.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"
import { SignInPassword } from "./password-rules.ts"
import { Code, isCode } from "./verification-code.ts"

/** How an account proves itself: its password, or (when it has none) a code sent to its address. */
export type ReauthMethod = "password" | "code"

export const reauthMethodOf = (passwordAvailable: boolean): ReauthMethod => (passwordAvailable ? "password" : "code")

/** The fields a payload carries its proof in; the account's method says which one it needs. */
export const ReauthProofFields = {
  /** The password as typed: required and bounded (its rules were checked when it was set). */
  current_password: Schema.optionalKey(SignInPassword),
  code: Schema.optionalKey(Code),
}

/** `DELETE api/account/delete` and `POST api/reauthenticate/…`: the proof alone. */
export const ReauthPayload = Schema.Struct(ReauthProofFields)
export type ReauthProof = typeof ReauthPayload.Type

/** The proof field of each method, as the payloads and the server's field errors name it. */
export const PROOF_FIELD = { password: "current_password", code: "code" } as const satisfies Record<
  ReauthMethod,
  keyof ReauthProof
>

/** The field message of a password that is not the account's (the account namespace translates it). */
export const PASSWORD_NOT_CORRECT = "account:validation.oldPasswordWrong"

/** The proof as a payload's fields; the value is sent as typed (a code keeps only its digits). */
export const proofOf = (method: ReauthMethod, value: string): ReauthProof =>
  method === "password" ? { current_password: value } : { code: value.trim() }

/** The proof field's own message before anything is sent, or null when it may be sent. */
export const proofError = (method: ReauthMethod, value: string): string | null => {
  if (value.length === 0) return MessageKey.required
  if (method === "code" && !isCode(value)) return MessageKey.codeFormat
  return null
}

// The forms of signing in and up as a person fills them in, and each one empty: what the flows hold
// from the start. The rules that check them (sign-in-rules.ts, with their Schemas) are a script of
// their own, asked for when the first of these forms shows (`signInRules`).
import { laterRules } from "../shared/later-rules.ts"

export const signInRules = laterRules(() => import("./sign-in-rules.ts").then((module) => module.signInFormRules))

export type LoginForm = { readonly email: string; readonly password: string }
export const EMPTY_LOGIN_FORM: LoginForm = { email: "", password: "" }

export type RegisterForm = {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly password: string
  readonly confirmPassword: string
  readonly termsChecked: boolean
  readonly promotional: boolean
}

export const EMPTY_REGISTER_FORM: RegisterForm = {
  email: "",
  firstName: "",
  lastName: "",
  password: "",
  confirmPassword: "",
  termsChecked: false,
  promotional: false,
}

export type ResetForm = {
  readonly email: string
  readonly code: string
  readonly password: string
  readonly confirmPassword: string
}
export const EMPTY_RESET_FORM: ResetForm = { email: "", code: "", password: "", confirmPassword: "" }

export type ChoosePasswordForm = { readonly password: string; readonly confirmPassword: string }
export const EMPTY_CHOOSE_PASSWORD_FORM: ChoosePasswordForm = { password: "", confirmPassword: "" }

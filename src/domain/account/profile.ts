// The my-profile form of §3 and §5 (account settings): names, e-mail, country, currency, language
// and promotional e-mails, sent to `PUT api/profile-update` and decoded there by the same Schema.
// The options of the selects come from `GET api/currency-country-lang`. A new e-mail address needs
// the account's proof (reauthentication.ts) in the same payload, and is only taken once the
// four-digit code sent to it is confirmed (`PUT api/profile-email-update`).
import { Schema } from "effect"
import { type FieldErrors, MessageKey, type Validated, validate } from "../shared/validation.ts"
import { Email, normalizeEmail } from "./email-rules.ts"
import { FirstName, LastName } from "./name-rules.ts"
import { ReauthProofFields } from "./reauthentication.ts"
import { UserData } from "./user.ts"
import { Code } from "./verification-code.ts"

/** §9: the e-mail availability check's debounce (leading edge first). */
export { EMAIL_CHECK_DEBOUNCE_MS } from "../shared/timing.ts"

export const CountryOption = Schema.Struct({ id: Schema.Number, name: Schema.String, code: Schema.String })
export const CurrencyOption = Schema.Struct({ id: Schema.Number, title: Schema.String, code: Schema.String })
export const LanguageOption = Schema.Struct({ id: Schema.Number, name: Schema.String, lang_code: Schema.String })
export type CountryOption = typeof CountryOption.Type
export type CurrencyOption = typeof CurrencyOption.Type
export type LanguageOption = typeof LanguageOption.Type

/** GET api/currency-country-lang */
export const ProfileOptions = Schema.Struct({
  countries: Schema.Array(CountryOption),
  currencies: Schema.Array(CurrencyOption),
  languages: Schema.Array(LanguageOption),
})
export type ProfileOptions = typeof ProfileOptions.Type

/** The id of an option: a positive whole number (that it exists is the server's check). */
const OptionId = Schema.Number.check(
  Schema.makeFilter((n: number) => Number.isSafeInteger(n) && n > 0, { message: MessageKey.required }),
)

/** Country and currency may stay unchosen: absent or null is stored as none. */
const OptionalOptionId = Schema.optionalKey(Schema.NullOr(OptionId))

export const ProfileUpdatePayload = Schema.Struct({
  email: Email,
  first_name: FirstName,
  last_name: LastName,
  country_id: OptionalOptionId,
  currency_id: OptionalOptionId,
  /** The interface's language is needed: unchosen, it says so. */
  language_id: OptionId.pipe(Schema.annotateKey({ messageMissingKey: MessageKey.languageRequired })),
  promotional_emails: Schema.Boolean,
  /** The proof, needed only when the e-mail changes. */
  ...ReauthProofFields,
})
export type ProfileUpdatePayload = typeof ProfileUpdatePayload.Type

/** The answer of a profile update: the server's message, and whether a code went to a new address. */
export const ProfileUpdateResponse = Schema.Struct({
  message: Schema.String,
  /** The new address waiting for its code, or null when the e-mail did not change. */
  pending_email: Schema.NullOr(Schema.String),
  user: UserData,
})
export type ProfileUpdateResponse = typeof ProfileUpdateResponse.Type

/** GET api/email-change: the new address still waiting for its code, or null. */
export const PendingEmailChange = Schema.Struct({ pending_email: Schema.NullOr(Schema.String) })
export type PendingEmailChange = typeof PendingEmailChange.Type

export const EmailUpdatePayload = Schema.Struct({ email: Email, otp: Code })
export type EmailUpdatePayload = typeof EmailUpdatePayload.Type

export const EmailUpdateResponse = Schema.Struct({ message: Schema.String, user: UserData })
export type EmailUpdateResponse = typeof EmailUpdateResponse.Type

export const EmailValidatePayload = Schema.Struct({
  email: Email,
  uuid: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(64))),
})
export type EmailValidatePayload = typeof EmailValidatePayload.Type
export const EmailValidateResponse = Schema.Struct({ available: Schema.Boolean })

/** The form as typed: selects hold the option's id as text, "" before a choice. */
export type ProfileForm = {
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly country_id: string
  readonly currency_id: string
  readonly language_id: string
  readonly promotional_emails: boolean
}

export const EMPTY_PROFILE_FORM: ProfileForm = {
  email: "",
  first_name: "",
  last_name: "",
  country_id: "",
  currency_id: "",
  language_id: "",
  promotional_emails: false,
}

/** The form filled from the dashboard; the language falls back to the app's own when none is stored. */
export const profileFormOf = (user: UserData, options: ProfileOptions, appLanguage: string): ProfileForm => {
  const language = user.language ?? options.languages.find((l) => l.lang_code === appLanguage) ?? null
  return {
    email: user.user_profile.email,
    first_name: user.user_profile.first_name,
    last_name: user.user_profile.last_name,
    country_id: user.country ? String(user.country.id) : "",
    currency_id: user.currency ? String(user.currency.id) : "",
    language_id: language ? String(language.id) : "",
    promotional_emails: user.user_profile.promotional_emails,
  }
}

const toId = (value: string) => (value.trim() === "" ? null : Number(value))

/** The typed form as the payload: an unchosen country or currency is null, an unchosen language absent. */
export const validateProfileForm = (form: ProfileForm): Validated<ProfileUpdatePayload> => {
  const { language_id, ...rest } = form
  const language = toId(language_id)
  return validate(ProfileUpdatePayload)({
    ...rest,
    country_id: toId(form.country_id),
    currency_id: toId(form.currency_id),
    ...(language === null ? {} : { language_id: language }),
  })
}

/** Whether the typed address differs from the account's (compared as the server stores it). */
export const emailChanged = (typed: string, current: string) => normalizeEmail(typed) !== normalizeEmail(current)

/** The e-mail field's own errors (the availability check runs only on a well-formed new address). */
export const emailFieldError = (form: ProfileForm): string | undefined => {
  const result = validateProfileForm(form)
  return result._tag === "Invalid" ? (result.errors as FieldErrors).email : undefined
}

/** The language code of a language option id, for switching the app's language after a save. */
export const languageCodeOf = (options: ProfileOptions, id: number): string | null =>
  options.languages.find((l) => l.id === id)?.lang_code ?? null

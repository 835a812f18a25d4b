// E-mail verification (§5) and whose password an account keeps. Verifying proves only that the
// mailbox's owner opened the link or typed the code, not that they know the password someone typed
// when registering the address. So a verification keeps the registered password only in the browser
// that registered (the server knows it by an HttpOnly cookie); anywhere else the person chooses their
// own password with the same, still unused link or code, and the registrant's password is gone.
import { Schema } from "effect"
import { boundedText } from "../shared/input-rules.ts"
import { type Validated, validate } from "../shared/validation.ts"
import { confirmationMatches, NewPassword } from "./password-rules.ts"
import { Confirmation, withConfirmation } from "./registration.ts"
import { type ChoosePasswordForm, EMPTY_CHOOSE_PASSWORD_FORM } from "./sign-in-forms.ts"
import { Code, LinkToken } from "./verification-code.ts"

export { type ChoosePasswordForm, EMPTY_CHOOSE_PASSWORD_FORM }

/** How long the browser that registered an address may verify it without typing its password again. */
export const SIGN_UP_BROWSER_HOURS = 24

/**
 * What a verification by link or code answers: done (the registering browser, or an address verified
 * already), or `passwordNeeded`: the link or code is right and still unused, and the person chooses
 * their password with it to finish.
 */
export const VerificationAnswer = Schema.Struct({ message: Schema.String, passwordNeeded: Schema.Boolean })
export type VerificationAnswer = typeof VerificationAnswer.Type

/** The account named in a verification link (`?user=`). */
export const VerificationAccount = boundedText(200)

/** The password step through the mail's link: its token stands in for the address and the code. */
export const ChoosePasswordWithLinkPayload = Schema.Struct({
  token: LinkToken,
  password: NewPassword,
  confirmPassword: Confirmation,
}).check(confirmationMatches("password", "confirmPassword"))
export type ChoosePasswordWithLinkPayload = typeof ChoosePasswordWithLinkPayload.Type

/** The password step with the account and the code from the mail. */
export const ChoosePasswordWithCodePayload = Schema.Struct({
  uuid: VerificationAccount,
  code: Code,
  password: NewPassword,
  confirmPassword: Confirmation,
}).check(confirmationMatches("password", "confirmPassword"))
export type ChoosePasswordWithCodePayload = typeof ChoosePasswordWithCodePayload.Type

export type ChoosePasswordPayload = ChoosePasswordWithLinkPayload | ChoosePasswordWithCodePayload

/** What authorises the password step: the link's token, or the account and the code. */
export type VerificationProof = { readonly token: string } | { readonly uuid: string; readonly code: string }

const withLink = validate(ChoosePasswordWithLinkPayload)
const withCode = validate(ChoosePasswordWithCodePayload)

/** The password step's form with its proof, checked by the Schema the server decodes it with. */
export const validateChoosePasswordForm = (
  form: ChoosePasswordForm,
  proof: VerificationProof,
): Validated<ChoosePasswordPayload> =>
  withConfirmation<ChoosePasswordPayload>(
    "token" in proof ? withLink({ ...form, token: proof.token }) : withCode({ ...form, ...proof }),
    form.password,
    form.confirmPassword,
    "confirmPassword",
  )

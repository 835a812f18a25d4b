// Undoing an e-mail change: when an account's address changes, the replaced address is mailed a
// link with a single-use 128-bit token that, for EMAIL_UNDO_DAYS, restores it. Whoever changed it
// knew the password, so the undo also ends every session and removes the password: the owner sets a
// new one through the password reset, mailed to the restored address. The page's address and the
// mailed link are in email-restore-links.ts.
import { Schema } from "effect"
import { LinkToken } from "./verification-code.ts"

export const EMAIL_UNDO_DAYS = 7

export const EmailRestorePayload = Schema.Struct({ token: LinkToken })
export type EmailRestorePayload = typeof EmailRestorePayload.Type

/** The address the account has again, for the page to name and the password reset to start from. */
export const EmailRestoreResponse = Schema.Struct({ message: Schema.String, email: Schema.String })
export type EmailRestoreResponse = typeof EmailRestoreResponse.Type

// The address of undoing an e-mail change (email-restore.ts): the app's page, and the link the
// replaced address is mailed to reach it.

/** The app page the link opens; it restores only when its owner presses the button (mail scanners open links too). */
export const EMAIL_RESTORE_PATH = "/restore-email"

export const emailRestoreLink = (origin: string, token: string) => `${origin}${EMAIL_RESTORE_PATH}?token=${token}`

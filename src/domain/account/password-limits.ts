// How long a password must and may be (§5; the rules themselves are in password-rules.ts). The
// messages that quote these limits take them from here.

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

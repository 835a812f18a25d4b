// How long a name must and may be (§5; the rules themselves are in name-rules.ts). The messages that
// quote these limits take them from here.

export const FIRST_NAME_MIN_LENGTH = 3
export const LAST_NAME_MIN_LENGTH = 2
export const NAME_MAX_LENGTH = 100

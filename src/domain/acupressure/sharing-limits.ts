// The limits of patient sharing that both sides keep (patient-sharing.ts): how long a patient's
// link lives, how many shares and mails a day, how many videos in one share.

/** A patient's link works this many days from the day it was sent, unless revoked sooner. */
export const SHARE_LINK_DAYS = 30
/** Shares one member may send in 24 hours. */
export const SHARES_PER_MEMBER_PER_DAY = 20
/** Mails one patient address may receive in 24 hours, from all members together. */
export const MAILS_PER_ADDRESS_PER_DAY = 3
/** Most videos in one share. */
export const SHARE_VIDEOS_MAX = 10

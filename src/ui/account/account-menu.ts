// The entries of the header's account menu (§2 "Account menu"), in order. Features add theirs here
// as they land; "logout" is the sign-out, every other id a path. Some entries are for Pro members
// (the others see them with the Pro badge, and the upgrade modal opens instead), some only in English.
import { ACUPRESSURE_VIDEOS_HREF } from "../../domain/acupressure/sharing-links.ts"
import type { SelectableLanguage } from "../../domain/shared/locales.ts"

export interface AccountMenuEntry {
  readonly id: string
  /** Key in the common namespace (the header's words, loaded on every page). */
  readonly label: string
  /** Only Pro members open it; anyone else is offered Pro. */
  readonly pro?: boolean
  /** Offered only when the interface is in English (§2, §6: acupressure videos). */
  readonly englishOnly?: boolean
}

export const ACCOUNT_SETTINGS_HREF = "/account-settings/my-profile"

export const ACCOUNT_MENU: ReadonlyArray<AccountMenuEntry> = [
  { id: ACCOUNT_SETTINGS_HREF, label: "nav.accountSettings" },
  { id: "/account-settings/my-membership", label: "nav.myMembership" },
  { id: "/my-notes", label: "nav.myNotes" },
  { id: "/my-point-groups", label: "browse.myGroups" },
  { id: "/test/scores", label: "nav.myTestScores" },
  { id: "/account-settings/support", label: "nav.support" },
  { id: ACUPRESSURE_VIDEOS_HREF, label: "nav.acupressureVideos", pro: true, englishOnly: true },
  { id: "logout", label: "nav.logout" },
]

/** The entries a user sees in this language, each saying whether it is locked for them. */
export const accountMenuFor = (
  language: SelectableLanguage,
  isPro: boolean,
): ReadonlyArray<AccountMenuEntry & { readonly locked: boolean }> =>
  ACCOUNT_MENU.filter((entry) => !entry.englishOnly || language === "en").map((entry) => ({
    ...entry,
    locked: entry.pro === true && !isPro,
  }))

/** The pages of the account-settings area, in the order of its navigation. */
export const ACCOUNT_SETTINGS_PAGES: ReadonlyArray<{ readonly href: string; readonly label: string }> = [
  { href: ACCOUNT_SETTINGS_HREF, label: "nav.profile" },
  { href: "/account-settings/change-my-password", label: "nav.password" },
  { href: "/account-settings/my-membership", label: "nav.membership" },
  { href: "/account-settings/notes", label: "nav.notes" },
  { href: "/account-settings/tests-settings", label: "nav.testsSettings" },
  { href: "/account-settings/video-settings", label: "nav.videoSettings" },
  { href: "/account-settings/registered-devices", label: "nav.devices" },
  { href: "/account-settings/support", label: "nav.support" },
  { href: "/account-settings/delete-account", label: "nav.delete" },
]

// The entries of the header's account menu (§2 "Account menu"), in order. Features add theirs here
// as they land; "logout" is the sign-out, every other id a path.
export interface AccountMenuEntry {
  readonly id: string
  /** Key in the common namespace (the header's words, loaded on every page). */
  readonly label: string
}

export const ACCOUNT_SETTINGS_HREF = "/account-settings/my-profile"

export const ACCOUNT_MENU: ReadonlyArray<AccountMenuEntry> = [
  { id: ACCOUNT_SETTINGS_HREF, label: "nav.accountSettings" },
  { id: "/account-settings/my-membership", label: "nav.myMembership" },
  { id: "/my-notes", label: "nav.myNotes" },
  { id: "/my-point-groups", label: "browse.myGroups" },
  { id: "/test/scores", label: "nav.myTestScores" },
  { id: "/account-settings/support", label: "nav.support" },
  { id: "logout", label: "nav.logout" },
]

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

// The account-settings pages of §2 under /account-settings/…, for signed-in users only, each inside
// the settings navigation. (my-membership and tests-settings are routed by their own features.)
import { Route, Switch } from "wouter"
import { SignedInOnly } from "../shared/layout/SignedInOnly.tsx"
import { AccountSettingsLayout } from "./AccountSettingsLayout.tsx"
import { ChangePasswordPage } from "./ChangePasswordPage.tsx"
import { DeleteAccountPage } from "./DeleteAccountPage.tsx"
import { DevicesPage } from "./DevicesPage.tsx"
import { NotesSettingsPage } from "./NotesSettingsPage.tsx"
import { ProfilePage } from "./ProfilePage.tsx"
import { VideoSettingsPage } from "./VideoSettingsPage.tsx"

export const AccountSettingsRoutes = () => (
  <SignedInOnly>
    <AccountSettingsLayout>
      <Switch>
        <Route path="/account-settings/my-profile">
          <ProfilePage />
        </Route>
        <Route path="/account-settings/change-my-password">
          <ChangePasswordPage />
        </Route>
        <Route path="/account-settings/registered-devices">
          <DevicesPage />
        </Route>
        <Route path="/account-settings/delete-account">
          <DeleteAccountPage />
        </Route>
        <Route path="/account-settings/notes">
          <NotesSettingsPage />
        </Route>
        <Route path="/account-settings/video-settings">
          <VideoSettingsPage />
        </Route>
      </Switch>
    </AccountSettingsLayout>
  </SignedInOnly>
)

// The account-settings pages of §2 under /account-settings/…, for signed-in users only, each inside
// the settings navigation. (my-membership and tests-settings are routed by their own features.)
import { useSelector } from "@xstate/react"
import { Redirect, Route, Switch, useLocation } from "wouter"
import { withReturnPath } from "../../domain/account/return-path.ts"
import { useAppServices } from "../app-services.tsx"
import { AccountSettingsLayout } from "./AccountSettingsLayout.tsx"
import { ChangePasswordPage } from "./ChangePasswordPage.tsx"
import { DeleteAccountPage } from "./DeleteAccountPage.tsx"
import { DevicesPage } from "./DevicesPage.tsx"
import { NotesSettingsPage } from "./NotesSettingsPage.tsx"
import { ProfilePage } from "./ProfilePage.tsx"

export const AccountSettingsRoutes = () => {
  const { session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const [location] = useLocation()
  if (!signedIn) return <Redirect to={withReturnPath("/login", location)} replace />
  return (
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
      </Switch>
    </AccountSettingsLayout>
  )
}
